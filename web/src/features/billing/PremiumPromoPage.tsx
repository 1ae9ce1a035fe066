import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import {
  type Feature as AppFeature,
  featureAvailable,
  featuresAvailable,
} from "../../../../contract/features";
import { LinkButton } from "../../components/ui/LinkButton";
import { PageShell, Panel } from "../../components/ui/Page";
import { bodyClass, mutedClass } from "../../components/ui/page-styles";
import { BILLING_NS } from "../../lib/i18n";
import { useAuth } from "../auth/auth-context";
import { usePlansQuery } from "./api";
import { formatMoney, planPrice } from "./format";
import { CheckList, freeLimitsOf } from "./ui";

type Feature = "insights" | "memoryLane" | "features";

/**
 * Which promotion an address shows; /premium/features (and anything else) shows all of Premium, and so do the
 * pages of a feature that does not work yet (`contract/features.ts`): nothing is promised before it works.
 */
function featureOf(location: string): Feature {
  const path = location.toLowerCase().replace(/\/+$/, "");
  if (path === "/premium-insights" && featureAvailable.insights) return "insights";
  if (path === "/premium-memory-lane" && featureAvailable.memoryLane) return "memoryLane";
  return "features";
}

/** Each point, with the features it promises (shown only once they work). */
const POINTS: Record<Feature, { key: string; needs?: AppFeature[] }[]> = {
  insights: [{ key: "patterns" }, { key: "themes" }, { key: "symbols" }, { key: "techniques" }],
  memoryLane: [{ key: "recall" }, { key: "exercises" }, { key: "connections" }, { key: "progress" }],
  features: [
    { key: "translations" },
    { key: "insights", needs: ["insights"] },
    { key: "oracle", needs: ["oracle"] },
    { key: "memoryLane", needs: ["memoryLane"] },
  ],
};

/** Where a member who already has Premium goes instead. */
const FEATURE_LINKS: Record<Feature, { href: string; key: string; needs: AppFeature[] }[]> = {
  insights: [{ href: "/insights", key: "promo.open.insights", needs: ["insights"] }],
  memoryLane: [{ href: "/memory-lane", key: "promo.open.memoryLane", needs: ["memoryLane"] }],
  features: [
    { href: "/insights", key: "promo.open.insights", needs: ["insights"] },
    { href: "/memory-lane", key: "promo.open.memoryLane", needs: ["memoryLane"] },
    { href: "/oracle", key: "promo.open.oracle", needs: ["oracle"] },
    { href: "/dream-input", key: "promo.open.translate", needs: [] },
  ],
};

/** "From $9.99 a month, or $99.99 a year (save 16%)", once the plans have arrived. */
function PriceLine() {
  const { t, i18n } = useTranslation(BILLING_NS);
  const { data: plans } = usePlansQuery();
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
  const { user } = useAuth();
  const premium = user?.isPremium === true;
  const limits = freeLimitsOf(user);

  return (
    <PageShell
      documentTitle={t(`promo.${feature}.documentTitle`)}
      width="medium"
      title={t(`promo.${feature}.title`)}
      lead={t(`promo.${feature}.lead`)}
    >
      <Panel title={t("promo.whatYouGet")}>
        <CheckList
          items={POINTS[feature]
            .filter(({ needs }) => featuresAvailable(needs))
            .map(({ key }) => t(`promo.${feature}.points.${key}`, limits))}
        />
      </Panel>
      {premium ? (
        <Panel title={t("promo.alreadyPremium.title")}>
          <p className={`mb-4 ${bodyClass}`}>{t("promo.alreadyPremium.body")}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            {FEATURE_LINKS[feature]
              .filter(({ needs }) => featuresAvailable(needs))
              .map((link) => (
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
