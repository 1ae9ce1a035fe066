import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { HTTPS_URL, PICTURE_URL_MAX, USERNAME_MAX } from "../../../../contract/account-rules";
import type { PublicUser } from "../../../../contract/accounts";
import {
  EmailField,
  errorMessageOf,
  Form,
  FormTextField,
  PasswordField,
  requiredText,
  SubmitRow,
  UsernameField,
  useForm,
} from "../../components/ui/form";
import { toast } from "../../components/ui/toast-store";
import { useAuthProvidersQuery } from "../auth/api";
import { ResendVerification } from "../auth/ResendVerification";
import { AccountCard, useErrorToast } from "./AccountCard";
import { type UserChanges, useUpdateUserMutation } from "./api";
import { needsFreshSignIn, ReauthPrompt } from "./ReauthPrompt";

interface ProfileValues {
  username: string;
  email: string;
  currentPassword?: string;
  pictureUrl: string;
}

const valuesOf = (user: PublicUser, email = user.email): ProfileValues => ({
  username: user.username,
  email,
  currentPassword: "",
  pictureUrl: user.pictureUrl ?? "",
});

export function ProfileForm({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const update = useUpdateUserMutation();
  const errorToast = useErrorToast();
  const provider = useAuthProvidersQuery().data?.oidc?.name;
  // Back from signing in again with the provider: the address the person was changing to.
  const returnedEmail = new URLSearchParams(useSearch()).get("email");
  const form = useForm<ProfileValues>({ defaultValues: valuesOf(user, returnedEmail ?? user.email) });
  const [notice, setNotice] = useState<string | null>(null);
  /** The server's answer when this session is too old to change the email of an account without a password. */
  const [reauthError, setReauthError] = useState<string | null>(null);
  const email: string = useWatch({ control: form.control, name: "email" });
  const emailChanging = email.trim().toLowerCase() !== user.email.toLowerCase();

  async function submit(values: ProfileValues) {
    const username = values.username.trim();
    const pictureUrl = values.pictureUrl.trim();
    const changes: UserChanges = {};
    if (username !== user.username) changes.username = username;
    if (emailChanging) {
      changes.email = values.email.trim();
      if (user.hasPassword) changes.currentPassword = values.currentPassword;
    }
    if (pictureUrl !== (user.pictureUrl ?? "")) changes.pictureUrl = pictureUrl === "" ? null : pictureUrl;
    if (Object.keys(changes).length === 0) {
      setNotice(t("account.profile.noChanges"));
      return;
    }
    setReauthError(null);
    const updated = await update.mutateAsync(changes);
    form.reset(valuesOf(updated));
    const message =
      changes.email !== undefined
        ? t("account.profile.savedEmail", { email: updated.email })
        : t("account.profile.saved");
    setNotice(message);
    toast({ title: t("account.toast.saved"), description: message });
  }

  function failed(error: unknown) {
    if (needsFreshSignIn(user, error)) {
      // Said beside the email, with the way out, rather than as the form's error.
      form.clearErrors("root");
      setReauthError(errorMessageOf(error, t("account.profile.failed")));
    }
    errorToast(t("account.profile.failed"));
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
      <Form
        form={form}
        onSubmit={submit}
        serverErrors={{ message: t("account.profile.failed") }}
        onServerError={failed}
        onChange={() => setNotice(null)}
      >
        <UsernameField
          name="username"
          label={t("account.profile.username")}
          description={t("signup.usernameHint")}
          maxLength={USERNAME_MAX}
          keep={user.username}
        />
        <EmailField
          name="email"
          label={t("account.profile.email")}
          description={t("account.profile.emailChangeHint")}
          onChange={() => setReauthError(null)}
        />
        {emailChanging && user.hasPassword ? (
          <PasswordField
            name="currentPassword"
            label={t("account.profile.currentPassword")}
            description={t("account.profile.currentPasswordHint")}
            validate={{ required: requiredText(t("account.profile.currentPasswordRequired")) }}
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
            returnTo={`/account?email=${encodeURIComponent(email.trim())}`}
          />
        ) : null}
        <FormTextField
          name="pictureUrl"
          label={t("account.profile.pictureUrl")}
          labelHint={t("forms.optional")}
          description={t("account.profile.pictureHint")}
          type="url"
          inputMode="url"
          autoComplete="photo"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="https://"
          maxLength={PICTURE_URL_MAX}
          rules={{
            validate: (value: string) =>
              value.trim() === "" || HTTPS_URL.test(value.trim()) || t("account.profile.pictureHttps"),
          }}
        />
        <SubmitRow notice={notice} pendingLabel={t("forms.saving")}>
          {t("account.profile.save")}
        </SubmitRow>
      </Form>
      {user.emailVerified ? null : (
        <div className="mt-6 border-t border-slate-200 pt-4 dark:border-night-700">
          <p className="mb-3 text-slate-700 dark:text-slate-200">{t("account.profile.unverifiedHelp")}</p>
          <ResendVerification />
        </div>
      )}
    </AccountCard>
  );
}
