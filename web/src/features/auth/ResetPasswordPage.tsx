import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { Button, buttonClass } from "../../components/ui/Button";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { TextField } from "../../components/ui/TextField";
import { apiRequest } from "../../lib/api";
import { errorMessageOf, fieldErrorsOf } from "../../lib/form-errors";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../lib/password-strength";
import { AuthPageShell, textLinkClass } from "./AuthPageShell";
import { useAuth } from "./auth-context";
import { PasswordStrengthHint } from "./PasswordStrengthHint";

interface Errors {
  password?: string;
  confirm?: string;
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { refreshUser } = useAuth();
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  const mutation = useMutation({
    mutationFn: (newPassword: string) =>
      apiRequest("POST", "/api/password/reset", { token, password: newPassword }),
    // The server ended every session of the account, this browser's included.
    onSuccess: () => refreshUser(),
    onError: (error) => {
      const field = fieldErrorsOf(error, ["password"] as const).password;
      if (field) {
        setErrors({ password: field });
        passwordRef.current?.focus();
      }
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const next: Errors = {};
    if (!password) next.password = t("login.passwordRequired");
    else if (password.length < PASSWORD_MIN)
      next.password = t("forms.passwordTooShort", { min: PASSWORD_MIN });
    else if (password.length > PASSWORD_MAX)
      next.password = t("forms.passwordTooLong", { max: PASSWORD_MAX });
    if (!next.password && confirm !== password) next.confirm = t("forms.passwordsDontMatch");
    setErrors(next);
    if (next.password) return passwordRef.current?.focus();
    if (next.confirm) return confirmRef.current?.focus();
    mutation.mutate(password);
  }

  const back = (
    <Link href="/login" className={textLinkClass}>
      {t("passwordReset.backToLogin")}
    </Link>
  );

  if (!token) {
    return (
      <AuthPageShell title={t("passwordReset.reset.title")} footer={back}>
        <FormError message={t("passwordReset.reset.missingToken")} />
        <Link href="/forgot-password" className={buttonClass("primary", "mt-4 w-full")}>
          {t("passwordReset.reset.requestNew")}
        </Link>
      </AuthPageShell>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthPageShell title={t("passwordReset.reset.title")}>
        <FormNotice>{t("passwordReset.reset.success")}</FormNotice>
        <Link href="/login" className={buttonClass("primary", "mt-4 w-full")}>
          {t("passwordReset.reset.login")}
        </Link>
      </AuthPageShell>
    );
  }

  const generalError =
    mutation.isError && !fieldErrorsOf(mutation.error, ["password"] as const).password
      ? errorMessageOf(mutation.error, t("forms.genericError"))
      : null;

  return (
    <AuthPageShell
      title={t("passwordReset.reset.title")}
      intro={t("passwordReset.reset.intro")}
      footer={back}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={mutation.isPending}>
        <TextField
          ref={passwordRef}
          label={t("passwordReset.reset.password")}
          description={<PasswordStrengthHint password={password} />}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (errors.password) setErrors((current) => ({ ...current, password: undefined }));
          }}
          error={errors.password}
        />
        <TextField
          ref={confirmRef}
          label={t("passwordReset.reset.confirm")}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => {
            setConfirm(event.target.value);
            if (errors.confirm) setErrors((current) => ({ ...current, confirm: undefined }));
          }}
          error={errors.confirm}
        />
        {generalError ? (
          <div className="flex flex-col gap-2">
            <FormError message={generalError} />
            <Link href="/forgot-password" className={textLinkClass}>
              {t("passwordReset.reset.requestNew")}
            </Link>
          </div>
        ) : null}
        <Button
          type="submit"
          fullWidth
          pending={mutation.isPending}
          pendingLabel={t("passwordReset.reset.submitting")}
        >
          {t("passwordReset.reset.submit")}
        </Button>
      </form>
    </AuthPageShell>
  );
}
