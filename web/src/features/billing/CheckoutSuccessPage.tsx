import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { Button } from "../../components/ui/Button";
import { FormNotice } from "../../components/ui/FormError";
import { LinkButton } from "../../components/ui/LinkButton";
import { PageShell } from "../../components/ui/Page";
import { bodyClass, linkClass } from "../../components/ui/page-styles";
import { BusyStatus } from "../../components/ui/Status";
import { BILLING_NS } from "../../lib/i18n";
import { useAuth } from "../auth/auth-context";
import { useRefreshBilling, useSubscriptionStateQuery } from "./api";

/** How often and how long the page asks whether the payment has turned into Premium. */
export const CONFIRM_POLL_MS = 1500;
export const CONFIRM_TIMEOUT_MS = 30_000;

function Confirmation() {
  const { t } = useTranslation(BILLING_NS);
  const refreshBilling = useRefreshBilling();
  const [timedOut, setTimedOut] = useState(false);
  const query = useSubscriptionStateQuery({
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

/** Reached without a checkout to confirm (typed in, bookmarked, a user who never paid): said at once, with the plans. */
function NothingToConfirm() {
  const { t } = useTranslation(BILLING_NS);
  return (
    <div className="flex flex-col items-start gap-4">
      <div role="status" className={bodyClass}>
        <p className="font-semibold text-slate-900 dark:text-slate-50">
          {t("paymentSuccess.noCheckoutTitle")}
        </p>
        <p className="mt-1">{t("paymentSuccess.noCheckoutBody")}</p>
      </div>
      <LinkButton href="/subscribe">{t("paymentSuccess.seePlans")}</LinkButton>
    </div>
  );
}

/**
 * /stripe-checkout/success and /subscription/success: where checkout returns (with `?session_id=`). The webhook may land a moment
 * later, so the page asks every 1.5 s (for up to 30 s) until the subscription shows Premium.
 */
export default function CheckoutSuccessPage() {
  const { t } = useTranslation(BILLING_NS);
  const { user, isLoading } = useAuth();
  // Checkout always comes back with its session id; a premium member is welcomed either way.
  const fromCheckout = new URLSearchParams(useSearch()).has("session_id");
  // /subscription/success is a public route: without a session there is nothing to confirm yet.
  if (isLoading) {
    return (
      <PageShell
        documentTitle={t("paymentSuccess.documentTitle")}
        width="medium"
        title={t("paymentSuccess.title")}
      >
        <BusyStatus>{t("paymentSuccess.confirming")}</BusyStatus>
      </PageShell>
    );
  }
  if (!user) {
    return (
      <PageShell
        documentTitle={t("paymentSuccess.documentTitle")}
        width="medium"
        title={t("paymentSuccess.title")}
        lead={t("paymentSuccess.signInBody")}
      >
        <div>
          <LinkButton href="/login">{t("paymentSuccess.signIn")}</LinkButton>
        </div>
      </PageShell>
    );
  }
  return (
    <PageShell
      documentTitle={t("paymentSuccess.documentTitle")}
      width="medium"
      title={t("paymentSuccess.title")}
    >
      {fromCheckout || user.isPremium ? <Confirmation /> : <NothingToConfirm />}
    </PageShell>
  );
}
