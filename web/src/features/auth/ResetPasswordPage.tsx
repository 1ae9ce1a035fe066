import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { buttonClass } from "../../components/ui/Button";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { Form, PasswordField, SubmitRow, useForm } from "../../components/ui/form";
import { AuthPageShell, textLinkClass } from "./AuthPageShell";
import { useResetPasswordMutation } from "./api";

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const form = useForm({ defaultValues: { password: "", confirmPassword: "" } });
  const mutation = useResetPasswordMutation();

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

  return (
    <AuthPageShell
      title={t("passwordReset.reset.title")}
      intro={t("passwordReset.reset.intro")}
      footer={back}
    >
      <Form
        form={form}
        onSubmit={({ password }) => mutation.mutateAsync({ token, password })}
        serverErrors={{ fallback: t("forms.genericError") }}
      >
        <PasswordField name="password" label={t("passwordReset.reset.password")} isNew />
        <PasswordField name="confirmPassword" label={t("passwordReset.reset.confirm")} matches="password" />
        <SubmitRow
          layout="full"
          pendingLabel={t("passwordReset.reset.submitting")}
          // A refused token (used or expired) can only be replaced by a new link.
          renderError={(message) => (
            <div className="flex flex-col gap-2">
              <FormError message={message} />
              <Link href="/forgot-password" className={textLinkClass}>
                {t("passwordReset.reset.requestNew")}
              </Link>
            </div>
          )}
        >
          {t("passwordReset.reset.submit")}
        </SubmitRow>
      </Form>
    </AuthPageShell>
  );
}
