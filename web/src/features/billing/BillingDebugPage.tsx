import { useTranslation } from "react-i18next";
import type { BillingDebugResponse } from "../../../../contract/billing";
import { Button } from "../../components/ui/Button";
import { PageShell, Panel, ScrollTable } from "../../components/ui/Page";
import { bodyClass, tdClass } from "../../components/ui/page-styles";
import { BusyStatus, LoadFailed } from "../../components/ui/Status";
import { toast } from "../../components/ui/toast-store";
import { isApiError } from "../../lib/api";
import { BILLING_NS } from "../../lib/i18n";
import {
  type SandboxReversal,
  useAdvanceSandboxSubscriptionMutation,
  useBillingDebugQuery,
  useReplayBillingEventMutation,
  useReverseSandboxInvoiceMutation,
} from "./api";
import { formatDateTime, formatMoney } from "./format";
import { TestModeBadge } from "./ui";

const NONE = "—";

const messageOf = (error: unknown, fallback: string) =>
  isApiError(error) && error.message ? error.message : fallback;

function Overview({ data }: { data: BillingDebugResponse }) {
  const { t, i18n } = useTranslation(BILLING_NS);
  const money = (amount: number) => formatMoney(amount, data.prices.currency, i18n.language);
  const rows: [string, string][] = [
    [t("billingAdmin.overview.provider"), t(`billingAdmin.providers.${data.provider}`)],
    [
      t("billingAdmin.overview.webhookSecret"),
      data.webhookSecretConfigured ? t("billingAdmin.yes") : t("billingAdmin.no"),
    ],
    [t("billingAdmin.overview.monthly"), money(data.prices.monthly)],
    [t("billingAdmin.overview.yearly"), money(data.prices.yearly)],
    [t("billingAdmin.overview.premiumUsers"), String(data.premiumUsers)],
    [t("billingAdmin.overview.activeSubscriptions"), String(data.activeSubscriptions)],
  ];
  return (
    <Panel
      title={t("billingAdmin.overview.title")}
      actions={data.provider === "sandbox" ? <TestModeBadge /> : null}
    >
      <dl className={`grid gap-x-6 gap-y-3 sm:grid-cols-2 ${bodyClass}`}>
        {rows.map(([term, value]) => (
          <div key={term} className="flex flex-col gap-0.5">
            <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{term}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

function RecentEvents({ data }: { data: BillingDebugResponse }) {
  const { t, i18n } = useTranslation(BILLING_NS);
  const replay = useReplayBillingEventMutation({
    onSuccess: (answer, eventId) =>
      toast({
        title: t("billingAdmin.events.replayed"),
        description: t("billingAdmin.events.outcome", { id: eventId, outcome: answer.outcome }),
      }),
    onError: (error) =>
      toast({
        title: t("billingAdmin.events.replayFailed"),
        description: messageOf(error, t("billingAdmin.tryAgain")),
        variant: "destructive",
      }),
  });
  return (
    <Panel title={t("billingAdmin.events.title")}>
      {data.recentEvents.length === 0 ? (
        <p className={bodyClass}>{t("billingAdmin.events.empty")}</p>
      ) : (
        <ScrollTable
          label={t("billingAdmin.events.title")}
          wide
          columns={[
            t("billingAdmin.events.eventId"),
            t("billingAdmin.events.type"),
            t("billingAdmin.events.outcomeColumn"),
            t("billingAdmin.events.user"),
            t("billingAdmin.events.subscription"),
            t("billingAdmin.events.time"),
            t("billingAdmin.actions"),
          ]}
        >
          {data.recentEvents.map((event) => (
            <tr key={event.eventId}>
              <td className={`${tdClass} font-mono break-all`}>{event.eventId}</td>
              <td className={`${tdClass} font-mono`}>{event.type}</td>
              <td className={tdClass}>{event.outcome}</td>
              <td className={tdClass}>{event.userId ?? NONE}</td>
              <td className={`${tdClass} font-mono break-all`}>{event.subscriptionId ?? NONE}</td>
              <td className={`${tdClass} whitespace-nowrap`}>
                {formatDateTime(event.createdAt, i18n.language)}
              </td>
              <td className={tdClass}>
                <RowAction
                  label={t("billingAdmin.events.replay")}
                  target={t("billingAdmin.events.replayFor", { id: event.eventId })}
                  onClick={() => replay.mutate(event.eventId)}
                  pending={replay.isPending && replay.variables === event.eventId}
                  disabled={replay.isPending}
                />
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </Panel>
  );
}

/** A table row's action: the visible label, and for screen readers the row it acts on. */
function RowAction(props: {
  label: string;
  target: string;
  onClick(): void;
  pending: boolean;
  disabled: boolean;
}) {
  return (
    <Button variant="secondary" onClick={props.onClick} pending={props.pending} disabled={props.disabled}>
      {props.label}
      <span className="sr-only"> {props.target}</span>
    </Button>
  );
}

function SandboxSubscriptions({ data }: { data: BillingDebugResponse }) {
  const { t, i18n } = useTranslation(BILLING_NS);
  const advance = useAdvanceSandboxSubscriptionMutation({
    onSuccess: (answer, { id }) =>
      toast({
        title: t("billingAdmin.sandbox.advanced"),
        description: t("billingAdmin.sandbox.outcome", { id, outcome: answer.outcome }),
      }),
    onError: (error) =>
      toast({
        title: t("billingAdmin.sandbox.advanceFailed"),
        description: messageOf(error, t("billingAdmin.tryAgain")),
        variant: "destructive",
      }),
  });
  const busy = (id: string, renewal: "paid" | "failed") =>
    advance.isPending && advance.variables?.id === id && advance.variables.renewal === renewal;
  return (
    <Panel title={t("billingAdmin.sandbox.title")}>
      {data.sandboxSubscriptions.length === 0 ? (
        <p className={bodyClass}>{t("billingAdmin.sandbox.empty")}</p>
      ) : (
        <ScrollTable
          label={t("billingAdmin.sandbox.title")}
          wide
          columns={[
            t("billingAdmin.sandbox.id"),
            t("billingAdmin.sandbox.customer"),
            t("billingAdmin.sandbox.plan"),
            t("billingAdmin.sandbox.status"),
            t("billingAdmin.sandbox.periodEnd"),
            t("billingAdmin.sandbox.flags"),
            t("billingAdmin.actions"),
          ]}
        >
          {data.sandboxSubscriptions.map((subscription) => (
            <tr key={subscription.id}>
              <td className={`${tdClass} font-mono break-all`}>{subscription.id}</td>
              <td className={`${tdClass} break-all`}>{subscription.customerEmail}</td>
              <td className={tdClass}>
                {subscription.plan ? t(`billing.plans.${subscription.plan}`) : NONE}
              </td>
              <td className={tdClass}>{t(`billing.statuses.${subscription.status}`)}</td>
              <td className={`${tdClass} whitespace-nowrap`}>
                {subscription.currentPeriodEnd
                  ? formatDateTime(subscription.currentPeriodEnd, i18n.language)
                  : NONE}
              </td>
              <td className={tdClass}>
                <ul className="flex flex-col gap-1">
                  {subscription.cancelAtPeriodEnd ? (
                    <li>{t("billingAdmin.sandbox.cancelAtPeriodEnd")}</li>
                  ) : null}
                  {subscription.renewalFails ? <li>{t("billingAdmin.sandbox.renewalFails")}</li> : null}
                  {!subscription.cancelAtPeriodEnd && !subscription.renewalFails ? <li>{NONE}</li> : null}
                </ul>
              </td>
              <td className={tdClass}>
                <div className="flex flex-col gap-2">
                  <RowAction
                    label={t("billingAdmin.sandbox.renew")}
                    target={t("billingAdmin.sandbox.forSubscription", { id: subscription.id })}
                    onClick={() => advance.mutate({ id: subscription.id, renewal: "paid" })}
                    pending={busy(subscription.id, "paid")}
                    disabled={advance.isPending}
                  />
                  <RowAction
                    label={t("billingAdmin.sandbox.fail")}
                    target={t("billingAdmin.sandbox.forSubscription", { id: subscription.id })}
                    onClick={() => advance.mutate({ id: subscription.id, renewal: "failed" })}
                    pending={busy(subscription.id, "failed")}
                    disabled={advance.isPending}
                  />
                </div>
              </td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </Panel>
  );
}

function SandboxInvoices({ data }: { data: BillingDebugResponse }) {
  const { t, i18n } = useTranslation(BILLING_NS);
  const reverse = useReverseSandboxInvoiceMutation({
    onSuccess: (answer, { id }) =>
      toast({
        title: t(`billingAdmin.invoices.${answer.outcome === "refunded" ? "refunded" : "disputed"}`),
        description: t("billingAdmin.invoices.outcome", { id, outcome: answer.outcome }),
      }),
    onError: (error) =>
      toast({
        title: t("billingAdmin.invoices.failed"),
        description: messageOf(error, t("billingAdmin.tryAgain")),
        variant: "destructive",
      }),
  });
  const busy = (id: string, action: SandboxReversal) =>
    reverse.isPending && reverse.variables?.id === id && reverse.variables.action === action;
  return (
    <Panel title={t("billingAdmin.invoices.title")}>
      {data.sandboxInvoices.length === 0 ? (
        <p className={bodyClass}>{t("billingAdmin.invoices.empty")}</p>
      ) : (
        <ScrollTable
          label={t("billingAdmin.invoices.title")}
          wide
          columns={[
            t("billingAdmin.invoices.number"),
            t("billingAdmin.sandbox.customer"),
            t("billingAdmin.invoices.amount"),
            t("billingAdmin.sandbox.status"),
            t("billingAdmin.invoices.card"),
            t("billingAdmin.invoices.created"),
            t("billingAdmin.sandbox.flags"),
            t("billingAdmin.actions"),
          ]}
        >
          {data.sandboxInvoices.map((invoice) => {
            const charged = invoice.paymentRef !== null;
            const refunded = invoice.amountRefundedCents > 0;
            return (
              <tr key={invoice.id}>
                <td className={`${tdClass} font-mono break-all`}>{invoice.number}</td>
                <td className={`${tdClass} break-all`}>{invoice.customerEmail}</td>
                <td className={`${tdClass} whitespace-nowrap`}>
                  {formatMoney(invoice.amountCents / 100, invoice.currency, i18n.language)}
                </td>
                <td className={tdClass}>
                  {t(`subscriptionPage.invoices.statuses.${invoice.status}`, {
                    defaultValue: invoice.status,
                  })}
                </td>
                <td className={`${tdClass} font-mono break-all`}>{invoice.cardFingerprint ?? NONE}</td>
                <td className={`${tdClass} whitespace-nowrap`}>
                  {formatDateTime(invoice.createdAt, i18n.language)}
                </td>
                <td className={tdClass}>
                  <ul className="flex flex-col gap-1">
                    {refunded ? (
                      <li>
                        {t("billingAdmin.invoices.refundedAmount", {
                          amount: formatMoney(
                            invoice.amountRefundedCents / 100,
                            invoice.currency,
                            i18n.language,
                          ),
                        })}
                      </li>
                    ) : null}
                    {invoice.disputed ? <li>{t("billingAdmin.invoices.disputedFlag")}</li> : null}
                    {!charged ? <li>{t("billingAdmin.invoices.notCharged")}</li> : null}
                    {charged && !refunded && !invoice.disputed ? <li>{NONE}</li> : null}
                  </ul>
                </td>
                <td className={tdClass}>
                  <div className="flex flex-col gap-2">
                    <RowAction
                      label={t("billingAdmin.invoices.refund")}
                      target={t("billingAdmin.invoices.forInvoice", { number: invoice.number })}
                      onClick={() => reverse.mutate({ id: invoice.id, action: "refund" })}
                      pending={busy(invoice.id, "refund")}
                      disabled={reverse.isPending || !charged || refunded}
                    />
                    <RowAction
                      label={t("billingAdmin.invoices.dispute")}
                      target={t("billingAdmin.invoices.forInvoice", { number: invoice.number })}
                      onClick={() => reverse.mutate({ id: invoice.id, action: "dispute" })}
                      pending={busy(invoice.id, "dispute")}
                      disabled={reverse.isPending || !charged || invoice.disputed}
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </ScrollTable>
      )}
    </Panel>
  );
}

/**
 * /subscription-test and /stripe-checkout/debug (admins): the payment provider's state, the recent webhook
 * events (each can be replayed) and, in the sandbox, its subscriptions with a way to end their period now and
 * its invoices with a way to refund or dispute them.
 */
export default function BillingDebugPage() {
  const { t } = useTranslation(BILLING_NS);
  const query = useBillingDebugQuery();
  return (
    <PageShell
      documentTitle={t("billingAdmin.documentTitle")}
      width="medium"
      title={t("billingAdmin.title")}
      lead={t("billingAdmin.lead")}
    >
      {query.isPending ? (
        <BusyStatus>{t("billingAdmin.loading")}</BusyStatus>
      ) : query.isError ? (
        <LoadFailed message={t("billingAdmin.loadFailed")} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Overview data={query.data} />
          <RecentEvents data={query.data} />
          {query.data.provider === "sandbox" ? (
            <>
              <SandboxSubscriptions data={query.data} />
              <SandboxInvoices data={query.data} />
            </>
          ) : null}
        </>
      )}
    </PageShell>
  );
}
