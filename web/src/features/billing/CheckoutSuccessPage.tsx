import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "../../components/ui/Button";
import { FormNotice } from "../../components/ui/FormError";
import { BILLING_NS } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAuth } from "../auth/auth-context";
import { useRefreshBilling, useSubscriptionState } from "./billing-api";
import { BusyStatus, bodyClass, LinkButton, linkClass, PageShell } from "./ui";

/** How often and how long the page asks whether the payment has turned into Premium. */
export const CONFIRM_POLL_MS = 1500;
export const CONFIRM_TIMEOUT_MS = 30_000;

function Confirmation() {
  const { t } = useTranslation(BILLING_NS);
  const refreshBilling = useRefreshBilling();
  const [timedOut, setTimedOut] = useState(false);
  const query = useSubscriptionState({
    poll: (data) => (data?.isPremium || timedOut ? false : CONFIRM_POLL_MS),
  });
  const premium = query.data?.isPremium === true;

  useEffect(() => {
    if (premium) return;
    const timer = setTimeout(() => setTimedOut(true), CONFIRM_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [premium]);

  // Once Premium: the user (nav badge, premium guards) and the invoices catch up, once.
  const refreshed = useRef(false);
  useEffect(() => {
    if (!premium || refreshed.current) return;
    refreshed.current = true;
    void refreshBilling();
  }, [premium, refreshBilling]);

  if (premium) {
    return (
      <div className="flex flex-col gap-4">
        <FormNotice>
          <p className="text-lg font-semibold">{t("paymentSuccess.welcomeTitle")}</p>
          <p className="mt-1">{t("paymentSuccess.welcomeBody")}</p>
        </FormNotice>
        <div className="flex flex-col gap-3 sm:flex-row">
          <LinkButton href="/dream-input">{t("paymentSuccess.startDreaming")}</LinkButton>
          <LinkButton href="/account/subscription" variant="secondary">
            {t("paymentSuccess.seeSubscription")}
          </LinkButton>
        </div>
      </div>
    );
  }
  if (timedOut) {
    return (
      <div className="flex flex-col items-start gap-4">
        <div role="status" className={bodyClass}>
          <p className="font-semibold text-slate-900 dark:text-slate-50">{t("paymentSuccess.slowTitle")}</p>
          <p className="mt-1">{t("paymentSuccess.slowBody")}</p>
        </div>
        <Button onClick={() => window.location.reload()}>{t("paymentSuccess.reload")}</Button>
        <Link href="/account/subscription" className={linkClass}>
          {t("paymentSuccess.seeSubscription")}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <BusyStatus>{t("paymentSuccess.confirming")}</BusyStatus>
      <p className={bodyClass}>{t("paymentSuccess.confirmingBody")}</p>
    </div>
  );
}

/**
 * /stripe-checkout/success and /subscription/success: where checkout returns. The webhook may land a moment
 * later, so the page asks every 1.5 s (for up to 30 s) until the subscription shows Premium.
 */
export default function CheckoutSuccessPage() {
  const { t } = useTranslation(BILLING_NS);
  useDocumentTitle(t("paymentSuccess.documentTitle"));
  const { user, isLoading } = useAuth();
  // /subscription/success is a public route: without a session there is nothing to confirm yet.
  if (isLoading) {
    return (
      <PageShell title={t("paymentSuccess.title")}>
        <BusyStatus>{t("paymentSuccess.confirming")}</BusyStatus>
      </PageShell>
    );
  }
  if (!user) {
    return (
      <PageShell title={t("paymentSuccess.title")} lead={t("paymentSuccess.signInBody")}>
        <div>
          <LinkButton href="/login">{t("paymentSuccess.signIn")}</LinkButton>
        </div>
      </PageShell>
    );
  }
  return (
    <PageShell title={t("paymentSuccess.title")}>
      <Confirmation />
    </PageShell>
  );
}
