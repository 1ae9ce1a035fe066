import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { buttonClass } from "../../components/ui/Button";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { apiRequest } from "../../lib/api";
import { errorMessageOf } from "../../lib/form-errors";
import { AuthPageShell, StatusLine } from "./AuthPageShell";
import { useAuth } from "./auth-context";
import { ResendVerification } from "./ResendVerification";

export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const { user, refreshUser } = useAuth();
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const sent = useRef(false);

  const mutation = useMutation({
    mutationFn: (value: string) => apiRequest("POST", "/api/email-verification/verify", { token: value }),
    onSuccess: () => refreshUser(),
  });
  const { mutate } = mutation;

  // The link works once: post it exactly once, even when React mounts the page twice in development.
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

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
