import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, Redirect, useSearch } from "wouter";
import type { PlanId } from "../../../../contract/billing";
import { Button } from "../../components/ui/Button";
import { FormError } from "../../components/ui/FormError";
import { PageShell } from "../../components/ui/Page";
import { linkClass } from "../../components/ui/page-styles";
import { BusyStatus } from "../../components/ui/Status";
import { isApiError } from "../../lib/api";
import { BILLING_NS } from "../../lib/i18n";
import { isPlanId, useStartCheckoutMutation } from "./api";
import { BackToPlans } from "./ui";

function CheckoutStart({ plan }: { plan: PlanId }) {
  const { t } = useTranslation(BILLING_NS);
  const mutation = useStartCheckoutMutation({
    // Stripe Checkout, or the sandbox's own page: a full page load either way, as with Stripe.
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const { mutate } = mutation;
  // One request per plan, even when React runs the effect twice (development) or the page re-renders.
  const started = useRef<PlanId | null>(null);
  useEffect(() => {
    if (started.current === plan) return;
    started.current = plan;
    mutate(plan);
  }, [plan, mutate]);

  const error = mutation.error;
  const alreadyPremium = isApiError(error) && (error.status === 409 || error.code === "CONFLICT");
  if (!error) return <BusyStatus>{t("checkoutStart.preparing")}</BusyStatus>;
  return (
    <div className="flex flex-col items-start gap-4">
      <FormError
        message={
          <>
            <strong className="block">{t("checkoutStart.failedTitle")}</strong>
            {isApiError(error) && error.message ? error.message : t("checkoutStart.failed")}
          </>
        }
      />
      {alreadyPremium ? (
        <Link href="/account/subscription" className={linkClass}>
          {t("checkoutStart.seeSubscription")}
        </Link>
      ) : (
        <Button onClick={() => mutate(plan)}>{t("billing.retry")}</Button>
      )}
      <BackToPlans />
    </div>
  );
}

/**
 * /checkout?plan=monthly|yearly (and its older addresses): asks the server for a checkout session and sends
 * the browser there. Without a valid plan it goes back to the plans.
 */
export default function CheckoutStartPage() {
  const { t } = useTranslation(BILLING_NS);
  const plan = new URLSearchParams(useSearch()).get("plan");
  if (!isPlanId(plan)) return <Redirect to="/subscribe" replace />;
  return (
    <PageShell
      documentTitle={t("checkoutStart.documentTitle")}
      width="medium"
      title={t("checkoutStart.title")}
      lead={t(`checkoutStart.lead.${plan}`)}
    >
      <CheckoutStart key={plan} plan={plan} />
    </PageShell>
  );
}
