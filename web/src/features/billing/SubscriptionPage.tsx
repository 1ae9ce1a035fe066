import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import type { SubscriptionStateResponse } from "../../../../contract/billing";
import { featureAvailable } from "../../../../contract/features";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import { LinkButton } from "../../components/ui/LinkButton";
import { PageShell, Panel, ScrollTable } from "../../components/ui/Page";
import { bodyClass, linkClass, mutedClass, tdClass, warningClass } from "../../components/ui/page-styles";
import { LoadFailed, LoadingList, TABLE_SKELETON } from "../../components/ui/Status";
import { toast } from "../../components/ui/toast-store";
import { isApiError } from "../../lib/api";
import { BILLING_NS } from "../../lib/i18n";
import { useAuth } from "../auth/auth-context";
import {
  ENTITLING_STATUSES,
  followUrl,
  PAYMENT_PROBLEM_STATUSES,
  useCancelOrResumeMutation,
  useInvoicesQuery,
  useOpenPortalMutation,
  useRefreshBilling,
  useSubscriptionStateQuery,
} from "./api";
import { formatDate, formatMoney } from "./format";
import { freeLimitsOf, TestModeBadge } from "./ui";

type PlanLabel = "free" | "monthly" | "yearly" | "premium" | "unlimited";

function planLabelOf(state: SubscriptionStateResponse): PlanLabel {
  if (state.hasUnlimitedAccess) return "unlimited";
  if (state.isPremium) return state.subscription?.plan ?? "premium";
  return "free";
}

const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) && error.message ? error.message : fallback;

