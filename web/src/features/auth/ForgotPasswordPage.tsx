import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "../../components/ui/Button";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { TextField } from "../../components/ui/TextField";
import { apiRequest } from "../../lib/api";
import { errorMessageOf, fieldErrorsOf } from "../../lib/form-errors";
import { AuthPageShell, textLinkClass } from "./AuthPageShell";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const mutation = useMutation({
    mutationFn: (address: string) => apiRequest("POST", "/api/password/forgot", { email: address }),
    onError: (error) => {
      const field = fieldErrorsOf(error, ["email"] as const).email;
      if (field) {
        setEmailError(field);
        inputRef.current?.focus();
      }
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const address = email.trim();
    const problem = !address
      ? t("forms.emailRequired")
      : EMAIL_SHAPE.test(address)
        ? null
        : t("forms.emailInvalid");
    setEmailError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    mutation.mutate(address);
  }

  const generalError =
    mutation.isError && !fieldErrorsOf(mutation.error, ["email"] as const).email
      ? errorMessageOf(mutation.error, t("forms.genericError"))
      : null;

  return (
    <AuthPageShell
      title={t("passwordReset.forgot.title")}
      intro={mutation.isSuccess ? undefined : t("passwordReset.forgot.intro")}
      footer={
        <Link href="/login" className={textLinkClass}>
          {t("passwordReset.backToLogin")}
        </Link>
      }
    >
      {/* The same confirmation whether or not the address has an account. */}
      <FormNotice>{mutation.isSuccess ? t("passwordReset.forgot.sent") : null}</FormNotice>
      {mutation.isSuccess ? null : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={mutation.isPending}>
          <TextField
            ref={inputRef}
            label={t("passwordReset.forgot.email")}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (emailError) setEmailError(null);
            }}
            error={emailError}
          />
          <FormError message={generalError} />
          <Button type="submit" fullWidth pending={mutation.isPending} pendingLabel={t("forms.sending")}>
            {t("passwordReset.forgot.submit")}
          </Button>
        </form>
      )}
    </AuthPageShell>
  );
}
