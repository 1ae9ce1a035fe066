import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/Button";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { TextField } from "../../components/ui/TextField";
import { apiRequest } from "../../lib/api";
import { errorMessageOf } from "../../lib/form-errors";
import { useAuth } from "./auth-context";

/** Spec section 4: the confirmation after a resend shows for 3 seconds. */
export const RESEND_NOTICE_MS = 3000;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Sends the verification link again: to the signed-in user, to a known address, or to one typed here.
 * The server answers alike whether or not the address has an account.
 */
export function ResendVerification({ email }: { email?: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | null>(null);
  const [showSent, setShowSent] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const needsAddress = !user && !email;

  const mutation = useMutation({
    mutationFn: (address: string | undefined) =>
      apiRequest("POST", "/api/email-verification/resend", address ? { email: address } : undefined),
    onSuccess: () => setShowSent(true),
  });

  useEffect(() => {
    if (!showSent) return;
    const timer = setTimeout(() => setShowSent(false), RESEND_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [showSent]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    if (needsAddress) {
      const address = typed.trim();
      const problem = !address
        ? t("forms.emailRequired")
        : EMAIL_SHAPE.test(address)
          ? null
          : t("forms.emailInvalid");
      setTypedError(problem);
      if (problem) {
        inputRef.current?.focus();
        return;
      }
      mutation.mutate(address);
      return;
    }
    // A signed-in user's own address is used by the server; the body is only needed for guests.
    mutation.mutate(user ? undefined : email);
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      {needsAddress ? (
        <TextField
          ref={inputRef}
          label={t("verification.email")}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            if (typedError) setTypedError(null);
          }}
          error={typedError}
        />
      ) : null}
      <FormNotice>{showSent ? t("verification.sent") : null}</FormNotice>
      <FormError
        message={mutation.isError ? errorMessageOf(mutation.error, t("forms.genericError")) : null}
      />
      <Button
        type="submit"
        variant="secondary"
        fullWidth
        pending={mutation.isPending}
        pendingLabel={t("forms.sending")}
      >
        {t("verification.resend")}
      </Button>
    </form>
  );
}
