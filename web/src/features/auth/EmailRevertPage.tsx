import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonClass } from "../../components/ui/Button";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { errorMessageOf } from "../../components/ui/form/server-errors";
import { AuthPageShell, StatusLine, textLinkClass } from "./AuthPageShell";
import { useMailedLink } from "./use-mailed-link";

/**
 * /email-revert?token=: the link mailed to the address an account just left. It puts that address back and
 * signs every session out (this browser's too); the person then chooses a new password through a reset.
 */
export default function EmailRevertPage() {
  const { t } = useTranslation();
  const { token, mutation } = useMailedLink("/api/user/email/revert");

  const title = t("emailRevert.title");
  const toLogin = (
    <Link href="/login" className={textLinkClass}>
      {t("passwordReset.backToLogin")}
    </Link>
  );

  if (!token) {
    return (
      <AuthPageShell title={title} footer={toLogin}>
        <FormError message={t("emailRevert.missingToken")} />
      </AuthPageShell>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthPageShell title={title}>
        <FormNotice>{t("emailRevert.success")}</FormNotice>
        <Link href="/forgot-password" className={buttonClass("primary", "mt-4 w-full")}>
          {t("emailRevert.choosePassword")}
        </Link>
      </AuthPageShell>
    );
  }

  if (mutation.isError) {
    return (
      <AuthPageShell title={title} footer={toLogin}>
        <FormError
          message={
            <>
              <strong className="block font-semibold">{t("emailRevert.failed")}</strong>
              {errorMessageOf(mutation.error, "")}
            </>
          }
        />
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell title={title}>
      <StatusLine message={t("emailRevert.restoring")} />
    </AuthPageShell>
  );
}
