import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import type { PublicUser } from "../../../../contract/accounts";
import { Button } from "../../components/ui/Button";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/toast-store";
import { errorMessageOf, fieldErrorsOf } from "../../lib/form-errors";
import { ResendVerification } from "../auth/ResendVerification";
import { useAuthProviders } from "../auth/use-auth-providers";
import { AccountCard } from "./AccountCard";
import { needsFreshSignIn, ReauthPrompt } from "./ReauthPrompt";
import { type UserChanges, useUpdateUser } from "./use-update-user";

/** In the order the form shows them, so the first error gets the focus. */
const FIELDS = ["username", "email", "currentPassword", "pictureUrl"] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ProfileForm({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const provider = useAuthProviders().data?.oidc?.name;
  // Back from signing in again with the provider: the address the person was changing to.
  const returnedEmail = new URLSearchParams(useSearch()).get("email");
  const [values, setValues] = useState<Record<Field, string>>({
    username: user.username,
    email: returnedEmail ?? user.email,
    currentPassword: "",
    pictureUrl: user.pictureUrl ?? "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  /** The server's answer when this session is too old to change the email of an account without a password. */
  const [reauthError, setReauthError] = useState<string | null>(null);
  const refs = {
    username: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    currentPassword: useRef<HTMLInputElement>(null),
    pictureUrl: useRef<HTMLInputElement>(null),
  };
  const emailChanging = values.email.trim().toLowerCase() !== user.email.toLowerCase();

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    if (field === "email") setReauthError(null);
    setNotice(null);
  };

  function focusFirst(found: Errors) {
    const first = FIELDS.find((field) => found[field]);
    if (first) refs[first].current?.focus();
    return first !== undefined;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    setFormError(null);
    const username = values.username.trim();
    const email = values.email.trim();
    const pictureUrl = values.pictureUrl.trim();
    const next: Errors = {};
    if (!username) next.username = t("signup.usernameRequired");
    if (!email) next.email = t("forms.emailRequired");
    else if (!EMAIL_SHAPE.test(email)) next.email = t("forms.emailInvalid");
    if (emailChanging && user.hasPassword && !values.currentPassword) {
      next.currentPassword = t("account.profile.currentPasswordRequired");
    }
    if (pictureUrl && !/^https:\/\//i.test(pictureUrl)) next.pictureUrl = t("account.profile.pictureHttps");
    setErrors(next);
    if (focusFirst(next)) return;

    const changes: UserChanges = {};
    if (username !== user.username) changes.username = username;
    if (email.toLowerCase() !== user.email.toLowerCase()) {
      changes.email = email;
      if (user.hasPassword) changes.currentPassword = values.currentPassword;
    }
    if (pictureUrl !== (user.pictureUrl ?? "")) changes.pictureUrl = pictureUrl === "" ? null : pictureUrl;
    if (Object.keys(changes).length === 0) {
      setNotice(t("account.profile.noChanges"));
      return;
    }
    setReauthError(null);
    update.mutate(changes, {
      onSuccess: (updated) => {
        setValues({
          username: updated.username,
          email: updated.email,
          currentPassword: "",
          pictureUrl: updated.pictureUrl ?? "",
        });
        const message =
          changes.email !== undefined
            ? t("account.profile.savedEmail", { email: updated.email })
            : t("account.profile.saved");
        setNotice(message);
        toast({ title: t("account.toast.saved"), description: message });
      },
      onError: (error) => {
        const byField = fieldErrorsOf(error, FIELDS);
        setErrors(byField);
        if (needsFreshSignIn(user, error)) {
          setReauthError(errorMessageOf(error, t("account.profile.failed")));
        } else if (!focusFirst(byField)) setFormError(t("account.profile.failed"));
        toast({
          title: t("account.toast.errorTitle"),
          description: t("account.profile.failed"),
          variant: "destructive",
        });
      },
    });
  }

  return (
    <AccountCard title={t("account.profile.title")} description={t("account.profile.intro")}>
      <div className="mb-5 flex items-center gap-4">
        {user.pictureUrl ? (
          <img
            src={user.pictureUrl}
            alt={t("account.profile.pictureAlt")}
            referrerPolicy="no-referrer"
            className="h-16 w-16 shrink-0 rounded-full border border-slate-300 object-cover dark:border-night-700"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-violet-100 text-2xl font-semibold text-violet-900 dark:bg-night-700 dark:text-moon-300"
          >
            {user.username.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900 dark:text-slate-100">{user.username}</p>
          <p className="text-sm text-slate-700 dark:text-slate-200">
            <span className="break-all">{user.email}</span>{" "}
            <span
              className={
                user.emailVerified
                  ? "whitespace-nowrap font-medium text-emerald-800 dark:text-emerald-300"
                  : "whitespace-nowrap font-medium text-amber-800 dark:text-star-300"
              }
            >
              (
              {user.emailVerified ? t("account.profile.emailVerified") : t("account.profile.emailUnverified")}
              )
            </span>
          </p>
        </div>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={update.isPending}>
        <TextField
          ref={refs.username}
          label={t("account.profile.username")}
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
          label={t("account.profile.email")}
          description={t("account.profile.emailChangeHint")}
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
        {emailChanging && user.hasPassword ? (
          <TextField
            ref={refs.currentPassword}
            label={t("account.profile.currentPassword")}
            description={t("account.profile.currentPasswordHint")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onChange={set("currentPassword")}
            error={errors.currentPassword}
          />
        ) : null}
        {emailChanging && !user.hasPassword && provider && !reauthError ? (
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {t("account.reauth.emailHint", { provider })}
          </p>
        ) : null}
        {reauthError ? (
          // Back here after the provider's sign-in, with the new address filled in again.
          <ReauthPrompt
            message={reauthError}
            returnTo={`/account?email=${encodeURIComponent(values.email.trim())}`}
          />
        ) : null}
        <TextField
          ref={refs.pictureUrl}
          label={t("account.profile.pictureUrl")}
          labelHint={t("forms.optional")}
          description={t("account.profile.pictureHint")}
          name="pictureUrl"
          type="url"
          inputMode="url"
          autoComplete="photo"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://"
          maxLength={2048}
          value={values.pictureUrl}
          onChange={set("pictureUrl")}
          error={errors.pictureUrl}
        />
        <FormError message={formError} />
        <FormNotice>{notice}</FormNotice>
        <div>
          <Button type="submit" pending={update.isPending} pendingLabel={t("forms.saving")}>
            {t("account.profile.save")}
          </Button>
        </div>
      </form>
      {user.emailVerified ? null : (
        <div className="mt-6 border-t border-slate-200 pt-4 dark:border-night-700">
          <p className="mb-3 text-slate-700 dark:text-slate-200">{t("account.profile.unverifiedHelp")}</p>
          <ResendVerification />
        </div>
      )}
    </AccountCard>
  );
}
