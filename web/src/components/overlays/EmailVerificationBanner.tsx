import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useResendVerificationMutation } from "../../features/auth/api";
import { useAuth } from "../../features/auth/auth-context";
import { CloseIcon, MailIcon } from "../layout/icons";
import { readFlag, session, writeFlag } from "./storage";

/** sessionStorage: dismissal lasts for the browser session (spec section 3). */
export const EMAIL_BANNER_DISMISSED_KEY = "emailBannerDismissed";
/** Spec section 9: the 'sent' message stays 3 seconds. */
export const VERIFICATION_SENT_MS = 3000;

export type EmailBannerVariant = "banner" | "badge" | "subtle";

const smallButton =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-3 text-sm font-semibold underline-offset-4 disabled:cursor-not-allowed disabled:opacity-60";

/** Shown to a signed-in user whose email is not verified, until dismissed for this session. */
export function EmailVerificationBanner({ variant = "banner" }: { variant?: EmailBannerVariant }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [dismissed, setDismissed] = useState(() => readFlag(EMAIL_BANNER_DISMISSED_KEY, session));
  const [sent, setSent] = useState(false);
  const sentTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mutation = useResendVerificationMutation({
    onSuccess: () => {
      setSent(true);
      clearTimeout(sentTimer.current);
      sentTimer.current = setTimeout(() => setSent(false), VERIFICATION_SENT_MS);
    },
    // Spec section 8: a failed resend is only logged.
    onError: (error) => console.error("Resending the verification email failed", error),
  });

  useEffect(() => () => clearTimeout(sentTimer.current), []);

  if (!user || user.emailVerified || dismissed) return null;

  const dismiss = () => {
    writeFlag(EMAIL_BANNER_DISMISSED_KEY, session);
    setDismissed(true);
  };

  // No body: the server sends the link to the signed-in user's own address.
  const resendButton = (className: string) => (
    <button
      type="button"
      className={`${smallButton} ${className}`}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate(undefined)}
    >
      {mutation.isPending ? t("emailBanner.sending") : t("emailBanner.resend")}
    </button>
  );
  const dismissButton = (
    <button
      type="button"
      className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg hover:bg-black/5 dark:hover:bg-white/10"
      aria-label={t("emailBanner.dismiss")}
      onClick={dismiss}
    >
      <CloseIcon />
    </button>
  );
  const sentMessage = (
    <span role="status" className="text-sm font-medium">
      {sent ? t("emailBanner.sent") : ""}
    </span>
  );

  if (variant === "badge") {
    return (
      <div
        data-variant="badge"
        className="inline-flex flex-wrap items-center gap-1 rounded-full border border-amber-300 bg-amber-50 py-0.5 pr-1 pl-3 text-amber-900 dark:border-star-300/40 dark:bg-star-300/10 dark:text-star-300"
      >
        <span className="text-sm font-semibold">{t("emailBanner.badge")}</span>
        {resendButton("underline")}
        {sentMessage}
        {dismissButton}
      </div>
    );
  }

  if (variant === "subtle") {
    return (
      <p
        data-variant="subtle"
        className="flex flex-wrap items-center gap-x-1 text-sm text-slate-700 dark:text-slate-300"
      >
        <span>{t("emailBanner.subtle")}</span>
        {resendButton("text-violet-800 underline dark:text-moon-300")}
        {sentMessage}
        {dismissButton}
      </p>
    );
  }

  return (
    <section
      data-variant="banner"
      aria-label={t("emailBanner.badge")}
      className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-star-300/30 dark:bg-night-900 dark:text-star-300"
    >
      {/* On a phone the message takes its own row and the actions the next: side by side, a long address
          ran under the button. An address breaks anywhere rather than overflow. */}
      <div className="mx-auto flex max-w-7xl flex-col gap-x-3 px-3 py-1 sm:flex-row sm:items-center sm:px-4">
        <span className="hidden sm:inline" aria-hidden="true">
          <MailIcon />
        </span>
        <p data-part="message" className="min-w-0 py-2 text-sm [overflow-wrap:anywhere] sm:flex-1">
          {user.email ? t("emailBanner.messageWithEmail", { email: user.email }) : t("emailBanner.message")}
        </p>
        <div data-part="actions" className="flex shrink-0 flex-wrap items-center justify-end gap-x-3">
          {sentMessage}
          {resendButton(
            "border border-amber-400 bg-white text-amber-950 hover:bg-amber-100 dark:border-star-300/50 dark:bg-transparent dark:text-star-300 dark:hover:bg-star-300/10",
          )}
          {dismissButton}
        </div>
      </div>
    </section>
  );
}
