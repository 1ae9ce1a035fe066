import { REFERRAL_COOKIE_DAYS } from "../../../../contract/referral-constants";
import { LegalDocument } from "./LegalDocument";

const sections = [
  "collect",
  "purposes",
  "processing",
  "storage",
  "sharing",
  "retention",
  "cookies",
  "email",
  "push",
  "payments",
  "rights",
  "children",
  "changes",
  "contact",
] as const;

/** /privacy-policy: what CHITTA collects, why, where it is kept, and the user's rights. */
export default function PrivacyPage() {
  return (
    <LegalDocument
      ns="privacy"
      sectionIds={sections}
      summary
      values={{ referralCookieDays: REFERRAL_COOKIE_DAYS }}
    />
  );
}
