import {
  type AffiliateTier,
  affiliateTiers,
  DEFAULT_AFFILIATE_TIER,
} from "../../../../contract/referral-constants";

/** Money, months and rates of the affiliate pages, in the reader's language. */

export { formatDate, formatDateTime } from "../billing/format";

// A currency formatter is costly to create; the dashboard formats dozens of amounts per render.
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, language: string): Intl.NumberFormat | null {
  const key = `${language}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language, { style: "currency", currency: currency.toUpperCase() });
    } catch {
      return null;
    }
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * An amount the server keeps in integer minor units ("cents") written in the reader's language: 2050 USD is
 * "$20.50" in English and "20,50 US$" in Spanish. The currency's own number of decimals turns cents into units
 * (none for yen).
 */
export function formatCents(cents: number, currency: string, language: string): string {
  const format = moneyFormat(currency, language);
  if (!format) return `${(cents / 100).toFixed(2)} ${currency}`;
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  // `+ 0` turns -0 into 0, which Intl would write with a minus sign.
  return format.format(cents / 10 ** decimals + 0);
}

/** "March 2025" / "marzo de 2025" for a "YYYY-MM" month (UTC, as the server groups entries). */
export function formatMonth(month: string, language: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}

/** A count in the reader's language ("1,234" / "1234"). */
export const formatCount = (value: number, language: string) => new Intl.NumberFormat(language).format(value);

/** A commission rate such as 20 or 22.5 as "20%" / "20 %". */
export const formatRate = (percent: number, language: string) =>
  new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 2 }).format(percent / 100);

const isTier = (tier: string | null): tier is AffiliateTier =>
  tier !== null && Object.hasOwn(affiliateTiers, tier);

/** The rate in force as the server sends it; without one, the tier's (the default tier's when none is set). */
export const effectiveRate = (affiliate: { tier: string | null; ratePercent: number | null }) =>
  affiliate.ratePercent ?? affiliateTiers[isTier(affiliate.tier) ? affiliate.tier : DEFAULT_AFFILIATE_TIER];
