import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { BILLING_NS } from "../../lib/i18n";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useAuth } from "../auth/auth-context";
import { hasPremium, usePlans } from "./billing-api";
import { formatMoney, planPrice } from "./format";
import { bodyClass, CheckList, freeLimitsOf, LinkButton, mutedClass, PageShell, Panel } from "./ui";

type Feature = "insights" | "memoryLane" | "features";

/** Which promotion an address shows; /premium/features (and anything else) shows all of Premium. */
function featureOf(location: string): Feature {
  const path = location.toLowerCase().replace(/\/+$/, "");
  if (path === "/premium-insights") return "insights";
  if (path === "/premium-memory-lane") return "memoryLane";
  return "features";
}

const POINTS: Record<Feature, string[]> = {
  insights: ["patterns", "themes", "symbols", "techniques"],
  memoryLane: ["recall", "exercises", "connections", "progress"],
  features: ["translations", "insights", "oracle", "memoryLane"],
};

/** Where a member who already has Premium goes instead. */
const FEATURE_LINKS: Record<Feature, { href: string; key: string }[]> = {
  insights: [{ href: "/insights", key: "promo.open.insights" }],
  memoryLane: [{ href: "/memory-lane", key: "promo.open.memoryLane" }],
  features: [
    { href: "/insights", key: "promo.open.insights" },
    { href: "/memory-lane", key: "promo.open.memoryLane" },
  ],
};

/** "From $9.99 a month, or $99.99 a year (save 16%)", once the plans have arrived. */
function PriceLine() {
  const { t, i18n } = useTranslation(BILLING_NS);
  const { data: plans } = usePlans();
  if (!plans) return null;
  const monthly = planPrice(plans, "monthly");
  const yearly = planPrice(plans, "yearly");
  if (monthly === null || yearly === null) return null;
  const money = (amount: number) => formatMoney(amount, plans.currency, i18n.language);
  return (
    <p className={bodyClass}>
      {plans.yearlySavingsPercent > 0
        ? t("promo.priceLine", {
            monthly: money(monthly),
            yearly: money(yearly),
            percent: plans.yearlySavingsPercent,
          })
        : t("promo.priceLineNoSaving", { monthly: money(monthly), yearly: money(yearly) })}
    </p>
  );
}

/**
 * /premium-insights, /premium-memory-lane and /premium/features: what a premium feature offers and how to
 * get it. A member who already has Premium is pointed at the feature itself.
 */
export default function PremiumPromoPage() {
  const { t } = useTranslation(BILLING_NS);
  const [location] = useLocation();
  const feature = featureOf(location);
  useDocumentTitle(t(`promo.${feature}.documentTitle`));
  const { user } = useAuth();
  const premium = user ? hasPremium(user) : false;
  const limits = freeLimitsOf(user);

  return (
    <PageShell title={t(`promo.${feature}.title`)} lead={t(`promo.${feature}.lead`)}>
      <Panel title={t("promo.whatYouGet")}>
        <CheckList items={POINTS[feature].map((point) => t(`promo.${feature}.points.${point}`, limits))} />
      </Panel>
      {premium ? (
        <Panel title={t("promo.alreadyPremium.title")}>
          <p className={`mb-4 ${bodyClass}`}>{t("promo.alreadyPremium.body")}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            {FEATURE_LINKS[feature].map((link) => (
              <LinkButton key={link.href} href={link.href}>
                {t(link.key)}
              </LinkButton>
            ))}
          </div>
        </Panel>
      ) : (
        <Panel title={t("promo.getPremium")}>
          <div className="flex flex-col gap-4">
            <PriceLine />
            <div>
              <LinkButton href="/subscribe">{t("promo.cta")}</LinkButton>
            </div>
            <p className={mutedClass}>{t("promo.note")}</p>
          </div>
        </Panel>
      )}
    </PageShell>
  );
}
