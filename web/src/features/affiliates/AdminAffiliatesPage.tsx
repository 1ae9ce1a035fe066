import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AFFILIATE_RATE_MAX,
  AFFILIATE_RATE_MIN,
  type AffiliateTier,
  affiliateTierIds,
  affiliateTiers,
  DEFAULT_AFFILIATE_TIER,
  REVIEW_NOTES_MAX,
} from "../../../../contract/referral-constants";
import type { AdminAffiliate } from "../../../../contract/referrals";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { ConfirmDialog } from "../../components/ui/ConfirmDialog";
import {
  errorMessageOf,
  Form,
  FormSelectField,
  FormTextField,
  SubmitRow,
  useForm,
} from "../../components/ui/form";
import { LinkButton } from "../../components/ui/LinkButton";
import { PageShell, Panel, ScrollTable } from "../../components/ui/Page";
import { bodyClass, h3Class, mutedClass, tdClass } from "../../components/ui/page-styles";
import { SelectField } from "../../components/ui/SelectField";
import { LoadFailed, LoadingList, TABLE_SKELETON } from "../../components/ui/Status";
import { toast } from "../../components/ui/toast-store";
import { AFFILIATES_NS } from "../../lib/i18n";
import {
  type AffiliateFilter,
  affiliateFilters,
  useAdminAffiliatePagesQuery,
  useAdminAffiliateQuery,
  useRecordPayoutMutation,
  useUpdateAffiliateMutation,
} from "./api";
import { effectiveRate, formatCents, formatCount, formatDateTime, formatRate } from "./format";
import { Figures, LoadMore } from "./ui";

type ListedAffiliate = Omit<AdminAffiliate, "payouts">;

/** Only these can be changed: the others appear because they have commissions on record. */
const isManageable = (affiliate: ListedAffiliate) =>
  affiliate.status === "active" || affiliate.status === "suspended";

/**
 * /admin/affiliate-management: the affiliates (all, active or suspended, a page at a time) and, for the one
 * chosen, their figures, tier and rate, suspension, and the payouts: those recorded and the next one.
 */
export default function AdminAffiliatesPage() {
  const { t } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.admin" });
  const [filter, setFilter] = useState<AffiliateFilter>("all");
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <PageShell
      title={t("management.title")}
      documentTitle={t("management.title")}
      lead={t("management.lead")}
      actions={
        <LinkButton href="/admin/affiliates" variant="secondary">
          {t("toApplications")}
        </LinkButton>
      }
    >
      <Panel title={t("management.listTitle")}>
        <div className="flex flex-col gap-4">
          <SelectField
            className="sm:max-w-xs"
            label={t("management.filter")}
            value={filter}
            onChange={(event) => setFilter(event.target.value as AffiliateFilter)}
          >
            {affiliateFilters.map((value) => (
              <option key={value} value={value}>
                {t(`management.filters.${value}`)}
              </option>
            ))}
          </SelectField>
          <AffiliateList filter={filter} selected={selected} onSelect={setSelected} />
        </div>
      </Panel>
      {selected === null ? null : <AffiliateDetail key={selected} userId={selected} />}
    </PageShell>
  );
}

function AffiliateList({
  filter,
  selected,
  onSelect,
}: {
  filter: AffiliateFilter;
  selected: number | null;
  onSelect(userId: number): void;
}) {
  const { t, i18n } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates" });
  const query = useAdminAffiliatePagesQuery(filter);
  const affiliates = useMemo(() => query.data?.pages.flatMap((page) => page.affiliates) ?? [], [query.data]);
  const language = i18n.language;
  if (query.isPending) return <LoadingList label={t("admin.management.loading")} skeleton={TABLE_SKELETON} />;
  if (query.isError && affiliates.length === 0) {
    return <LoadFailed message={t("admin.management.loadFailed")} onRetry={() => void query.refetch()} />;
  }
  if (affiliates.length === 0) return <p className={bodyClass}>{t("admin.management.empty")}</p>;
  return (
    <>
      <ScrollTable
        label={t("admin.management.listTitle")}
        columns={[
          t("admin.management.affiliate"),
          t("admin.management.status"),
          t("admin.management.rate"),
          t("admin.management.due"),
          t("admin.management.earned"),
          t("admin.management.actions"),
        ]}
        wide
      >
        {affiliates.map((affiliate) => (
          <tr key={affiliate.userId} aria-current={affiliate.userId === selected ? "true" : undefined}>
            <td className={tdClass}>
              <span className="block font-medium">{affiliate.username}</span>
              <span className={`block break-all ${mutedClass}`}>{affiliate.email}</span>
            </td>
            <td className={tdClass}>{t(`statuses.${affiliate.status}`)}</td>
            <td className={`${tdClass} tabular-nums`}>{formatRate(effectiveRate(affiliate), language)}</td>
            <td className={`${tdClass} tabular-nums`}>
              {formatCents(affiliate.totals.dueCents, affiliate.totals.currency, language)}
            </td>
            <td className={`${tdClass} tabular-nums`}>
              {formatCents(affiliate.totals.earnedCents, affiliate.totals.currency, language)}
            </td>
            <td className={tdClass}>
              <Button variant="secondary" onClick={() => onSelect(affiliate.userId)}>
                {t("admin.management.manage")}
                <span className="sr-only"> {t("admin.forName", { name: affiliate.username })}</span>
              </Button>
            </td>
          </tr>
        ))}
      </ScrollTable>
      <LoadMore query={query} />
    </>
  );
}

