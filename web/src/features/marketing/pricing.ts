/**
 * Plan prices and free-tier limits shown on the public pages (decisions.md, "Free tier and plans").
 * The yearly saving label is derived from the two prices, never typed.
 */
export const PREMIUM_MONTHLY_USD = 9.99;
export const PREMIUM_YEARLY_USD = 99.99;
export const FREE_TRANSLATIONS_PER_DAY = 3;
export const FREE_ORACLE_CONSULTATIONS = 1;
export const FREE_ORACLE_WINDOW_DAYS = 30;

/** floor((1 - yearly / (12 × monthly)) × 100); the epsilon keeps e.g. 20.000…01 % and 19.999…9 % at 20. */
export function yearlySavingPercent(monthly = PREMIUM_MONTHLY_USD, yearly = PREMIUM_YEARLY_USD): number {
  if (!(monthly > 0) || !(yearly >= 0)) return 0;
  return Math.max(0, Math.floor((1 - yearly / (12 * monthly)) * 100 + 1e-9));
}

export function formatUsd(amount: number, language: string): string {
  return new Intl.NumberFormat(language.startsWith("es") ? "es" : "en-US", {
    style: "currency",
    currency: "USD",
    // Whole amounts without cents ("$0"), prices with them ("$9.99").
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

/** Interpolation values for texts that mention the free limits: {{translations}}, {{oracle}}, {{days}}. */
export const freeLimitValues = {
  translations: FREE_TRANSLATIONS_PER_DAY,
  oracle: FREE_ORACLE_CONSULTATIONS,
  days: FREE_ORACLE_WINDOW_DAYS,
} as const;
