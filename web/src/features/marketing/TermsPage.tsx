import { useTranslation } from "react-i18next";
import { DEFAULT_PRICES_USD } from "../../../../contract/billing-constants";
import {
  AFFILIATE_COMMISSION_MONTHS,
  affiliateTiers,
  DEFAULT_AFFILIATE_TIER,
  FREE_MONTH_DAYS,
  REFERRAL_REWARDS_PER_MONTH,
  REFUND_WINDOW_DAYS,
} from "../../../../contract/referral-constants";
import { LegalDocument } from "./LegalDocument";
import { formatUsd, freeLimitValues } from "./pricing";

const sections = [
  "notAdvice",
  "accounts",
  "acceptableUse",
  "yourContent",
  "community",
  "subscriptions",
  "referrals",
  "availability",
  "liability",
  "termination",
  "changes",
  "contact",
] as const;

/** /terms-of-service: the agreement for using CHITTA. */
export default function TermsPage() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const values = {
    ...freeLimitValues,
    monthly: formatUsd(DEFAULT_PRICES_USD.monthly, language),
    yearly: formatUsd(DEFAULT_PRICES_USD.yearly, language),
    freeMonthDays: FREE_MONTH_DAYS,
    refundDays: REFUND_WINDOW_DAYS,
    rewardsPerMonth: REFERRAL_REWARDS_PER_MONTH,
    commissionPercent: affiliateTiers[DEFAULT_AFFILIATE_TIER],
    commissionMonths: AFFILIATE_COMMISSION_MONTHS,
  };
  return <LegalDocument ns="terms" sectionIds={sections} values={values} />;
}
