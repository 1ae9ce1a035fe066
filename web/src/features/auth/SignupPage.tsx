import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { REFERRAL_CODE_MAX, USERNAME_MAX } from "../../../../contract/account-rules";
import {
  EmailField,
  Form,
  FormTextField,
  PasswordField,
  SubmitRow,
  UsernameField,
  useForm,
} from "../../components/ui/form";
import { TaggedText } from "../../components/ui/TaggedText";
import { storedReferralCode } from "../../lib/referral-redirect";
import { browserTimeZone } from "../account/time-zones";
import { AuthPageShell, textLinkClass } from "./AuthPageShell";
import { useAuth } from "./auth-context";

interface SignupValues {
  username: string;
  email: string;
  password: string;
  referralCode: string;
}

const agreementLinkClass = "underline underline-offset-4 text-violet-800 dark:text-moon-300";

export default function SignupPage() {
  const { t, i18n } = useTranslation();
  const { register } = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  const form = useForm<SignupValues>({
    defaultValues: { username: "", email: "", password: "", referralCode: storedReferralCode(search) ?? "" },
  });

  async function submit(values: SignupValues) {
    const referralCode = values.referralCode.trim();
    const outcome = await register({
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
      ...(referralCode ? { referralCode } : {}),
      language: i18n.resolvedLanguage === "es" ? "es" : "en",
      timezone: browserTimeZone(),
    });
    navigate(
      outcome.requiresVerification
        ? `/verification-required/${encodeURIComponent(outcome.email)}`
        : "/dream-input",
    );
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
      <Form form={form} onSubmit={submit} serverErrors={{ fallback: t("auth.registrationFailed") }}>
        <UsernameField
          name="username"
          label={t("signup.username")}
          description={t("signup.usernameHint")}
          maxLength={USERNAME_MAX}
        />
        <EmailField name="email" label={t("signup.email")} />
        <PasswordField name="password" label={t("signup.password")} isNew />
        <FormTextField
          name="referralCode"
          label={t("signup.referralCode")}
          labelHint={t("forms.optional")}
          description={t("signup.referralHint")}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={REFERRAL_CODE_MAX}
        />
        <p className="text-sm text-slate-700 dark:text-slate-200">
          <TaggedText
            text={t("signup.agreement")}
            components={{
              terms: <Link href="/terms-of-service" className={agreementLinkClass} />,
              privacy: <Link href="/privacy-policy" className={agreementLinkClass} />,
            }}
          />
        </p>
        <SubmitRow layout="full" pendingLabel={t("signup.submitting")}>
          {t("signup.submit")}
        </SubmitRow>
      </Form>
    </AuthPageShell>
  );
}
