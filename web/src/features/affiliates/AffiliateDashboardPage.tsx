import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { REFUND_WINDOW_DAYS } from "../../../../contract/referral-constants";
import type { AffiliateMe } from "../../../../contract/referrals";
import { Button, buttonClass } from "../../components/ui/Button";
import { PageShell, Panel, ScrollTable } from "../../components/ui/Page";
import { bodyClass, linkClass, mutedClass, tdClass, warningClass } from "../../components/ui/page-styles";
import { LoadFailed, LoadingList } from "../../components/ui/Status";
import { TextField } from "../../components/ui/TextField";
import { AFFILIATES_NS } from "../../lib/i18n";
import { useAuth } from "../auth/auth-context";
import { linkFor, useCopyReferral } from "../referrals/feedback";
import { COMMISSIONS_CSV_URL, useAffiliateMeQuery } from "./api";
import { effectiveRate, formatCents, formatCount, formatMonth, formatRate } from "./format";
import { Figures } from "./ui";

/** Whoever is or was an affiliate has a dashboard; a suspended one keeps it, earning nothing new. */
const hasDashboard = (me: AffiliateMe) => me.status === "active" || me.status === "suspended";

/**
 * /affiliate-dashboard: the link to share, what it brought (clicks, signups, conversions), the commissions in
 * total and month by month (pending, due, paid, reversed), and the ledger as a CSV file.
 */
export default function AffiliateDashboardPage() {
  const { t } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.dashboard" });
  const query = useAffiliateMeQuery();
  return (
    <PageShell title={t("title")} documentTitle={t("title")} lead={t("lead")}>
      {query.isPending ? (
        <LoadingList label={t("loading")} skeleton={{ rows: 4, rowClassName: "h-32 rounded-2xl" }} />
      ) : query.isError ? (
        <LoadFailed message={t("loadFailed")} onRetry={() => void query.refetch()} />
      ) : hasDashboard(query.data) ? (
        <Dashboard me={query.data} />
      ) : (
        <Panel title={t("notAffiliateTitle")}>
          <p className={bodyClass}>
            {t("notAffiliate")}{" "}
            <Link href="/referrals" className={linkClass}>
              {t("toReferrals")}
            </Link>
          </p>
        </Panel>
      )}
    </PageShell>
  );
}

function Dashboard({ me }: { me: AffiliateMe }) {
  const { t, i18n } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.dashboard" });
  const language = i18n.language;
  const money = (cents: number) => formatCents(cents, me.totals.currency, language);
  return (
    <>
      {me.status === "suspended" ? (
        <p role="status" className={warningClass}>
          {t("suspended")}
        </p>
      ) : null}
      <LinkPanel me={me} />
      <Panel title={t("statsTitle")}>
        <Figures
          items={[
            [t("clicks"), formatCount(me.stats.clicks, language)],
            [t("signups"), formatCount(me.stats.signups, language)],
            [t("conversions"), formatCount(me.stats.conversions, language)],
          ]}
        />
      </Panel>
      <Panel title={t("totalsTitle")} description={t("totalsIntro")}>
        <Figures
          items={[
            [t("earned"), money(me.totals.earnedCents)],
            [t("pending"), money(me.totals.pendingCents)],
            [t("due"), money(me.totals.dueCents)],
            [t("paid"), money(me.totals.paidCents)],
          ]}
        />
        <dl className={`mt-4 flex flex-col gap-2 ${bodyClass}`}>
          <div>
            <dt className="font-semibold">{t("pendingTerm")}</dt>
            <dd>{t("pendingMeaning", { days: REFUND_WINDOW_DAYS })}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t("dueTerm")}</dt>
            <dd>{t("dueMeaning")}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t("reversedTerm")}</dt>
            <dd>{t("reversedMeaning")}</dd>
          </div>
        </dl>
      </Panel>
      <Panel
        title={t("monthsTitle")}
        actions={
          <a href={COMMISSIONS_CSV_URL} download className={buttonClass("secondary")}>
            {t("downloadCsv")}
          </a>
        }
      >
        {me.months.length === 0 ? (
          <p className={bodyClass}>{t("noMonths")}</p>
        ) : (
          <ScrollTable
            label={t("monthsCaption")}
            columns={[t("month"), t("pending"), t("due"), t("paid"), t("reversed")]}
            wide
          >
            {me.months.map((month) => (
              <tr key={month.month}>
                <th scope="row" className={`${tdClass} text-left font-medium`}>
                  {formatMonth(month.month, language)}
                </th>
                <td className={`${tdClass} tabular-nums`}>{money(month.pendingCents)}</td>
                <td className={`${tdClass} tabular-nums`}>{money(month.dueCents)}</td>
                <td className={`${tdClass} tabular-nums`}>{money(month.paidCents)}</td>
                {/* A reversal takes money back: written as a deduction whichever sign the sum has. */}
                <td className={`${tdClass} tabular-nums`}>{money(-Math.abs(month.reversedCents))}</td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </Panel>
    </>
  );
}

function LinkPanel({ me }: { me: AffiliateMe }) {
  const { t, i18n } = useTranslation(AFFILIATES_NS, { keyPrefix: "affiliates.dashboard" });
  const code = useAuth().user?.referralCode ?? null;
  const copy = useCopyReferral();
  // The address the member is using (custom domains included), as on /referrals.
  const link = code ? linkFor(code) : me.link;
  return (
    <Panel
      title={t("linkTitle")}
      description={t("rate", { rate: formatRate(effectiveRate(me), i18n.language) })}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={t("linkLabel")}
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1"
        />
        {code ? <Button onClick={() => void copy("link", code)}>{t("copyLink")}</Button> : null}
      </div>
      <p className={`mt-2 ${mutedClass}`}>{t("linkHint")}</p>
    </Panel>
  );
}
