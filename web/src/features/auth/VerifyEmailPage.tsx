import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { buttonClass } from "../../components/ui/Button";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { errorMessageOf } from "../../components/ui/form/server-errors";
import { AuthPageShell, StatusLine } from "./AuthPageShell";
import { useAuth } from "./auth-context";
import { ResendVerification } from "./ResendVerification";
import { useMailedLink } from "./use-mailed-link";

export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { token, mutation } = useMailedLink("/api/email-verification/verify");

  const title = t("verification.verify.title");
  if (!token) {
    return (
      <AuthPageShell title={title}>
        <FormError message={t("verification.verify.missingToken")} />
        <h2 className="mt-6 mb-3 text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t("verification.verify.resendTitle")}
        </h2>
        <ResendVerification />
      </AuthPageShell>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthPageShell title={title}>
        <FormNotice>{t("verification.verify.success")}</FormNotice>
        <Link href={user ? "/dream-input" : "/login"} className={buttonClass("primary", "mt-4 w-full")}>
          {user ? t("verification.verify.continue") : t("verification.verify.login")}
        </Link>
      </AuthPageShell>
    );
  }

  if (mutation.isError) {
    return (
      <AuthPageShell title={title}>
        <FormError
          message={
            <>
              <strong className="block font-semibold">{t("verification.verify.failed")}</strong>
              {errorMessageOf(mutation.error, "")}
            </>
          }
        />
        <h2 className="mt-6 mb-3 text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t("verification.verify.resendTitle")}
        </h2>
        <ResendVerification />
      </AuthPageShell>
    );
  }

  return (
    <AuthPageShell title={title}>
      <StatusLine message={t("verification.verify.verifying")} />
    </AuthPageShell>
  );
}
