import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "../../components/ui/Button";
import { FormError } from "../../components/ui/FormError";
import { TaggedText } from "../../components/ui/TaggedText";
import { TextField } from "../../components/ui/TextField";
import { errorMessageOf, fieldErrorsOf, fieldIssuesOf } from "../../lib/form-errors";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../lib/password-strength";
import { storedReferralCode } from "../../lib/referral-redirect";
import { browserTimeZone } from "../account/time-zones";
import { AuthPageShell, textLinkClass } from "./AuthPageShell";
import { type SignupInput, useAuth } from "./auth-context";
import { PasswordStrengthHint } from "./PasswordStrengthHint";

const FIELDS = ["username", "email", "password", "referralCode"] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function SignupPage() {
  const { t, i18n } = useTranslation();
  const { register } = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    username: "",
    email: "",
    password: "",
    referralCode: storedReferralCode(search) ?? "",
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const refs = {
    username: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    referralCode: useRef<HTMLInputElement>(null),
  };

  const mutation = useMutation({
    mutationFn: (input: SignupInput) => register(input),
    onSuccess: (outcome) => {
      if (outcome.requiresVerification) {
        navigate(`/verification-required/${encodeURIComponent(outcome.email)}`);
      } else {
        navigate("/dream-input");
      }
    },
    onError: (error) => {
      const byField = fieldErrorsOf(error, FIELDS);
      setErrors(byField);
      const first = FIELDS.find((field) => byField[field]);
      if (first) refs[first].current?.focus();
      // Problems the form cannot place next to a field are shown above the button.
      const placed = fieldIssuesOf(error).length > 0 && first !== undefined;
      setFormError(placed ? null : errorMessageOf(error, t("auth.registrationFailed")));
    },
  });

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function validate(): Errors {
    const next: Errors = {};
    if (!values.username.trim()) next.username = t("signup.usernameRequired");
    if (!values.email.trim()) next.email = t("forms.emailRequired");
    else if (!EMAIL_SHAPE.test(values.email.trim())) next.email = t("forms.emailInvalid");
    if (!values.password) next.password = t("login.passwordRequired");
    else if (values.password.length < PASSWORD_MIN)
      next.password = t("forms.passwordTooShort", { min: PASSWORD_MIN });
    else if (values.password.length > PASSWORD_MAX)
      next.password = t("forms.passwordTooLong", { max: PASSWORD_MAX });
    return next;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const next = validate();
    setErrors(next);
    setFormError(null);
    const first = FIELDS.find((field) => next[field]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    const referralCode = values.referralCode.trim();
    mutation.mutate({
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
      ...(referralCode ? { referralCode } : {}),
      language: i18n.resolvedLanguage === "es" ? "es" : "en",
      timezone: browserTimeZone(),
    });
  }

  return (
    <AuthPageShell
      title={t("signup.title")}
      intro={t("signup.intro")}
      footer={
        <p>
          {t("signup.haveAccount")}{" "}
          <Link href="/login" className={textLinkClass}>
            {t("signup.loginLink")}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={mutation.isPending}>
        <TextField
          ref={refs.username}
          label={t("signup.username")}
          description={t("signup.usernameHint")}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={30}
          value={values.username}
          onChange={set("username")}
          error={errors.username}
        />
        <TextField
          ref={refs.email}
          label={t("signup.email")}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={values.email}
          onChange={set("email")}
          error={errors.email}
        />
        <TextField
          ref={refs.password}
          label={t("signup.password")}
          description={<PasswordStrengthHint password={values.password} />}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={set("password")}
          error={errors.password}
        />
        <TextField
          ref={refs.referralCode}
          label={t("signup.referralCode")}
          labelHint={t("forms.optional")}
          description={t("signup.referralHint")}
          name="referralCode"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          value={values.referralCode}
          onChange={set("referralCode")}
          error={errors.referralCode}
        />
        <p className="text-sm text-slate-700 dark:text-slate-200">
          <TaggedText
            text={t("signup.agreement")}
            components={{
              terms: (
                <Link
                  href="/terms-of-service"
                  className="underline underline-offset-4 text-violet-800 dark:text-moon-300"
                />
              ),
              privacy: (
                <Link
                  href="/privacy-policy"
                  className="underline underline-offset-4 text-violet-800 dark:text-moon-300"
                />
              ),
            }}
          />
        </p>
        <FormError message={formError} />
        <Button type="submit" fullWidth pending={mutation.isPending} pendingLabel={t("signup.submitting")}>
          {t("signup.submit")}
        </Button>
      </form>
    </AuthPageShell>
  );
}
