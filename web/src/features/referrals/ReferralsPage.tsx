import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ReferralEntry, ReferralOverview, Reward } from "../../../../contract/referrals";
import { Badge } from "../../components/ui/Badge";
import { Button } from "../../components/ui/Button";
import { FormError } from "../../components/ui/FormError";
import { errorMessageOf } from "../../components/ui/form";
import { LoadMore } from "../../components/ui/LoadMore";
import { PageShell, Panel } from "../../components/ui/Page";
import { bodyClass, h3Class, mutedClass } from "../../components/ui/page-styles";
import { LoadFailed, LoadingList } from "../../components/ui/Status";
import { TextField } from "../../components/ui/TextField";
import { REFERRALS_NS } from "../../lib/i18n";
import { AffiliateSection } from "../affiliates/AffiliateSection";
import { useAuth } from "../auth/auth-context";
import { formatDate } from "../billing/format";
import { useClaimRewardMutation, useReferralOverviewQuery } from "./api";
import { linkFor, useClaimToasts, useCopyReferral } from "./feedback";

const PAGE_NS = { keyPrefix: "referrals.page" } as const;

/** A month the member earned and can claim now; the referee's own first month is applied at checkout instead. */
const isClaimable = (reward: Reward) => reward.status === "pending" && reward.type === "referrer_free_month";

/** The reader's date of an ISO instant, in their language and time zone. */
function useDay() {
  const { i18n } = useTranslation();
  const { user } = useAuth();
  return (iso: string) => formatDate(iso, i18n.language, user?.timezone);
}

/** /referrals: the link and code to share, the totals, the months to claim, who signed up; then affiliates. */
export default function ReferralsPage() {
  const { t } = useTranslation(REFERRALS_NS, PAGE_NS);
  const query = useReferralOverviewQuery();
  const overview = query.data?.pages[0];
  return (
    <PageShell title={t("title")} documentTitle={t("documentTitle")} lead={t("lead")}>
      {query.isPending ? (
        <LoadingList label={t("loading")} skeleton={{ rows: 3, rowClassName: "h-32 rounded-2xl" }} />
      ) : overview === undefined ? (
        <LoadFailed message={t("loadFailed")} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <SharePanel code={overview.referralCode} />
          <StatsPanel stats={overview.stats} />
          <ClaimPanel rewards={overview.rewards.filter(isClaimable)} />
          <HistoryPanel query={query} />
        </>
      )}
      <AffiliateSection />
    </PageShell>
  );
}

function SharePanel({ code }: { code: string }) {
  const { t } = useTranslation(REFERRALS_NS, { keyPrefix: "referrals.page.share" });
  const copy = useCopyReferral();
  const rows = [
    { what: "link", label: t("link"), value: linkFor(code), button: t("copyLink") },
    { what: "code", label: t("code"), value: code, button: t("copyCode") },
  ] as const;
  return (
    <Panel title={t("title")} description={t("description")}>
      <div className="flex flex-col gap-4">
        {rows.map((row) => (
          <div key={row.what} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <TextField
              label={row.label}
              value={row.value}
              readOnly
              // One tap selects it all, for copying by hand when the clipboard is refused.
              onFocus={(event) => event.currentTarget.select()}
              className="flex-1"
            />
            <Button
              variant={row.what === "link" ? "primary" : "secondary"}
              onClick={() => void copy(row.what, code)}
            >
              {row.button}
            </Button>
          </div>
        ))}
      </div>
    </Panel>
  );
}

