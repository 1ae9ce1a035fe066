import { useTranslation } from "react-i18next";
import { DREAMS_NS } from "../../../lib/i18n";
import { useAuth } from "../../auth/auth-context";
import { useWaitingDreams } from "./use-waiting-dreams";

/**
 * "2 dreams waiting to sync": the signed-in user's dreams kept on this device. The live region is always there,
 * so the count is announced when it appears and when it changes.
 */
export function WaitingDreams() {
  const { t } = useTranslation(DREAMS_NS);
  const { user } = useAuth();
  const count = useWaitingDreams(user?.id ?? null);
  return (
    <div role="status" className="self-center">
      {count > 0 ? (
        <p className="rounded-full border border-amber-400/60 bg-amber-50 px-3 py-1 text-sm text-amber-900 dark:bg-night-800 dark:text-star-300">
          {t("outbox.waiting", { count })}
          <span className="sr-only"> {t("outbox.hint")}</span>
        </p>
      ) : null}
    </div>
  );
}
