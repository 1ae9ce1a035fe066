import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { type Feature, featuresAvailable } from "../../../../contract/features";
import { Icon } from "../../components/layout/icons";
import { Badge } from "../../components/ui/Badge";
import { bodyClass, linkClass, warningClass } from "../../components/ui/page-styles";
import { BILLING_NS } from "../../lib/i18n";
import { freeLimitValues } from "../marketing/pricing";

/* What only the billing pages share; the page parts (shell, panels, buttons) are the kit's, components/ui. */

export function TestModeBadge() {
  const { t } = useTranslation(BILLING_NS);
  return <Badge tone="warning">{t("billing.testMode.badge")}</Badge>;
}

/** The "Test mode" badge with what it means: the sandbox moves no money. */
export function TestModeNotice({ children }: { children?: ReactNode }) {
  const { t } = useTranslation(BILLING_NS);
  return (
    <div className={`flex flex-col gap-2 sm:flex-row sm:items-start ${warningClass}`}>
      <div className="shrink-0">
        <TestModeBadge />
      </div>
      <p className="text-sm">{children ?? t("billing.testMode.explanation")}</p>
    </div>
  );
}

const CheckIcon = () => (
  <Icon>
    <path d="M5 12l5 5L20 7" />
  </Icon>
);

/** A list with a check mark before each point. */
export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item} className={`flex gap-3 ${bodyClass}`}>
          <span className="mt-0.5 shrink-0 text-violet-700 dark:text-moon-300">
            <CheckIcon />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The free limits the member has now (their own, from the user), for "instead of 3 a day". */
export function freeLimitsOf(user: { translationsLimit?: number; oracleLimit?: number } | null) {
  return {
    translations: user?.translationsLimit ?? freeLimitValues.translations,
    oracle: user?.oracleLimit ?? freeLimitValues.oracle,
    days: freeLimitValues.days,
  };
}

/** What Premium gives, against the member's current free limits; only what works today (`contract/features.ts`). */
export function PremiumBenefits({
  user,
}: {
  user: { translationsLimit?: number; oracleLimit?: number } | null;
}) {
  const { t } = useTranslation(BILLING_NS);
  const limits = freeLimitsOf(user);
  const benefits: { text: string; needs?: Feature[] }[] = [
    { text: t("billing.benefits.translations", limits) },
    // The deeper insight of a premium translation, which works today (not the Insights page).
    { text: t("billing.benefits.insights") },
    { text: t("billing.benefits.oracle", limits), needs: ["oracle"] },
    { text: t("billing.benefits.patterns"), needs: ["insights", "memoryLane"] },
  ];
  return (
    <CheckList items={benefits.filter(({ needs }) => featuresAvailable(needs)).map(({ text }) => text)} />
  );
}

/** The way back to the plans, at the bottom of every payment page. */
export function BackToPlans() {
  const { t } = useTranslation(BILLING_NS);
  return (
    <p>
      <Link href="/subscribe" className={linkClass}>
        {t("billing.backToPlans")}
      </Link>
    </p>
  );
}
