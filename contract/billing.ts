import { z } from "zod";

export const planIds = ["monthly", "yearly"] as const;
export const planIdSchema = z.enum(planIds);
export type PlanId = z.infer<typeof planIdSchema>;

export const paymentProviders = ["stripe", "sandbox"] as const;
export type PaymentProviderKind = (typeof paymentProviders)[number];

/** decisions.md: the yearly label is computed from the prices, 1 - yearly / (12 x monthly), rounded down. */
export function yearlySavingsPercent(monthlyPrice: number, yearlyPrice: number): number {
  if (monthlyPrice <= 0) return 0;
  // Prices are compared in cents so 9.99 and 99.99 give exactly 16, not 16.0000001 rounded the wrong way.
  const monthlyCents = Math.round(monthlyPrice * 100);
  const yearlyCents = Math.round(yearlyPrice * 100);
  return Math.max(0, Math.floor(((12 * monthlyCents - yearlyCents) * 100) / (12 * monthlyCents)));
}

export const plansResponseSchema = z.object({
  provider: z.enum(paymentProviders),
  /** True for the built-in sandbox: the web labels every payment page "test mode". */
  testMode: z.boolean(),
  currency: z.string(),
  plans: z.array(z.object({ id: planIdSchema, price: z.number(), interval: z.enum(["month", "year"]) })),
  yearlySavingsPercent: z.number().int(),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

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

export const subscriptionSchema = z.object({
  id: z.string(),
  plan: planIdSchema.nullable(),
  status: z.enum(subscriptionStatuses),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type SubscriptionView = z.infer<typeof subscriptionSchema>;

export const subscriptionStateResponseSchema = z.object({
  isPremium: z.boolean(),
  subscriptionTier: z.string(),
  hasUnlimitedAccess: z.boolean(),
  provider: z.enum(paymentProviders),
  testMode: z.boolean(),
  /** The subscription that decides the plan (null when the user never subscribed). */
  subscription: subscriptionSchema.nullable(),
  /** A Billing Portal exists for this user (Stripe customer created). */
  canOpenPortal: z.boolean(),
  /** The referral offer applies to the next checkout: first month free. */
  firstMonthFree: z.boolean(),
});
export type SubscriptionStateResponse = z.infer<typeof subscriptionStateResponseSchema>;

export const checkoutBodySchema = z.object({ plan: planIdSchema }).strict();
export const redirectResponseSchema = z.object({ url: z.string() });

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  createdAt: z.string(),
  url: z.string().nullable(),
});
export const invoicesResponseSchema = z.object({ invoices: z.array(invoiceSchema) });
export type InvoiceView = z.infer<typeof invoiceSchema>;

// --- Sandbox provider (no Stripe keys): the local "test mode" checkout ----------------------------------

/** The sandbox's test cards: what each does is shown on the checkout page. */
export const sandboxCards = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  /** A processing error on the first attempt; the same card goes through when tried again. */
  needsRetry: "4000000000000119",
} as const;

export const sandboxSessionParamsSchema = z.object({ id: z.string().min(1).max(100) }).strict();

export const sandboxSessionSchema = z.object({
  id: z.string(),
  plan: planIdSchema,
  amount: z.number(),
  currency: z.string(),
  status: z.enum(["open", "complete"]),
  email: z.string(),
  firstMonthFree: z.boolean(),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;

export const sandboxPayBodySchema = z.object({ cardNumber: z.string().trim().min(12).max(23) }).strict();

export const sandboxPayResponseSchema = z.object({
  outcome: z.enum(["succeeded", "declined", "processing_error"]),
  /** Where the browser goes next (success page, or the recovery page after a decline). */
  redirectTo: z.string().nullable(),
  message: z.string(),
});
export type SandboxPayResponse = z.infer<typeof sandboxPayResponseSchema>;

// --- Admin: provider state, recent events, replay ----------------------------------------------------

export const billingEventSchema = z.object({
  eventId: z.string(),
  type: z.string(),
  outcome: z.string(),
  userId: z.number().int().nullable(),
  subscriptionId: z.string().nullable(),
  createdAt: z.string(),
});

export const billingDebugResponseSchema = z.object({
  provider: z.enum(paymentProviders),
  webhookSecretConfigured: z.boolean(),
  prices: z.object({ monthly: z.number(), yearly: z.number(), currency: z.string() }),
  premiumUsers: z.number().int(),
  activeSubscriptions: z.number().int(),
  recentEvents: z.array(billingEventSchema),
  sandboxSubscriptions: z.array(
    subscriptionSchema.extend({ customerEmail: z.string(), renewalFails: z.boolean() }),
  ),
});
export type BillingDebugResponse = z.infer<typeof billingDebugResponseSchema>;

export const eventIdParamsSchema = z.object({ id: z.string().min(3).max(255) }).strict();
export const replayResponseSchema = z.object({ outcome: z.string() });

export const sandboxAdvanceParamsSchema = z.object({ id: z.string().min(1).max(100) }).strict();
export const sandboxAdvanceBodySchema = z
  .object({
    /** End the current period now: renew (paid or failed payment), or end a subscription set to cancel. */
    renewal: z.enum(["paid", "failed"]).default("paid"),
  })
  .strict();
