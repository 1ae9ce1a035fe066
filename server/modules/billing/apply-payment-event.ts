import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { paymentCards, processedEvents, users } from "../../db/schema/index";
import {
  type InvoicePayment,
  type PaymentReversal,
  SubscriptionNotFoundError,
  type SubscriptionState,
} from "../../integrations/payments/provider";
import { AppError } from "../../lib/errors";
import { onInvoicePaid, onPaymentReversed } from "../referrals/payment-hooks";
import { type BillingMail, sendBillingMail } from "./billing-mails";
import { storeSubscriptionState } from "./entitlements";
import { revokeFreeMonth } from "./free-months";
import { viaProvider } from "./provider-failure";

export type BillingContext = Pick<AppContext, "db" | "payments" | "mailer" | "config" | "log" | "clock">;

export type EventOutcome = "applied" | "duplicate" | "ignored" | "unknown-customer" | "unknown-subscription";

export const handledEventTypes = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
  "charge.refunded",
  "charge.dispute.created",
]);

/** Events about a payment taken back: the referral and affiliate programmes undo what it earned. */
const reversalEventTypes = new Set(["charge.refunded", "charge.dispute.created"]);

type Fields = Record<string, unknown>;
const idOf = (value: unknown): string | null =>
  typeof value === "string"
    ? value
    : value && typeof value === "object" && "id" in value
      ? String(value.id)
      : null;

/** The customer and subscription an event is about, read from the Stripe-shaped object. */
function eventTarget(event: Stripe.Event): { customerId: string | null; subscriptionId: string | null } {
  const object = event.data.object as unknown as Fields;
  if (event.type.startsWith("customer.subscription.")) {
    return { customerId: idOf(object.customer), subscriptionId: idOf(object.id) };
  }
  if (event.type.startsWith("invoice.")) {
    // Since API 2025-03-31 an invoice names its subscription under parent.subscription_details.
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    return {
      customerId: idOf(object.customer),
      subscriptionId: idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription),
    };
  }
  return { customerId: idOf(object.customer), subscriptionId: idOf(object.subscription) };
}

/**
 * The payment a refund or dispute event names: its payment intent, or for a charge made without one (older
 * integrations) the charge itself. A dispute names no customer: the provider's record of the payment does.
 */
function reversedPaymentRef(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Fields;
  return (
    idOf(object.payment_intent) ?? (event.type === "charge.refunded" ? idOf(object.id) : idOf(object.charge))
  );
}

const notTheirs = (what: string, customerId: string | null) => new Error(`${what} is not ${customerId}'s`);

/** The paid invoice as the provider holds it (amount, payment, card); it must be the event's customer's. */
async function paidInvoice(ctx: BillingContext, event: Stripe.Event, customerId: string | null) {
  const invoiceId = idOf((event.data.object as unknown as Fields).id);
  if (!invoiceId) return null;
  const payment = await ctx.payments.retrieveInvoicePayment(invoiceId);
  if (payment.customerId !== customerId) throw notTheirs(`invoice ${invoiceId}`, customerId);
  return payment;
}

/** The payment's refunds and disputes as the provider holds them; an event naming a customer must match. */
async function paymentReversal(ctx: BillingContext, event: Stripe.Event, customerId: string | null) {
  const paymentRef = reversedPaymentRef(event);
  if (!paymentRef) return null;
  const reversal = await ctx.payments.retrievePaymentReversal(paymentRef);
  if (customerId && reversal.customerId !== customerId) throw notTheirs(`payment ${paymentRef}`, customerId);
  return reversal;
}

/**
 * What a verified payment event means to the referral and affiliate programmes, run inside the transaction that
 * records the event (so once per event): a paid invoice's card is remembered for self-referral checks and every
 * paid invoice is reported, a 0 trial invoice included; a refund or dispute is reported with the rewards it
 * takes back.
 */
async function applyPaymentFacts(
  tx: Queryable,
  facts: { provider: string; userId: number; now: Date },
  payment: InvoicePayment | null,
  reversal: PaymentReversal | null,
): Promise<number[]> {
  if (payment) {
    if (payment.cardFingerprint) {
      await tx
        .insert(paymentCards)
        .values({
          userId: facts.userId,
          provider: facts.provider,
          fingerprint: payment.cardFingerprint,
          firstSeenAt: facts.now,
        })
        .onConflictDoNothing();
    }
    await onInvoicePaid(tx, { ...facts, payment });
  }
  if (reversal) return (await onPaymentReversed(tx, { ...facts, reversal })).revokedClaimedRewardIds;
  return [];
}

function mailFor(event: Stripe.Event): BillingMail["kind"] | null {
  const object = event.data.object as unknown as Fields;
  if (event.type === "invoice.paid") return Number(object.amount_paid ?? 0) > 0 ? "receipt" : null;
  if (event.type === "invoice.payment_failed") return "paymentFailed";
  if (event.type === "customer.subscription.deleted") return "ended";
  return null;
}

/** Verifies a webhook delivery's signature on the raw body, then applies the event. */
export async function receiveWebhook(
  ctx: BillingContext,
  payload: string | Buffer,
  signature: string | undefined,
) {
  let event: Stripe.Event;
  try {
    event = ctx.payments.verifyEvent(payload, signature);
  } catch {
    throw new AppError("BAD_REQUEST", "errors.webhookSignature");
  }
  return viaProvider(ctx.log, () => applyPaymentEvent(ctx, event));
}

