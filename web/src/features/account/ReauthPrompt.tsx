import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../../contract/accounts";
import { buttonClass } from "../../components/ui/Button";
import { FormError } from "../../components/ui/FormError";
import { isApiError } from "../../lib/api";
import { useAuthProvidersQuery } from "../auth/api";

/**
 * The server refuses an account without a password a sensitive change (its email, a first password) unless its
 * session comes from a provider sign-in of the last minutes: a 403 for exactly that user.
 */
export const needsFreshSignIn = (user: PublicUser, error: unknown) =>
  !user.hasPassword && isApiError(error) && error.code === "FORBIDDEN";

/** That refusal, with the way out: sign in again with the provider, coming back to `returnTo`. */
export function ReauthPrompt({ message, returnTo }: { message: string; returnTo: string }) {
  const { t } = useTranslation();
  const provider = useAuthProvidersQuery().data?.oidc?.name;
  return (
    <div>
      <FormError message={message} />
      {provider ? (
        <a
          href={`/auth?returnTo=${encodeURIComponent(returnTo)}`}
          className={buttonClass("secondary", "mt-3")}
        >
          {t("account.reauth.button", { provider })}
        </a>
      ) : null}
    </div>
  );
}
