import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import type { SandboxSession } from "../../../../contract/billing";
import { FormError, FormNotice } from "../../components/ui/FormError";
import { PageShell, Panel } from "../../components/ui/Page";
import { linkClass, warningClass } from "../../components/ui/page-styles";
import { BusyStatus, LoadFailed } from "../../components/ui/Status";
import { isApiError } from "../../lib/api";
import { BILLING_NS } from "../../lib/i18n";
import { followUrl, usePaySandboxSessionMutation, useSandboxSessionQuery } from "./api";
import { formatMoney } from "./format";
import { SandboxCardForm } from "./SandboxCardForm";
import { BackToPlans, TestModeBadge } from "./ui";

function OrderSummary({ session }: { session: SandboxSession }) {
  const { t, i18n } = useTranslation(BILLING_NS);
  const price = t(session.plan === "monthly" ? "billing.perMonth" : "billing.perYear", {
    price: formatMoney(session.amount, session.currency, i18n.language),
  });
  const row = "flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4";
  return (
    <Panel title={t("sandboxCheckout.summary.title")}>
      <dl className="flex flex-col gap-3">
        <div className={row}>
          <dt className="font-medium text-slate-900 dark:text-slate-50">
            {t("sandboxCheckout.summary.plan")}
          </dt>
          <dd>{t(`billing.plans.${session.plan}`)}</dd>
        </div>
        <div className={row}>
          <dt className="font-medium text-slate-900 dark:text-slate-50">
            {t("sandboxCheckout.summary.amount")}
          </dt>
          <dd>{price}</dd>
        </div>
        {session.firstMonthFree ? (
          <div className={row}>
            <dt className="font-medium text-slate-900 dark:text-slate-50">
              {t("sandboxCheckout.summary.dueToday")}
            </dt>
            <dd>
              <strong>{formatMoney(0, session.currency, i18n.language)}</strong>{" "}
              {t("sandboxCheckout.summary.firstMonthFree", { price })}
            </dd>
          </div>
        ) : null}
        <div className={row}>
          <dt className="font-medium text-slate-900 dark:text-slate-50">
            {t("sandboxCheckout.summary.email")}
          </dt>
          <dd className="break-all">{session.email}</dd>
        </div>
      </dl>
    </Panel>
  );
}

function PayForm({ session }: { session: SandboxSession }) {
  const { t } = useTranslation(BILLING_NS);
  const [, navigate] = useLocation();
  const [message, setMessage] = useState<string | null>(null);
  const mutation = usePaySandboxSessionMutation(session.id, {
    onMutate: () => setMessage(null),
    onSuccess: (answer) => {
      const next =
        answer.outcome === "processing_error"
          ? null
          : (answer.redirectTo ?? (answer.outcome === "succeeded" ? "/stripe-checkout/success" : null));
      if (!next) {
        // A processing error (or a decline with nowhere to go): said here, the form stays for another try.
        setMessage(answer.message);
        return;
      }
      // The success page confirms the subscription and refreshes the user.
      followUrl(next, navigate);
    },
    onError: (error) =>
      setMessage(isApiError(error) && error.message ? error.message : t("sandboxCheckout.payFailed")),
  });
  return (
    <Panel title={t("sandboxCheckout.payTitle")}>
      <SandboxCardForm
        submitLabel={t("sandboxCheckout.pay")}
        pendingLabel={t("sandboxCheckout.paying")}
        pending={mutation.isPending}
        message={message}
        onSubmit={(cardNumber) => mutation.mutate(cardNumber)}
      />
    </Panel>
  );
}

/**
 * /stripe-checkout/elements?session=cs_sandbox_...: the built-in sandbox's checkout ("test mode", no money
 * moves). Shows the order, takes a test card, and follows the server's answer: the success page, the
 * recovery page after a decline, or the processing error in place.
 */
export default function SandboxCheckoutPage() {
  const { t } = useTranslation(BILLING_NS);
  const sessionId = new URLSearchParams(useSearch()).get("session");
  const query = useSandboxSessionQuery(sessionId);

  return (
    <PageShell
      documentTitle={t("sandboxCheckout.documentTitle")}
      width="medium"
      title={t("sandboxCheckout.title")}
    >
      <div role="note" className={`flex flex-col gap-2 ${warningClass}`}>
        <div className="flex flex-wrap items-center gap-3">
          <TestModeBadge />
          <p className="text-lg font-semibold">{t("sandboxCheckout.banner.title")}</p>
        </div>
        <p>{t("sandboxCheckout.banner.body")}</p>
      </div>
      {sessionId === null ? (
        <FormError message={t("sandboxCheckout.missingSession")} />
      ) : query.isPending ? (
        <BusyStatus>{t("sandboxCheckout.loading")}</BusyStatus>
      ) : query.isError ? (
        isApiError(query.error) && query.error.status === 404 ? (
          <FormError message={t("sandboxCheckout.notFound")} />
        ) : (
          <LoadFailed message={t("sandboxCheckout.loadFailed")} onRetry={() => void query.refetch()} />
        )
      ) : (
        <>
          <OrderSummary session={query.data} />
          {query.data.status === "complete" ? (
            <FormNotice>
              <p className="font-semibold">{t("sandboxCheckout.complete.title")}</p>
              <p className="mt-1">{t("sandboxCheckout.complete.body")}</p>
              <p className="mt-2">
                <Link href="/account/subscription" className={linkClass}>
                  {t("sandboxCheckout.complete.link")}
                </Link>
              </p>
            </FormNotice>
          ) : (
            <PayForm session={query.data} />
          )}
        </>
      )}
      <BackToPlans />
    </PageShell>
  );
}
