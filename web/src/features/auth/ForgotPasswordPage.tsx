import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { FormNotice } from "../../components/ui/FormError";
import { EmailField, Form, SubmitRow, useForm } from "../../components/ui/form";
import { AuthPageShell, textLinkClass } from "./AuthPageShell";
import { useForgotPasswordMutation } from "./api";

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const form = useForm({ defaultValues: { email: "" } });
  const mutation = useForgotPasswordMutation();

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
        <Form
          form={form}
          onSubmit={({ email }) => mutation.mutateAsync({ email: email.trim() })}
          serverErrors={{ fallback: t("forms.genericError") }}
        >
          <EmailField name="email" label={t("passwordReset.forgot.email")} />
          <SubmitRow layout="full" pendingLabel={t("forms.sending")}>
            {t("passwordReset.forgot.submit")}
          </SubmitRow>
        </Form>
      )}
    </AuthPageShell>
  );
}
