import { z } from "zod";
import { paymentProviders, planIds, subscriptionStatuses } from "./billing-constants";

export * from "./billing-constants";

export const planIdSchema = z.enum(planIds);

export const plansResponseSchema = z.object({
  provider: z.enum(paymentProviders),
  /** True for the built-in sandbox: the web labels every payment page "test mode". */
  testMode: z.boolean(),
  currency: z.string(),
  plans: z.array(z.object({ id: planIdSchema, price: z.number(), interval: z.enum(["month", "year"]) })),
  yearlySavingsPercent: z.number().int(),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

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
  /** Premium from claimed referral months runs until then (ISO 8601); null when no free month adds to the plan. */
  premiumGrantUntil: z.string().nullable(),
});
export type SubscriptionStateResponse = z.infer<typeof subscriptionStateResponseSchema>;

export const checkoutBodySchema = z.object({ plan: planIdSchema }).strict();
export const redirectResponseSchema = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

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
  /** The sandbox's newest invoices, each refundable or disputable from the console once charged. */
  sandboxInvoices: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      customerEmail: z.string(),
      subscriptionId: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      status: z.string(),
      /** Null when nothing was charged (a trial's 0 invoice, or one not paid). */
      paymentRef: z.string().nullable(),
      cardFingerprint: z.string().nullable(),
      amountRefundedCents: z.number().int(),
      disputed: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type BillingDebugResponse = z.infer<typeof billingDebugResponseSchema>;

export const eventIdParamsSchema = z.object({ id: z.string().min(3).max(100) }).strict();
export const replayResponseSchema = z.object({ outcome: z.string() });
/** What a replayed event or an advanced sandbox subscription came to. */
export type ReplayResponse = z.infer<typeof replayResponseSchema>;

export const sandboxAdvanceParamsSchema = z.object({ id: z.string().min(1).max(100) }).strict();
export const sandboxAdvanceBodySchema = z
  .object({
    /** End the current period now: renew (paid or failed payment), or end a subscription set to cancel. */
    renewal: z.enum(["paid", "failed"]).default("paid"),
  })
  .strict();
export type SandboxRenewal = z.output<typeof sandboxAdvanceBodySchema>["renewal"];

export const sandboxInvoiceParamsSchema = z.object({ id: z.string().min(1).max(100) }).strict();
