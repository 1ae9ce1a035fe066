import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import type { SubscriptionStateResponse } from "../../../../contract/billing";
import { Button } from "../../components/ui/Button";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { LinkButton } from "../../components/ui/LinkButton";
import { PageShell, Panel } from "../../components/ui/Page";
import { bodyClass, linkClass } from "../../components/ui/page-styles";
import { BusyStatus, LoadFailed } from "../../components/ui/Status";
import { isApiError } from "../../lib/api";
import { BILLING_NS } from "../../lib/i18n";
import {
  followUrl,
  isPlanId,
  PAYMENT_PROBLEM_STATUSES,
  useOpenPortalMutation,
  useRefreshBilling,
  useRetrySandboxPaymentMutation,
  useSubscriptionStateQuery,
} from "./api";
import { SandboxCardForm } from "./SandboxCardForm";
import { BackToPlans, TestModeBadge } from "./ui";

/** Sandbox: pay the open invoice again with a test card. */
function SandboxRetry({ onPaid }: { onPaid(message: string): void }) {
  const { t } = useTranslation(BILLING_NS);
  const refreshBilling = useRefreshBilling();
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useRetrySandboxPaymentMutation({
    onMutate: () => setMessage(null),
    onSuccess: async (answer) => {
      if (answer.outcome !== "succeeded") {
        setMessage(answer.message);
        return;
      }
      onPaid(answer.message || t("recovery.retry.success"));
      await refreshBilling();
    },
    onError: (error) =>
      setMessage(isApiError(error) && error.message ? error.message : t("recovery.retry.failed")),
  });
  return (
    <div className="flex flex-col gap-4">
      <p className="flex flex-wrap items-center gap-2">
        <TestModeBadge />
        <span className="text-sm">{t("recovery.retry.testMode")}</span>
      </p>
      <SandboxCardForm
        submitLabel={t("recovery.retry.button")}
        pendingLabel={t("recovery.retry.pending")}
        pending={mutation.isPending}
        message={message}
        onSubmit={(cardNumber) => mutation.mutate(cardNumber)}
      />
    </div>
  );
}

/** Stripe: the billing portal, where the member changes the card and Stripe retries the invoice. */
function UpdatePaymentMethod() {
  const { t } = useTranslation(BILLING_NS);
  const [, navigate] = useLocation();
  const mutation = useOpenPortalMutation({ onSuccess: ({ url }) => followUrl(url, navigate) });
  return (
    <div className="flex flex-col items-start gap-3">
      <Button
        onClick={() => mutation.mutate()}
        pending={mutation.isPending || mutation.isSuccess}
        pendingLabel={t("recovery.opening")}
      >
        {t("recovery.updatePayment")}
      </Button>
      <FormError
        message={
          mutation.isError
            ? isApiError(mutation.error) && mutation.error.message
              ? mutation.error.message
              : t("recovery.portalFailed")
            : null
        }
      />
    </div>
  );
}

function FailedRenewal({
  state,
  onPaid,
}: {
  state: SubscriptionStateResponse;
  onPaid(message: string): void;
}) {
  const { t } = useTranslation(BILLING_NS);
  const status = state.subscription?.status === "incomplete" ? "incomplete" : "pastDue";
  return (
    <Panel title={t(`recovery.${status}.title`)}>
      <p className={`mb-4 ${bodyClass}`}>{t(`recovery.${status}.body`)}</p>
      {state.provider === "sandbox" ? <SandboxRetry onPaid={onPaid} /> : <UpdatePaymentMethod />}
    </Panel>
  );
}

/**
 * /stripe-checkout/recovery: a payment that did not go through. `?session=` is a declined sandbox checkout,
 * `?plan=` an abandoned Stripe checkout; a past-due or incomplete subscription (a failed renewal) is paid
 * again here, with a test card in the sandbox or through Stripe's billing portal.
 */
export default function CheckoutRecoveryPage() {
  const { t } = useTranslation(BILLING_NS);
  const params = new URLSearchParams(useSearch());
  const session = params.get("session");
  const plan = params.get("plan");
  const query = useSubscriptionStateQuery();
  const state = query.data;
  const problem =
    state?.subscription && PAYMENT_PROBLEM_STATUSES.includes(state.subscription.status) ? state : null;
  const checkout = session ? "declined" : isPlanId(plan) ? "abandoned" : null;
  // Kept here: once paid, the refreshed subscription is no longer past due and the retry form goes away.
  const [recovered, setRecovered] = useState<string | null>(null);

  return (
    <PageShell
      documentTitle={t("recovery.documentTitle")}
      width="medium"
      title={t("recovery.title")}
      lead={checkout || problem ? t("recovery.lead") : undefined}
    >
      {checkout ? (
        <Panel title={t(`recovery.${checkout}.title`)}>
          <p className={`mb-4 ${bodyClass}`}>{t(`recovery.${checkout}.body`)}</p>
          <LinkButton
            href={
              session
                ? `/stripe-checkout/elements?session=${encodeURIComponent(session)}`
                : `/checkout?plan=${plan}`
            }
          >
            {t("recovery.tryAgain")}
          </LinkButton>
        </Panel>
      ) : null}
      {recovered ? (
        <FormNotice>
          <p>{recovered}</p>
          <p className="mt-2">
            <Link href="/account/subscription" className={linkClass}>
              {t("recovery.seeSubscription")}
            </Link>
          </p>
        </FormNotice>
      ) : query.isPending ? (
        <BusyStatus>{t("recovery.checking")}</BusyStatus>
      ) : query.isError ? (
        <LoadFailed message={t("recovery.loadFailed")} onRetry={() => void query.refetch()} />
      ) : problem ? (
        <FailedRenewal state={problem} onPaid={setRecovered} />
      ) : !checkout ? (
        <p className={bodyClass}>{t("recovery.nothing")}</p>
      ) : null}
      <BackToPlans />
    </PageShell>
  );
}
