import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormNotice } from "../../components/ui/FormError";
import { EmailField, Form, SubmitRow, useForm } from "../../components/ui/form";
import { useResendVerificationMutation } from "./api";
import { useAuth } from "./auth-context";

/** Spec section 4: the confirmation after a resend shows for 3 seconds. */
export const RESEND_NOTICE_MS = 3000;

/**
 * Sends the verification link again: to the signed-in user, to a known address, or to one typed here.
 * The server answers alike whether or not the address has an account.
 */
export function ResendVerification({ email }: { email?: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [showSent, setShowSent] = useState(false);
  const form = useForm({ defaultValues: { email: "" } });
  const mutation = useResendVerificationMutation();
  const needsAddress = !user && !email;

  useEffect(() => {
    if (!showSent) return;
    const timer = setTimeout(() => setShowSent(false), RESEND_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [showSent]);

  async function submit(values: { email: string }) {
    // A signed-in user's own address is used by the server; the body is only needed for guests.
    const address = needsAddress ? values.email.trim() : user ? undefined : email;
    await mutation.mutateAsync(address ? { email: address } : undefined);
    setShowSent(true);
  }

  return (
    <Form
      form={form}
      onSubmit={submit}
      serverErrors={{ fallback: t("forms.genericError") }}
      className="flex flex-col gap-3"
    >
      {needsAddress ? <EmailField name="email" label={t("verification.email")} /> : null}
      <FormNotice>{showSent ? t("verification.sent") : null}</FormNotice>
      <SubmitRow layout="full" variant="secondary" pendingLabel={t("forms.sending")}>
        {t("verification.resend")}
      </SubmitRow>
    </Form>
  );
}
