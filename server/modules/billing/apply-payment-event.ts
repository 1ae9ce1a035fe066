import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { processedEvents, users } from "../../db/schema/index";
import { SubscriptionNotFoundError, type SubscriptionState } from "../../integrations/payments/provider";
import { AppError } from "../../lib/errors";
import { type BillingMail, sendBillingMail } from "./billing-mails";
import { storeSubscriptionState } from "./entitlements";
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
]);

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

/**
 * Applies one verified event exactly once: the event id is recorded in the same transaction as the change
 * (a duplicate hits the unique key and changes nothing), and the change is the subscription's state read
 * from the provider, never the event's copy. Provider calls happen outside the transaction; after storing,
 * the state is read again and stored again until the two agree, so when events race or arrive out of order
 * the last writer always leaves the provider's latest state. The user's row lock serialises the tier update.
 */
export async function applyPaymentEvent(ctx: BillingContext, event: Stripe.Event): Promise<EventOutcome> {
  if (!handledEventTypes.has(event.type)) return "ignored";
  const { customerId, subscriptionId } = eventTarget(event);
  const provider = ctx.payments.kind;
  let state = subscriptionId ? await currentState(ctx, subscriptionId, customerId) : null;

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
    const [user] = await lockUserByCustomer(tx, customerId);
    if (!user) return { outcome: await record("unknown-customer") };
    if (subscriptionId && !state) return { outcome: await record("unknown-subscription", user.id) };
    if (state) await storeSubscriptionState(tx, provider, user.id, state, ctx.clock.now());
    return { outcome: await record("applied", user.id), user };
  });

  if (result.outcome === "applied" && state && subscriptionId && "user" in result && result.user) {
    const userId = result.user.id;
    for (let round = 0; round < MAX_CONVERGE_ROUNDS; round++) {
      const fresh = await currentState(ctx, subscriptionId, customerId);
      if (!fresh || sameState(fresh, state)) break;
      state = fresh;
      await ctx.db.transaction(async (tx) => {
        await lockUserByCustomer(tx, customerId);
        await storeSubscriptionState(tx, provider, userId, fresh, ctx.clock.now());
      });
    }
  }

  // Mails go out only after the change is committed, once per event.
  const kind = result.outcome === "applied" ? mailFor(event) : null;
  if (kind && "user" in result && result.user) {
    await sendBillingMail(ctx, { kind, user: result.user, event }).catch((error: unknown) =>
      ctx.log.error({ err: error, eventId: event.id }, "billing mail failed"),
    );
  }
  return result.outcome;
}
