import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../../contract/accounts";
import { Button } from "../../components/ui/Button";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { TextField } from "../../components/ui/TextField";
import { toast } from "../../components/ui/toast-store";
import { apiRequest } from "../../lib/api";
import { errorMessageOf, fieldErrorsOf } from "../../lib/form-errors";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../lib/password-strength";
import { useAuth } from "../auth/auth-context";
import { PasswordStrengthHint } from "../auth/PasswordStrengthHint";
import { AccountCard } from "./AccountCard";
import { needsFreshSignIn, ReauthPrompt } from "./ReauthPrompt";

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;
const EMPTY: Record<Field, string> = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Change the password (other sessions end), or set a first one on an account opened through a provider. */
export function PasswordForm({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const { refreshUser } = useAuth();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };
  const hasPassword = user.hasPassword;

  const mutation = useMutation({
    mutationFn: (body: { currentPassword?: string; newPassword: string }) =>
      apiRequest("POST", "/api/user/password", body),
    onSuccess: async () => {
      setValues(EMPTY);
      setNotice(t("account.password.changedDescription"));
      toast({ title: t("account.password.changed"), description: t("account.password.changedDescription") });
      await refreshUser();
    },
    onError: (error) => {
      const byField = fieldErrorsOf(error, FIELDS);
      setErrors(byField);
      focusFirst(byField);
    },
  });

  function focusFirst(found: Errors) {
    const first = FIELDS.find((field) => found[field]);
    if (first) refs[first].current?.focus();
    return first !== undefined;
  }

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    setNotice(null);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const next: Errors = {};
    if (hasPassword && !values.currentPassword) next.currentPassword = t("login.passwordRequired");
    if (!values.newPassword) next.newPassword = t("login.passwordRequired");
    else if (values.newPassword.length < PASSWORD_MIN)
      next.newPassword = t("forms.passwordTooShort", { min: PASSWORD_MIN });
    else if (values.newPassword.length > PASSWORD_MAX)
      next.newPassword = t("forms.passwordTooLong", { max: PASSWORD_MAX });
    if (!next.newPassword && values.confirmPassword !== values.newPassword) {
      next.confirmPassword = t("forms.passwordsDontMatch");
    }
    setErrors(next);
    if (focusFirst(next)) return;
    mutation.mutate({
      ...(hasPassword ? { currentPassword: values.currentPassword } : {}),
      newPassword: values.newPassword,
    });
  }

  const generalError =
    mutation.isError && Object.keys(fieldErrorsOf(mutation.error, FIELDS)).length === 0
      ? errorMessageOf(mutation.error, t("forms.genericError"))
      : null;
  // A first password needs a recent sign-in with the provider, like an email change.
  const reauth = mutation.isError && needsFreshSignIn(user, mutation.error);

  return (
    <AccountCard
      title={t("account.password.title")}
      description={hasPassword ? t("account.password.intro") : t("account.password.introNoPassword")}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={mutation.isPending}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
        {hasPassword ? (
          <TextField
            ref={refs.currentPassword}
            label={t("account.password.current")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            value={values.currentPassword}
            onChange={set("currentPassword")}
            error={errors.currentPassword}
          />
        ) : null}
        <TextField
          ref={refs.newPassword}
          label={t("account.password.new")}
          description={<PasswordStrengthHint password={values.newPassword} />}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={set("newPassword")}
          error={errors.newPassword}
        />
        <TextField
          ref={refs.confirmPassword}
          label={t("account.password.confirm")}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={set("confirmPassword")}
          error={errors.confirmPassword}
        />
        {reauth && generalError ? (
          <ReauthPrompt message={generalError} returnTo="/account" />
        ) : (
          <FormError message={generalError} />
        )}
        <FormNotice>{notice}</FormNotice>
        <div>
          <Button type="submit" pending={mutation.isPending} pendingLabel={t("forms.saving")}>
            {hasPassword ? t("account.password.submit") : t("account.password.setSubmit")}
          </Button>
        </div>
      </form>
    </AccountCard>
  );
}