function StatsPanel({ stats }: { stats: ReferralOverview["stats"] }) {
  const { t, i18n } = useTranslation(REFERRALS_NS, { keyPrefix: "referrals.page.stats" });
  const number = new Intl.NumberFormat(i18n.language);
  const figures = [
    ["signedUp", stats.signedUp],
    ["converted", stats.converted],
    ["available", stats.freeMonthsAvailable],
    ["claimed", stats.freeMonthsClaimed],
  ] as const;
  return (
    <Panel title={t("title")}>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {figures.map(([key, value]) => (
          <div key={key} className="flex flex-col-reverse gap-1">
            <dt className={mutedClass}>{t(key)}</dt>
            <dd className="text-3xl font-semibold text-slate-900 tabular-nums dark:text-slate-50">
              {number.format(value)}
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/** The months earned and not yet claimed, each with its button; a refusal (409: already claimed) says why. */
function ClaimPanel({ rewards }: { rewards: Reward[] }) {
  const { t } = useTranslation(REFERRALS_NS, { keyPrefix: "referrals.page.rewards" });
  const { t: tClaim } = useTranslation(REFERRALS_NS, { keyPrefix: "referrals.claim" });
  const day = useDay();
  const toasts = useClaimToasts();
  const [error, setError] = useState("");
  const claim = useClaimRewardMutation({
    onMutate: () => setError(""),
    onSuccess: toasts.claimed,
    onError: (failure) => setError(errorMessageOf(failure, tClaim("failed"))),
  });
  if (rewards.length === 0 && !error) return null;
  return (
    <Panel title={t("title")} description={t("description")}>
      <FormError message={error} className="mb-4" />
      <ul className="flex flex-col gap-3">
        {rewards.map((reward) => {
          const date = day(reward.earnedAt);
          return (
            <li
              key={reward.id}
              className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className={bodyClass}>
                {reward.refereeName ? t("itemFrom", { date, name: reward.refereeName }) : t("item", { date })}
              </span>
              <Button
                disabled={claim.isPending}
                pending={claim.isPending && claim.variables === reward.id}
                pendingLabel={t("claiming")}
                onClick={() => claim.mutate(reward.id)}
              >
                {t("claim")}
              </Button>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}

function HistoryPanel({ query }: { query: ReturnType<typeof useReferralOverviewQuery> }) {
  const { t } = useTranslation(REFERRALS_NS, { keyPrefix: "referrals.page.history" });
  const entries = useMemo(() => query.data?.pages.flatMap((page) => page.history) ?? [], [query.data]);
  if (entries.length === 0) return <HowItWorks />;
  return (
    <Panel title={t("title")}>
      <div className="flex flex-col gap-4">
        <p role="status" className={mutedClass}>
          {t("shown", { count: entries.length })}
        </p>
        <ul
          className="flex flex-col divide-y divide-slate-200 dark:divide-night-700"
          aria-busy={query.isFetchingNextPage}
        >
          {entries.map((entry) => (
            <li key={entry.id} className="py-3 first:pt-0">
              <HistoryEntry entry={entry} />
            </li>
          ))}
        </ul>
        <LoadMore
          query={query}
          labels={{ more: t("loadMore"), loading: t("loadingMore"), failed: t("moreFailed") }}
        />
      </div>
    </Panel>
  );
}

function HistoryEntry({ entry }: { entry: ReferralEntry }) {
  const { t } = useTranslation(REFERRALS_NS, { keyPrefix: "referrals.page.history" });
  const day = useDay();
  return (
    <article className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className={h3Class}>{entry.refereeName}</h3>
        <Badge tone={entry.stage === "rejected" || entry.stage === "refunded" ? "warning" : "accent"}>
          {t(`stage.${entry.stage}`)}
        </Badge>
      </div>
      <p className={mutedClass}>
        {t("signedUpOn", { date: day(entry.signedUpAt) })}
        {entry.convertedAt ? ` · ${t("convertedOn", { date: day(entry.convertedAt) })}` : null}
      </p>
      {entry.rejectedReason ? <p className={bodyClass}>{t(`reason.${entry.rejectedReason}`)}</p> : null}
    </article>
  );
}

/** The empty history: how the programme works, so the first share is an informed one. */
function HowItWorks() {
  const { t } = useTranslation(REFERRALS_NS, { keyPrefix: "referrals.page.empty" });
  return (
    <Panel title={t("title")} description={t("intro")}>
      <ol className={`flex list-decimal flex-col gap-2 pl-6 ${bodyClass}`}>
        <li>{t("steps.share")}</li>
        <li>{t("steps.signup")}</li>
        <li>{t("steps.reward")}</li>
      </ol>
      <p className={`mt-4 ${mutedClass}`}>{t("note")}</p>
    </Panel>
  );
}
