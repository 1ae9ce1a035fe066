import { useTranslation } from "react-i18next";
import { LegalDocument } from "./LegalDocument";
import { formatUsd, freeLimitValues, PREMIUM_MONTHLY_USD, PREMIUM_YEARLY_USD } from "./pricing";

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
    monthly: formatUsd(PREMIUM_MONTHLY_USD, language),
    yearly: formatUsd(PREMIUM_YEARLY_USD, language),
  };
  return <LegalDocument ns="terms" sectionIds={sections} values={values} />;
}
