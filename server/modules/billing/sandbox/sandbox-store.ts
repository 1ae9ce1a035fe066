import { createHash, randomBytes } from "node:crypto";
import type Stripe from "stripe";
import type { PlanId } from "../../../../contract/billing";
import type { BillingConfig } from "../../../config";
import type { Clock } from "../../../context";
import type { Database, Queryable } from "../../../db/client";
import {
  type sandboxCheckoutSessions,
  sandboxEvents,
  sandboxInvoices,
  type sandboxSubscriptions,
} from "../../../db/schema/index";
import { signStripePayload } from "../../../integrations/payments/provider";

export type SandboxSubscription = typeof sandboxSubscriptions.$inferSelect;
export type SandboxInvoice = typeof sandboxInvoices.$inferSelect;
export type SandboxSession = typeof sandboxCheckoutSessions.$inferSelect;

export interface SandboxDeps {
  db: Database;
  clock: Clock;
  billing: BillingConfig;
  /** Hands a signed delivery to the webhook handler, exactly as a POST to /api/webhooks/stripe would. */
  deliver(payload: string, signature: string): Promise<unknown>;
  log: { error(object: unknown, message: string): void };
}

export const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString("hex")}`;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * A test card's fingerprint: the same card number always gives the same one, whoever pays with it, as Stripe's
 * `payment_method_details.card.fingerprint` does (self-referral checks compare them).
 */
export const sandboxCardFingerprint = (digits: string) =>
  `fp_sandbox_${createHash("sha256").update(digits).digest("hex").slice(0, 16)}`;

/** The charge of a paid invoice, named after its payment (one charge per payment in the sandbox). */
const chargeIdOf = (paymentRef: string) => paymentRef.replace(/^pi_/, "ch_");

export const priceCents = (billing: BillingConfig, plan: PlanId) => Math.round(billing.prices[plan] * 100);

export function periodEnd(start: Date, plan: PlanId, trialDays = 0): Date {
  const end = new Date(start);
  if (trialDays > 0) end.setUTCDate(end.getUTCDate() + trialDays);
  else if (plan === "yearly") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

// Stripe-shaped objects (API 2025+ shapes), so the sandbox's events read exactly like Stripe's.

export function subscriptionObject(row: SandboxSubscription) {
  return {
    id: row.id,
    object: "subscription",
    customer: row.customerId,
    status: row.status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    metadata: { plan: row.plan, userId: String(row.userId) },
    items: {
      object: "list",
      data: [
        {
          id: `si_${row.id}`,
          object: "subscription_item",
          current_period_start: unix(row.currentPeriodStart),
          current_period_end: unix(row.currentPeriodEnd),
          price: { id: `price_sandbox_${row.plan}`, object: "price" },
        },
      ],
    },
  };
}

export function invoiceObject(invoice: SandboxInvoice, subscription: SandboxSubscription) {
  return {
    id: invoice.id,
    object: "invoice",
    number: invoice.number,
    customer: invoice.customerId,
    amount_due: invoice.amountCents,
    amount_paid: invoice.status === "paid" ? invoice.amountCents : 0,
    currency: invoice.currency,
    status: invoice.status,
    created: unix(invoice.createdAt),
    hosted_invoice_url: null,
    lines: {
      data: [
        {
          period: { start: unix(subscription.currentPeriodStart), end: unix(subscription.currentPeriodEnd) },
        },
      ],
    },
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: subscription.id, metadata: { plan: subscription.plan } },
    },
  };
}

/** The charge that paid an invoice (Stripe's `charge.refunded` carries it). */
export function chargeObject(invoice: SandboxInvoice & { paymentRef: string }) {
  return {
    id: chargeIdOf(invoice.paymentRef),
    object: "charge",
    amount: invoice.amountCents,
    amount_refunded: invoice.amountRefundedCents,
    currency: invoice.currency,
    customer: invoice.customerId,
    payment_intent: invoice.paymentRef,
    paid: true,
    refunded: invoice.amountRefundedCents >= invoice.amountCents,
    disputed: invoice.disputed,
    status: "succeeded",
    created: unix(invoice.createdAt),
  };
}

/** A dispute (chargeback) of an invoice's charge: it names the payment and the charge, not the customer. */
export function disputeObject(invoice: SandboxInvoice & { paymentRef: string }, now: Date) {
  return {
    id: sandboxId("dp"),
    object: "dispute",
    amount: invoice.amountCents,
    currency: invoice.currency,
    charge: chargeIdOf(invoice.paymentRef),
    payment_intent: invoice.paymentRef,
    reason: "fraudulent",
    status: "needs_response",
    created: unix(now),
  };
}

export function checkoutSessionObject(session: SandboxSession) {
  return {
    id: session.id,
    object: "checkout.session",
    mode: "subscription",
    customer: session.customerId,
    client_reference_id: String(session.userId),
    subscription: session.subscriptionId,
    status: session.status,
    payment_status: "paid",
    metadata: { plan: session.plan, userId: String(session.userId) },
  };
}

/**
 * What paying an invoice with a card leaves on it: a payment (Stripe: a payment intent) and the card's
 * fingerprint. Nothing is charged for 0 (a trial's invoice), so it has neither.
 */
export const paymentOf = (amountCents: number, cardFingerprint: string | null) =>
  amountCents > 0
    ? { paymentRef: sandboxId("pi"), cardFingerprint }
    : { paymentRef: null, cardFingerprint: null };

/** A new invoice of the subscription; a paid one is charged to the subscription's card. */
export async function newInvoice(
  tx: Queryable,
  subscription: SandboxSubscription,
  amountCents: number,
  status: "paid" | "open",
  now: Date,
) {
  const [invoice] = await tx
    .insert(sandboxInvoices)
    .values({
      id: sandboxId("in"),
      number: `SBX-${now.getUTCFullYear()}-${randomBytes(3).toString("hex").toUpperCase()}`,
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      amountCents,
      currency: "usd",
      status,
      ...(status === "paid" && paymentOf(amountCents, subscription.cardFingerprint)),
      createdAt: now,
    })
    .returning();
  return invoice!;
}

/** Records an event (inside the caller's transaction); it is delivered with `deliverEvents` after commit. */
export async function recordEvent(
  tx: Queryable,
  type: string,
  object: object,
  now: Date,
): Promise<Stripe.Event> {
  const event = {
    id: sandboxId("evt"),
    object: "event",
    api_version: "sandbox",
    created: unix(now),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  } as unknown as Stripe.Event;
  await tx.insert(sandboxEvents).values({ id: event.id, type, payload: event, createdAt: now });
  return event;
}

/** Signs each event like Stripe and hands it to the webhook handler, in order; a failed one can be replayed. */
export async function deliverEvents(deps: SandboxDeps, events: Stripe.Event[]) {
  for (const event of events) {
    const payload = JSON.stringify(event);
    try {
      await deps.deliver(payload, signStripePayload(payload, deps.billing.sandboxWebhookSecret));
    } catch (error) {
      deps.log.error(
        { err: error, eventId: event.id },
        "sandbox event delivery failed; replay it from the console",
      );
    }
  }
}
