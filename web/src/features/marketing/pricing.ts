import type { PlansResponse } from "../../../../contract/billing";

/**
 * Plan prices and free-tier limits shown on the public pages (decisions.md, "Free tier and plans").
 * The yearly saving label is derived from the two prices, never typed. These are the defaults the server
 * charges too; the landing page's pricing shows them at once and then the server's own figures
 * (GET /api/billing/plans), so a price set on the server reaches the page.
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

/** "$9.99" / "9,99 US$": an amount in the currency's main unit, in the reader's language. */
export function formatMoney(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, {
      style: "currency",
      currency: currency.toUpperCase(),
      // Whole amounts without cents ("$0"), prices with them ("$9.99").
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount);
  } catch {
    // An unknown currency code: the figure and the code as they came.
    return `${amount} ${currency}`;
  }
}

export function formatUsd(amount: number, language: string): string {
  return formatMoney(amount, "USD", language.startsWith("es") ? "es" : "en-US");
}

/** GET /api/billing/plans (public): the prices the server charges. Also the query key of the plans. */
export const PLANS_URL = "/api/billing/plans";

/** The prices a page shows: the built-in ones until the server's have arrived. */
export interface PublishedPrices {
  monthly: number;
  yearly: number;
  currency: string;
  /** The server's yearlySavingsPercent, never computed from rounded figures on the page. */
  savingPercent: number;
}

export const BUILT_IN_PRICES: PublishedPrices = {
  monthly: PREMIUM_MONTHLY_USD,
  yearly: PREMIUM_YEARLY_USD,
  currency: "USD",
  savingPercent: yearlySavingPercent(PREMIUM_MONTHLY_USD, PREMIUM_YEARLY_USD),
};

/** The figures of a PlansResponse, or null when it lacks a plan (the page keeps what it shows). */
export function pricesOf(plans: PlansResponse | null | undefined): PublishedPrices | null {
  const monthly = plans?.plans.find((plan) => plan.id === "monthly")?.price;
  const yearly = plans?.plans.find((plan) => plan.id === "yearly")?.price;
  if (!plans || monthly === undefined || yearly === undefined) return null;
  return { monthly, yearly, currency: plans.currency, savingPercent: plans.yearlySavingsPercent };
}

/** Interpolation values for texts that mention the free limits: {{translations}}, {{oracle}}, {{days}}. */
export const freeLimitValues = {
  translations: FREE_TRANSLATIONS_PER_DAY,
  oracle: FREE_ORACLE_CONSULTATIONS,
  days: FREE_ORACLE_WINDOW_DAYS,
} as const;
