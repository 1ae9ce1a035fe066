import type { PlansResponse } from "../../../../contract/billing";
import { DEFAULT_PRICES_USD, yearlySavingsPercent } from "../../../../contract/billing-constants";
import {
  FREE_ORACLE_CONSULTATIONS,
  FREE_ORACLE_WINDOW_DAYS,
  FREE_TRANSLATIONS_PER_DAY,
} from "../../../../contract/constants";

/*
 * Plan prices and free-tier limits shown on the public pages come from the contract (decisions.md, "Free tier
 * and plans"), the same figures the server charges by default. The landing page's pricing shows them at once
 * and then the server's own (GET /api/billing/plans), so a price set on the server reaches the page.
 */

// Creating a currency formatter costs the first render tens of milliseconds on a phone; each is made
// once, when first needed, and reused (the pricing block formats four amounts on every render).
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * US dollars in the two page languages written directly, in Intl's own form (pricing.test.ts compares the
 * two): a page's first Intl.NumberFormat loads the number data, about 200 ms on a phone, and the landing
 * page would pay it in its first render. Null for anything else (other currencies, thousands, fractions of
 * a cent), which Intl formats.
 */
function plainUsd(amount: number, code: string, language: string): string | null {
  const cents = Math.round(amount * 100);
  if (code !== "USD" || cents < 0 || cents >= 100_000 || Math.abs(cents - amount * 100) > 1e-6) return null;
  const figure = Number.isInteger(amount) ? String(amount) : (cents / 100).toFixed(2);
  if (language === "en-US") return `$${figure}`;
  if (language === "es") return `${figure.replace(".", ",")}\u00a0US$`;
  return null;
}

/** "$9.99" / "9,99 US$": an amount in the currency's main unit, in the reader's language. */
export function formatMoney(amount: number, currency: string, language: string): string {
  // Whole amounts without cents ("$0"), prices with them ("$9.99").
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  const code = currency.toUpperCase();
  const plain = plainUsd(amount, code, language);
  if (plain !== null) return plain;
  const key = `${language}|${code}|${fractionDigits}`;
  try {
    let format = moneyFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(language, {
        style: "currency",
        currency: code,
        minimumFractionDigits: fractionDigits,
      });
      moneyFormats.set(key, format);
    }
    return format.format(amount);
  } catch {
    // An unknown currency code: the figure and the code as they came.
    return `${amount} ${currency}`;
  }
}

export function formatUsd(amount: number, language: string): string {
  return formatMoney(amount, "USD", language.startsWith("es") ? "es" : "en-US");
}

/** The prices a page shows: the built-in ones until the server's have arrived. */
export interface PublishedPrices {
  monthly: number;
  yearly: number;
  currency: string;
  /** The server's yearlySavingsPercent, never computed from rounded figures on the page. */
  savingPercent: number;
}

export const BUILT_IN_PRICES: PublishedPrices = {
  monthly: DEFAULT_PRICES_USD.monthly,
  yearly: DEFAULT_PRICES_USD.yearly,
  currency: "USD",
  savingPercent: yearlySavingsPercent(DEFAULT_PRICES_USD.monthly, DEFAULT_PRICES_USD.yearly),
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