function CurrentPlan({ state }: { state: SubscriptionStateResponse }) {
  const { t, i18n } = useTranslation(BILLING_NS);
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const refreshBilling = useRefreshBilling();
  const [confirming, setConfirming] = useState(false);
  const subscription = state.subscription;
  const date = subscription?.currentPeriodEnd
    ? formatDate(subscription.currentPeriodEnd, i18n.language, user?.timezone)
    : null;
  const label = planLabelOf(state);
  // Claimed referral months: premium after the paid period, or without any subscription.
  const grantUntil = state.premiumGrantUntil
    ? formatDate(state.premiumGrantUntil, i18n.language, user?.timezone)
    : null;

  const change = useCancelOrResumeMutation();
  const run = (action: "cancel" | "resume") =>
    change.mutate(action, {
      onSuccess: () => {
        setConfirming(false);
        toast(
          action === "cancel"
            ? {
                title: t("subscriptionPage.toast.canceled"),
                description: date
                  ? t("subscriptionPage.toast.canceledUntil", { date })
                  : t("subscriptionPage.toast.canceledBody"),
              }
            : {
                title: t("subscriptionPage.toast.resumed"),
                description: t("subscriptionPage.toast.resumedBody"),
              },
        );
        void refreshBilling();
      },
      onError: (error) => {
        setConfirming(false);
        toast({
          title: t(
            action === "cancel"
              ? "subscriptionPage.toast.cancelFailed"
              : "subscriptionPage.toast.resumeFailed",
          ),
          description: messageOf(error, t("subscriptionPage.toast.tryAgain")),
          variant: "destructive",
        });
      },
    });

  const portal = useOpenPortalMutation({
    onSuccess: ({ url }) => followUrl(url, navigate),
    onError: (error) =>
      toast({
        title: t("subscriptionPage.toast.portalFailed"),
        description: messageOf(error, t("subscriptionPage.toast.tryAgain")),
        variant: "destructive",
      }),
  });

  const status = subscription?.status;
  const canCancel =
    subscription !== null &&
    status !== undefined &&
    ENTITLING_STATUSES.includes(status) &&
    !subscription.cancelAtPeriodEnd;
  const canResume = subscription?.cancelAtPeriodEnd === true && status !== "canceled";
  const paymentProblem = status !== undefined && PAYMENT_PROBLEM_STATUSES.includes(status);
  const row = "flex flex-col gap-0.5 sm:flex-row sm:gap-4";
  const term = "font-medium text-slate-900 sm:w-40 sm:shrink-0 dark:text-slate-50";

  return (
    <Panel title={t("subscriptionPage.current.title")} actions={state.testMode ? <TestModeBadge /> : null}>
      <dl className={`flex flex-col gap-3 ${bodyClass}`}>
        <div className={row}>
          <dt className={term}>{t("subscriptionPage.current.plan")}</dt>
          <dd className="font-semibold">{t(`subscriptionPage.plans.${label}`)}</dd>
        </div>
        <div className={row}>
          <dt className={term}>{t("subscriptionPage.current.status")}</dt>
          <dd>{status ? t(`billing.statuses.${status}`) : t("subscriptionPage.current.noSubscription")}</dd>
        </div>
        {date && subscription?.cancelAtPeriodEnd && status !== "canceled" ? (
          <div className={row}>
            <dt className={term}>{t("subscriptionPage.current.ends")}</dt>
            <dd>{t("subscriptionPage.current.premiumUntil", { date })}</dd>
          </div>
        ) : date && (status === "active" || status === "trialing" || status === "past_due") ? (
          <div className={row}>
            <dt className={term}>{t("subscriptionPage.current.renewal")}</dt>
            <dd>{t("subscriptionPage.current.renewsOn", { date })}</dd>
          </div>
        ) : null}
        {grantUntil ? (
          <div className={row}>
            <dt className={term}>{t("subscriptionPage.current.freeMonth")}</dt>
            <dd>{t("subscriptionPage.current.premiumUntil", { date: grantUntil })}</dd>
          </div>
        ) : null}
      </dl>
      {label === "free" ? (
        <p className={`mt-4 ${bodyClass}`}>
          {t(
            featureAvailable.oracle
              ? "subscriptionPage.current.freeBody"
              : "subscriptionPage.current.freeBodyWithoutOracle",
            freeLimitsOf(user),
          )}
        </p>
      ) : label === "unlimited" ? (
        <p className={`mt-4 ${bodyClass}`}>{t("subscriptionPage.current.unlimitedBody")}</p>
      ) : null}
      {subscription?.cancelAtPeriodEnd && status !== "canceled" ? (
        <p className={`mt-4 ${bodyClass}`}>{t("subscriptionPage.current.cancelNotice")}</p>
      ) : null}
      {paymentProblem ? (
        <div className={`mt-4 ${warningClass}`}>
          <p className="font-semibold">
            {t(`subscriptionPage.problem.${status === "incomplete" ? "incomplete" : "pastDue"}`)}
          </p>
          <p className="mt-1 text-sm">{t("subscriptionPage.problem.body")}</p>
          <p className="mt-2">
            <Link
              href="/stripe-checkout/recovery"
              className="font-semibold underline underline-offset-4 hover:no-underline"
            >
              {t("subscriptionPage.problem.link")}
            </Link>
          </p>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {label === "free" ? <LinkButton href="/subscribe">{t("subscriptionPage.upgrade")}</LinkButton> : null}
        {canResume ? (
          <Button
            onClick={() => run("resume")}
            pending={change.isPending && change.variables === "resume"}
            pendingLabel={t("subscriptionPage.resuming")}
          >
            {t("subscriptionPage.resume")}
          </Button>
        ) : null}
        {state.canOpenPortal && state.provider === "stripe" ? (
          <Button
            variant="secondary"
            onClick={() => portal.mutate()}
            pending={portal.isPending || portal.isSuccess}
            pendingLabel={t("subscriptionPage.opening")}
          >
            {t("subscriptionPage.manage")}
          </Button>
        ) : null}
        {canCancel ? (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t("subscriptionPage.cancel")}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("subscriptionPage.cancelDialog.title")}
        description={
          date
            ? t("subscriptionPage.cancelDialog.body", { date })
            : t("subscriptionPage.cancelDialog.bodyNoDate")
        }
        confirmLabel={t("subscriptionPage.cancelDialog.confirm")}
        pendingLabel={t("subscriptionPage.cancelDialog.pending")}
        pending={change.isPending && change.variables === "cancel"}
        onConfirm={() => run("cancel")}
      />
    </Panel>
  );
}

function Invoices() {
  const { t, i18n } = useTranslation(BILLING_NS);
  const { user } = useAuth();
  const query = useInvoicesQuery();
  return (
    <Panel title={t("subscriptionPage.invoices.title")}>
      {query.isPending ? (
        <LoadingList label={t("subscriptionPage.invoices.loading")} skeleton={TABLE_SKELETON} />
      ) : query.isError ? (
        <LoadFailed
          message={t("subscriptionPage.invoices.loadFailed")}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <p className={bodyClass}>{t("subscriptionPage.invoices.empty")}</p>
      ) : (
        <ScrollTable
          label={t("subscriptionPage.invoices.title")}
          wide
          columns={[
            t("subscriptionPage.invoices.date"),
            t("subscriptionPage.invoices.number"),
            t("subscriptionPage.invoices.amount"),
            t("subscriptionPage.invoices.status"),
            t("subscriptionPage.invoices.link"),
          ]}
        >
          {query.data.map((invoice) => (
            <tr key={invoice.id}>
              <td className={tdClass}>{formatDate(invoice.createdAt, i18n.language, user?.timezone)}</td>
              <td className={`${tdClass} font-mono`}>{invoice.number ?? "—"}</td>
              <td className={tdClass}>{formatMoney(invoice.amount, invoice.currency, i18n.language)}</td>
              <td className={tdClass}>
                {t(`subscriptionPage.invoices.statuses.${invoice.status}`, { defaultValue: invoice.status })}
              </td>
              <td className={tdClass}>
                {invoice.url ? (
                  <a href={invoice.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                    {t("subscriptionPage.invoices.view")}
                    <span className="sr-only">
                      {" "}
                      {t("subscriptionPage.invoices.viewFor", { number: invoice.number ?? invoice.id })}
                    </span>
                  </a>
                ) : (
                  <span className={mutedClass}>—</span>
                )}
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </Panel>
  );
}

/**
 * /account/subscription: the member's plan, its status and renewal, cancel / resume, the billing portal
 * (Stripe), and the invoices.
 */
export default function SubscriptionPage() {
  const { t } = useTranslation(BILLING_NS);
  const query = useSubscriptionStateQuery();
  return (
    <PageShell
      documentTitle={t("subscriptionPage.documentTitle")}
      width="medium"
      title={t("subscriptionPage.title")}
      lead={t("subscriptionPage.lead")}
    >
      {query.isPending ? (
        <LoadingList
          label={t("subscriptionPage.loading")}
          skeleton={{ rows: 1, rowClassName: "h-56 rounded-2xl" }}
        />
      ) : query.isError ? (
        <LoadFailed message={t("subscriptionPage.loadFailed")} onRetry={() => void query.refetch()} />
      ) : (
        <CurrentPlan state={query.data} />
      )}
      <Invoices />
    </PageShell>
  );
}