const sameState = (a: SubscriptionState, b: SubscriptionState) =>
  a.status === b.status &&
  a.plan === b.plan &&
  a.cancelAtPeriodEnd === b.cancelAtPeriodEnd &&
  a.currentPeriodEnd?.getTime() === b.currentPeriodEnd?.getTime();

/** The provider's state of the event's subscription now; null when the provider does not know it. */
async function currentState(ctx: BillingContext, subscriptionId: string, customerId: string | null) {
  try {
    const state = await ctx.payments.retrieveSubscription(subscriptionId);
    if (state.customerId !== customerId)
      throw new Error(`subscription ${subscriptionId} is not ${customerId}'s`);
    return state;
  } catch (error) {
    if (error instanceof SubscriptionNotFoundError) return null;
    throw error;
  }
}

const lockUserByCustomer = (tx: Queryable, customerId: string | null) =>
  customerId
    ? tx
        .select({ id: users.id, email: users.email, username: users.username, language: users.language })
        .from(users)
        .where(eq(users.stripeCustomerId, customerId))
        .for("update")
    : Promise.resolve([]);

const MAX_CONVERGE_ROUNDS = 5;

/** Stores a state read from the provider (idempotent: the same state stored twice changes nothing). */
async function syncState(ctx: BillingContext, customerId: string | null, state: SubscriptionState) {
  await ctx.db.transaction(async (tx) => {
    const [user] = await lockUserByCustomer(tx, customerId);
    if (user) await storeSubscriptionState(tx, ctx.payments.kind, user.id, state, ctx.clock.now());
  });
}

/**
 * Reads the provider again after storing, and stores again until both agree: when deliveries race, the
 * last one to finish leaves the provider's latest state, whatever order they were stored in.
 */
async function converge(
  ctx: BillingContext,
  subscriptionId: string,
  customerId: string | null,
  stored: SubscriptionState,
) {
  let last = stored;
  for (let round = 0; round < MAX_CONVERGE_ROUNDS; round++) {
    const fresh = await currentState(ctx, subscriptionId, customerId);
    if (!fresh || sameState(fresh, last)) return;
    await syncState(ctx, customerId, fresh);
    last = fresh;
  }
}

/**
 * Applies one verified event exactly once: the event id is recorded in the same transaction as the change
 * (a duplicate hits the unique key and applies nothing), and the change is the subscription's state read
 * from the provider, never the event's copy; so are a paid invoice's payment and a refunded or disputed
 * payment, handed to the referral and affiliate programmes in that transaction. Provider calls happen outside
 * the transaction, and the state converges on the provider's latest (see `converge`). A duplicate still
 * refreshes the stored state, so a delivery that failed after its event was recorded is completed by the
 * redelivery. Mails and the take-back of revoked free months happen once, after the commit of the application.
 */
export async function applyPaymentEvent(ctx: BillingContext, event: Stripe.Event): Promise<EventOutcome> {
  if (!handledEventTypes.has(event.type)) return "ignored";
  const { customerId, subscriptionId } = eventTarget(event);
  const provider = ctx.payments.kind;
  const state = subscriptionId ? await currentState(ctx, subscriptionId, customerId) : null;
  const payment = event.type === "invoice.paid" ? await paidInvoice(ctx, event, customerId) : null;
  const reversal = reversalEventTypes.has(event.type) ? await paymentReversal(ctx, event, customerId) : null;
  const payer = customerId ?? reversal?.customerId ?? null;

  const result = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(processedEvents)
      .values({ provider, eventId: event.id, type: event.type, subscriptionId })
      .onConflictDoNothing()
      .returning({ id: processedEvents.id });
    if (!inserted) return { outcome: "duplicate" as const };
    const record = async (outcome: EventOutcome, userId: number | null = null) => {
      await tx.update(processedEvents).set({ outcome, userId }).where(eq(processedEvents.id, inserted.id));
      return outcome;
    };
    const [user] = await lockUserByCustomer(tx, payer);
    if (!user) return { outcome: await record("unknown-customer") };
    if (subscriptionId && !state) return { outcome: await record("unknown-subscription", user.id) };
    const now = ctx.clock.now();
    if (state) await storeSubscriptionState(tx, provider, user.id, state, now);
    const revoked = await applyPaymentFacts(tx, { provider, userId: user.id, now }, payment, reversal);
    return { outcome: await record("applied", user.id), user, revoked };
  });

  // Taking a claimed month back moves a renewal at the provider: after the commit, never inside it.
  for (const rewardId of result.revoked ?? []) {
    await revokeFreeMonth(ctx, rewardId).catch((error: unknown) =>
      ctx.log.error({ err: error, eventId: event.id, rewardId }, "taking back a free month failed"),
    );
  }

  const kind = result.outcome === "applied" ? mailFor(event) : null;
  if (kind && "user" in result && result.user) {
    await sendBillingMail(ctx, { kind, user: result.user, event }).catch((error: unknown) =>
      ctx.log.error({ err: error, eventId: event.id }, "billing mail failed"),
    );
  }
  if (state && subscriptionId && (result.outcome === "applied" || result.outcome === "duplicate")) {
    if (result.outcome === "duplicate") await syncState(ctx, customerId, state);
    await converge(ctx, subscriptionId, customerId, state);
  }
  return result.outcome;
}
