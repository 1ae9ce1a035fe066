import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { Button, buttonClass } from "../../components/ui/Button";
import { FormError } from "../../components/ui/FormError";
import { TextField } from "../../components/ui/TextField";
import { errorMessageOf } from "../../lib/form-errors";
import { AuthPageShell, textLinkClass } from "./AuthPageShell";
import { useAuth } from "./auth-context";
import { useAuthProviders } from "./use-auth-providers";

const OIDC_ERRORS = [
  "oidc_failed",
  "oidc_email_unverified",
  "oidc_account_unverified",
  "oidc_unavailable",
] as const;
type OidcError = (typeof OIDC_ERRORS)[number];
const isOidcError = (value: string | null): value is OidcError =>
  (OIDC_ERRORS as readonly (string | null)[]).includes(value);

interface LoginErrors {
  username?: string;
  password?: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [, navigate] = useLocation();
  const search = useSearch();
  const providers = useAuthProviders();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<LoginErrors>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const oidcError = new URLSearchParams(search).get("error");
  const provider = providers.data?.oidc?.name;

  const mutation = useMutation({
    mutationFn: (input: { username: string; password: string }) => login(input.username, input.password),
    onSuccess: () => navigate("/dream-input"),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const next: LoginErrors = {};
    if (!username.trim()) next.username = t("login.usernameRequired");
    if (!password) next.password = t("login.passwordRequired");
    setErrors(next);
    if (next.username) return usernameRef.current?.focus();
    if (next.password) return passwordRef.current?.focus();
    mutation.mutate({ username: username.trim(), password });
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
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={mutation.isPending}>
        <TextField
          ref={usernameRef}
          label={t("login.username")}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            if (errors.username) setErrors((current) => ({ ...current, username: undefined }));
          }}
          error={errors.username}
        />
        <TextField
          ref={passwordRef}
          label={t("login.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (errors.password) setErrors((current) => ({ ...current, password: undefined }));
          }}
          error={errors.password}
        />
        <div className="-mt-2 flex justify-end">
          <Link href="/forgot-password" className={textLinkClass}>
            {t("login.forgot")}
          </Link>
        </div>
        <FormError
          message={mutation.isError ? errorMessageOf(mutation.error, t("forms.genericError")) : null}
        />
        <Button type="submit" fullWidth pending={mutation.isPending} pendingLabel={t("login.submitting")}>
          {t("login.submit")}
        </Button>
      </form>
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
