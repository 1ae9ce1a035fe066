import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { PlanId, PlansResponse } from "../../../../contract/billing";
import { featureAvailable } from "../../../../contract/features";
import { Badge } from "../../components/ui/Badge";
import { LinkButton } from "../../components/ui/LinkButton";
import { PageShell, Panel } from "../../components/ui/Page";
import { bodyClass, h2Class, linkClass, mutedClass, panelClass } from "../../components/ui/page-styles";
import { LoadFailed, LoadingList } from "../../components/ui/Status";
import { BILLING_NS } from "../../lib/i18n";
import { useAuth } from "../auth/auth-context";
import { usePlansQuery, useSubscriptionStateQuery } from "./api";
import { formatMoney, perMonthOfYear, planPrice } from "./format";
import { PremiumBenefits, TestModeNotice } from "./ui";

function PlanCard({
  plans,
  id,
  showBuy,
  highlighted,
}: {
  plans: PlansResponse;
  id: PlanId;
  showBuy: boolean;
  highlighted: boolean;
}) {
  const { t, i18n } = useTranslation(BILLING_NS);
  const headingId = useId();
  const price = planPrice(plans, id);
  if (price === null) return null;
  const money = (amount: number) => formatMoney(amount, plans.currency, i18n.language);
  return (
    <article
      aria-labelledby={headingId}
      className={`${panelClass} flex flex-col ${highlighted ? "border-violet-400 dark:border-moon-400" : ""}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className={h2Class}>
          {t(`subscribe.${id}.name`)}
        </h2>
        {id === "yearly" && plans.yearlySavingsPercent > 0 ? (
          <Badge tone="highlight">{t("subscribe.save", { percent: plans.yearlySavingsPercent })}</Badge>
        ) : null}
      </div>
      <p className="mt-4 text-3xl font-semibold text-slate-900 dark:text-slate-50">
        {t(id === "monthly" ? "billing.perMonth" : "billing.perYear", { price: money(price) })}
      </p>
      {id === "yearly" ? (
        <p className={`mt-1 ${mutedClass}`}>
          {t("subscribe.yearlyPerMonth", { price: money(perMonthOfYear(price)) })}
        </p>
      ) : null}
      <p className={`mt-3 ${bodyClass}`}>{t(`subscribe.${id}.billing`)}</p>
      {showBuy ? (
        <div className="mt-auto pt-6">
          <LinkButton href={`/checkout?plan=${id}`} variant={highlighted ? "primary" : "secondary"}>
            {t(`subscribe.${id}.cta`)}
          </LinkButton>
        </div>
      ) : null}
    </article>
  );
}

/** /subscribe: the two plans with the server's prices, what Premium gives, and the way to checkout. */
export default function PlansPage() {
  const { t } = useTranslation(BILLING_NS);
  const { user } = useAuth();
  const plansQuery = usePlansQuery();
  const stateQuery = useSubscriptionStateQuery({ enabled: user !== null });
  const state = stateQuery.data;
  const premium = user?.isPremium === true || state?.isPremium === true;
  const unlimited = user?.hasUnlimitedAccess === true || state?.hasUnlimitedAccess === true;

  return (
    <PageShell
      documentTitle={t("subscribe.documentTitle")}
      width="medium"
      title={t("subscribe.title")}
      lead={t(featureAvailable.oracle ? "subscribe.lead" : "subscribe.leadWithoutOracle")}
    >
      {plansQuery.isPending ? (
        <LoadingList
          label={t("subscribe.loading")}
          skeleton={{ rows: 2, className: "grid gap-6 md:grid-cols-2", rowClassName: "h-80 rounded-2xl" }}
        />
      ) : plansQuery.isError ? (
        <LoadFailed message={t("subscribe.loadFailed")} onRetry={() => void plansQuery.refetch()} />
      ) : (
        <>
          {plansQuery.data.testMode ? <TestModeNotice /> : null}
          {premium ? (
            <div role="status" className={`${panelClass} border-emerald-400/70 dark:border-emerald-400/50`}>
              <p className="font-semibold text-slate-900 dark:text-slate-50">
                {t("subscribe.alreadyPremium.title")}
              </p>
              <p className={`mt-1 ${bodyClass}`}>
                {t(unlimited ? "subscribe.alreadyPremium.unlimited" : "subscribe.alreadyPremium.body")}
              </p>
              <p className="mt-3">
                <Link href="/account/subscription" className={linkClass}>
                  {t("subscribe.alreadyPremium.link")}
                </Link>
              </p>
            </div>
          ) : null}
          {!premium && state?.firstMonthFree ? (
            <p className="rounded-xl border border-emerald-400/70 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-400/50 dark:bg-emerald-950/50 dark:text-emerald-100">
              {t("subscribe.firstMonthFree")}
            </p>
          ) : null}
          <div className="grid gap-6 md:grid-cols-2">
            <PlanCard plans={plansQuery.data} id="monthly" showBuy={!premium} highlighted={false} />
            <PlanCard plans={plansQuery.data} id="yearly" showBuy={!premium} highlighted />
          </div>
        </>
      )}
      <Panel title={t("billing.benefits.title")}>
        <PremiumBenefits user={user} />
      </Panel>
      <p className={mutedClass}>{t("subscribe.note")}</p>
    </PageShell>
  );
}
