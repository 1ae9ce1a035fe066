/** Billing constants, free of zod so the web bundle can import them (see error-codes.ts). */

export const planIds = ["monthly", "yearly"] as const;
export type PlanId = (typeof planIds)[number];

export const paymentProviders = ["stripe", "sandbox"] as const;
export type PaymentProviderKind = (typeof paymentProviders)[number];

export const subscriptionStatuses = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Premium while the subscription runs, including a renewal whose payment is being retried. */
export const entitlingStatuses: readonly SubscriptionStatus[] = ["active", "trialing", "past_due"];

/** decisions.md "Free tier and plans": the prices charged unless the server is configured otherwise (PRICE_*_USD). */
export const DEFAULT_PRICES_USD: Readonly<Record<PlanId, number>> = { monthly: 9.99, yearly: 99.99 };

/**
 * decisions.md: premium is a premium tier or unlimited access granted by CHITTA. The server decides with this and
 * sends the answer as `isPremium`; clients read that field instead of calling this again.
 */
export function isPremium(user: { subscriptionTier: string; hasUnlimitedAccess: boolean }): boolean {
  return user.subscriptionTier === "premium" || user.hasUnlimitedAccess;
}

/** decisions.md: the yearly label is computed from the prices, 1 - yearly / (12 x monthly), rounded down. */
export function yearlySavingsPercent(monthlyPrice: number, yearlyPrice: number): number {
  if (monthlyPrice <= 0) return 0;
  // Prices are compared in cents so 9.99 and 99.99 give exactly 16, not 16.0000001 rounded the wrong way.
  const monthlyCents = Math.round(monthlyPrice * 100);
  const yearlyCents = Math.round(yearlyPrice * 100);
  return Math.max(0, Math.floor(((12 * monthlyCents - yearlyCents) * 100) / (12 * monthlyCents)));
}

/** The sandbox's test cards: what each does is shown on the checkout page. */
export const sandboxCards = {
  succeeds: "4242424242424242",
  /** More cards that succeed (Stripe's own test numbers), so two customers can pay with different cards. */
  succeedsMastercard: "5555555555554444",
  succeedsDebit: "4000056655665556",
  declined: "4000000000000002",
  /** A processing error on the first attempt; the same card goes through when tried again. */
  needsRetry: "4000000000000119",
} as const;
