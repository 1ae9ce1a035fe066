import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "../../../../contract/accounts";
import { Form, PasswordField, SubmitRow, useForm } from "../../components/ui/form";
import { toast } from "../../components/ui/toast-store";
import { AccountCard } from "./AccountCard";
import { useChangePasswordMutation } from "./api";
import { needsFreshSignIn, ReauthPrompt } from "./ReauthPrompt";

interface PasswordValues {
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Change the password (other sessions end), or set a first one on an account opened through a provider. */
export function PasswordForm({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const form = useForm<PasswordValues>({ defaultValues: EMPTY });
  const mutation = useChangePasswordMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const hasPassword = user.hasPassword;

  async function submit(values: PasswordValues) {
    await mutation.mutateAsync({
      ...(hasPassword ? { currentPassword: values.currentPassword } : {}),
      newPassword: values.newPassword,
    });
    form.reset(EMPTY);
    setNotice(t("account.password.changedDescription"));
    toast({ title: t("account.password.changed"), description: t("account.password.changedDescription") });
  }

  return (
    <AccountCard
      title={t("account.password.title")}
      description={hasPassword ? t("account.password.intro") : t("account.password.introNoPassword")}
    >
      <Form
        form={form}
        onSubmit={submit}
        serverErrors={{ fallback: t("forms.genericError") }}
        onChange={() => setNotice(null)}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
        {hasPassword ? <PasswordField name="currentPassword" label={t("account.password.current")} /> : null}
        <PasswordField name="newPassword" label={t("account.password.new")} isNew />
        <PasswordField name="confirmPassword" label={t("account.password.confirm")} matches="newPassword" />
        <SubmitRow
          notice={notice}
          pendingLabel={t("forms.saving")}
          // A first password needs a recent sign-in with the provider, like an email change.
          renderError={(message) =>
            needsFreshSignIn(user, mutation.error) ? (
              <ReauthPrompt message={message} returnTo="/account" />
            ) : undefined
          }
        >
          {hasPassword ? t("account.password.submit") : t("account.password.setSubmit")}
        </SubmitRow>
      </Form>
    </AccountCard>
  );
}
