import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { buttonClass } from "../../components/ui/Button";
import { FormError } from "../../components/ui/FormError";
import {
  Form,
  FormTextField,
  PasswordField,
  requiredText,
  SubmitRow,
  useForm,
} from "../../components/ui/form";
import { AuthPageShell, textLinkClass } from "./AuthPageShell";
import { useAuthProvidersQuery } from "./api";
import { useAuth } from "./auth-context";
import { useReturnTo } from "./return-to";

const OIDC_ERRORS = [
  "oidc_failed",
  "oidc_email_unverified",
  "oidc_account_unverified",
  "oidc_unavailable",
] as const;
type OidcError = (typeof OIDC_ERRORS)[number];
const isOidcError = (value: string | null): value is OidcError =>
  (OIDC_ERRORS as readonly (string | null)[]).includes(value);

export default function LoginPage() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [, navigate] = useLocation();
  const returnTo = useReturnTo();
  const search = useSearch();
  const providers = useAuthProvidersQuery();
  const form = useForm({ defaultValues: { username: "", password: "" } });

  const oidcError = new URLSearchParams(search).get("error");
  const provider = providers.data?.oidc?.name;

  async function submit(values: { username: string; password: string }) {
    await login(values.username.trim(), values.password);
    navigate(returnTo);
  }

  return (
    <AuthPageShell
      title={t("login.title")}
      intro={t("login.intro")}
      footer={
        <p>
          {t("login.noAccount")}{" "}
          <Link href="/signup" className={textLinkClass}>
            {t("login.signupLink")}
          </Link>
        </p>
      }
    >
      {isOidcError(oidcError) ? (
        <FormError className="mb-4" message={t(`login.errors.${oidcError}`)} />
      ) : null}
      <Form form={form} onSubmit={submit} serverErrors={{ fallback: t("forms.genericError") }}>
        <FormTextField
          label={t("login.username")}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          rules={{ validate: requiredText(t("login.usernameRequired")) }}
        />
        <PasswordField label={t("login.password")} name="password" />
        <div className="-mt-2 flex justify-end">
          <Link href="/forgot-password" className={textLinkClass}>
            {t("login.forgot")}
          </Link>
        </div>
        <SubmitRow layout="full" pendingLabel={t("login.submitting")}>
          {t("login.submit")}
        </SubmitRow>
      </Form>
      {provider ? (
        <>
          <div className="my-5 flex items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
            <span aria-hidden="true" className="h-px flex-1 bg-slate-300 dark:bg-night-700" />
            {t("login.or")}
            <span aria-hidden="true" className="h-px flex-1 bg-slate-300 dark:bg-night-700" />
          </div>
          {/* A full page navigation: the server runs the OpenID Connect redirect. */}
          <a href="/auth" className={buttonClass("secondary", "w-full")}>
            {t("login.continueWith", { provider })}
          </a>
        </>
      ) : null}
    </AuthPageShell>
  );
}