/** The chosen affiliate; its heading takes the focus, so keyboard and screen reader users land on it. */
function AffiliateDetail({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates" });
  const query = useAdminAffiliateQuery(userId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = query.data !== undefined;
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);
  if (query.isPending) return <LoadingList label={t("admin.detail.loading")} skeleton={{ rows: 3 }} />;
  if (query.isError) {
    return (
      <LoadFailed
        message={errorMessageOf(query.error, t("admin.detail.loadFailed"))}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const affiliate = query.data;
  const language = i18n.language;
  const money = (cents: number) => formatCents(cents, affiliate.totals.currency, language);
  return (
    <Panel
      title={affiliate.username}
      headingRef={headingRef}
      description={t("admin.detail.contact", {
        email: affiliate.email,
        payoutEmail: affiliate.payoutEmail ?? t("admin.detail.noPayoutEmail"),
      })}
      actions={<Badge>{t(`statuses.${affiliate.status}`)}</Badge>}
    >
      <div className="flex flex-col gap-6">
        <Figures
          items={[
            [t("dashboard.clicks"), formatCount(affiliate.stats.clicks, language)],
            [t("dashboard.signups"), formatCount(affiliate.stats.signups, language)],
            [t("dashboard.conversions"), formatCount(affiliate.stats.conversions, language)],
            [t("dashboard.earned"), money(affiliate.totals.earnedCents)],
            [t("dashboard.pending"), money(affiliate.totals.pendingCents)],
            [t("dashboard.due"), money(affiliate.totals.dueCents)],
            [t("dashboard.paid"), money(affiliate.totals.paidCents)],
          ]}
        />
        {isManageable(affiliate) ? (
          <>
            <RateForm affiliate={affiliate} />
            <StatusControl affiliate={affiliate} />
          </>
        ) : null}
        <PayoutForm affiliate={affiliate} />
        <PayoutHistory affiliate={affiliate} />
      </div>
    </Panel>
  );
}

interface RateValues {
  tier: AffiliateTier;
  /** Empty: the tier's rate applies. */
  ratePercent: string;
}

/** A custom rate has at most two decimals, within the contract's range. */
function isRate(text: string): boolean {
  if (!/^\d+([.,]\d{1,2})?$/.test(text)) return false;
  const rate = Number(text.replace(",", "."));
  return rate >= AFFILIATE_RATE_MIN && rate <= AFFILIATE_RATE_MAX;
}

/**
 * The custom rate to show: the server sends the rate in force, which is custom when it differs from the tier's.
 * A custom rate equal to the tier's shows empty, and saving then clears it: the same rate either way.
 */
function customRateOf(affiliate: AdminAffiliate, tier: AffiliateTier): string {
  return affiliate.ratePercent === null || affiliate.ratePercent === affiliateTiers[tier]
    ? ""
    : String(affiliate.ratePercent);
}

function RateForm({ affiliate }: { affiliate: AdminAffiliate }) {
  const { t, i18n } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates" });
  const optional = useTranslation().t("forms.optional");
  const tier = affiliateTierIds.find((id) => id === affiliate.tier) ?? DEFAULT_AFFILIATE_TIER;
  const form = useForm<RateValues>({
    defaultValues: { tier, ratePercent: customRateOf(affiliate, tier) },
  });
  const mutation = useUpdateAffiliateMutation(affiliate.userId, {
    onSuccess: (saved) =>
      toast({
        title: t("admin.detail.savedTitle"),
        description: t("admin.detail.saved", {
          name: saved.username,
          rate: formatRate(effectiveRate(saved), i18n.language),
        }),
      }),
  });
  return (
    <Form
      form={form}
      onSubmit={(values) =>
        mutation.mutateAsync({
          tier: values.tier,
          ratePercent:
            values.ratePercent.trim() === "" ? null : Number(values.ratePercent.trim().replace(",", ".")),
        })
      }
      serverErrors={{ fallback: t("admin.detail.saveFailed") }}
    >
      <h3 className={h3Class}>{t("admin.detail.rateTitle")}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormSelectField name="tier" label={t("admin.detail.tier")}>
          {affiliateTierIds.map((id) => (
            <option key={id} value={id}>
              {t("admin.detail.tierOption", {
                tier: t(`tierNames.${id}`),
                rate: formatRate(affiliateTiers[id], i18n.language),
              })}
            </option>
          ))}
        </FormSelectField>
        <FormTextField
          name="ratePercent"
          inputMode="decimal"
          autoComplete="off"
          label={t("admin.detail.customRate")}
          labelHint={optional}
          description={t("admin.detail.customRateHint", { min: AFFILIATE_RATE_MIN, max: AFFILIATE_RATE_MAX })}
          rules={{
            validate: (value: string) =>
              value.trim() === "" ||
              isRate(value.trim()) ||
              t("admin.detail.customRateInvalid", { min: AFFILIATE_RATE_MIN, max: AFFILIATE_RATE_MAX }),
          }}
        />
      </div>
      <SubmitRow>{t("admin.detail.saveRate")}</SubmitRow>
    </Form>
  );
}

/** Suspend (asked first: the affiliate stops earning) or reactivate. */
function StatusControl({ affiliate }: { affiliate: AdminAffiliate }) {
  const { t } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.admin.detail" });
  const [confirming, setConfirming] = useState(false);
  const name = affiliate.username;
  const mutation = useUpdateAffiliateMutation(affiliate.userId, {
    onSuccess: (saved) => {
      setConfirming(false);
      toast({
        title: t(saved.status === "suspended" ? "suspendedTitle" : "reactivatedTitle"),
        description: t(saved.status === "suspended" ? "suspended" : "reactivated", { name }),
      });
    },
    onError: (error) => {
      setConfirming(false);
      toast({
        title: t("errorTitle"),
        description: errorMessageOf(error, t("statusFailed")),
        variant: "destructive",
      });
    },
  });
  const suspended = affiliate.status === "suspended";
  return (
    <div className="flex flex-col items-start gap-2">
      <h3 className={h3Class}>{t("statusTitle")}</h3>
      <p className={bodyClass}>{t(suspended ? "isSuspended" : "isActive")}</p>
      {suspended ? (
        <Button
          variant="secondary"
          pending={mutation.isPending}
          onClick={() => mutation.mutate({ status: "active" })}
        >
          {t("reactivate")}
        </Button>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t("suspend")}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("suspendTitle", { name })}
        description={t("suspendBody", { name })}
        confirmLabel={t("suspend")}
        pending={mutation.isPending}
        onConfirm={() => mutation.mutate({ status: "suspended" })}
      />
    </div>
  );
}

interface PayoutValues {
  reference: string;
  note: string;
}

/** Records the payout of everything due (paid outside the app); the amount sent is the one shown. */
function PayoutForm({ affiliate }: { affiliate: AdminAffiliate }) {
  const { t, i18n } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.admin.payout" });
  const optional = useTranslation().t("forms.optional");
  const form = useForm<PayoutValues>({ defaultValues: { reference: "", note: "" } });
  const due = affiliate.totals.dueCents;
  const amount = formatCents(due, affiliate.totals.currency, i18n.language);
  const mutation = useRecordPayoutMutation(affiliate.userId, {
    onSuccess: () => {
      form.reset();
      toast({ title: t("recordedTitle"), description: t("recorded", { amount, name: affiliate.username }) });
    },
  });
  return (
    <Form
      form={form}
      onSubmit={(values) =>
        mutation.mutateAsync({
          // The server refuses the payout if what is due changed since this page was loaded.
          amountCents: due,
          ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
          ...(values.note.trim() ? { note: values.note.trim() } : {}),
        })
      }
      serverErrors={{ fallback: t("failed") }}
    >
      <h3 className={h3Class}>{t("title")}</h3>
      <p className={bodyClass}>{due > 0 ? t("due", { amount }) : t("nothingDue")}</p>
      {due > 0 ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormTextField
              name="reference"
              label={t("reference")}
              labelHint={optional}
              description={t("referenceHint")}
              autoComplete="off"
              maxLength={200}
            />
            <FormTextField
              name="note"
              label={t("note")}
              labelHint={optional}
              autoComplete="off"
              maxLength={REVIEW_NOTES_MAX}
            />
          </div>
          <SubmitRow pendingLabel={t("recording")}>{t("record", { amount })}</SubmitRow>
        </>
      ) : null}
    </Form>
  );
}

function PayoutHistory({ affiliate }: { affiliate: AdminAffiliate }) {
  const { t, i18n } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.admin.payout" });
  const language = i18n.language;
  return (
    <div className="flex flex-col gap-2">
      <h3 className={h3Class}>{t("historyTitle")}</h3>
      {affiliate.payouts.length === 0 ? (
        <p className={bodyClass}>{t("none")}</p>
      ) : (
        <ScrollTable
          label={t("historyTitle")}
          columns={[t("date"), t("amount"), t("reference"), t("note"), t("recordedBy")]}
          wide
        >
          {affiliate.payouts.map((payout) => (
            <tr key={payout.id}>
              <td className={tdClass}>{formatDateTime(payout.createdAt, language)}</td>
              <td className={`${tdClass} tabular-nums`}>
                {formatCents(payout.amountCents, payout.currency, language)}
              </td>
              <td className={`${tdClass} break-all`}>{payout.reference ?? "—"}</td>
              <td className={`${tdClass} whitespace-pre-line`}>{payout.note ?? "—"}</td>
              <td className={tdClass}>{payout.recordedBy ?? "—"}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </div>
  );
}
