import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type Stripe from "stripe";
import {
  type PlanId,
  type SandboxSession as SandboxSessionView,
  sandboxCards,
} from "../../../../contract/billing";
import {
  sandboxCheckoutSessions,
  sandboxInvoices,
  sandboxSubscriptions,
  users,
} from "../../../db/schema/index";
import { entitlingStatuses } from "../../../integrations/payments/provider";
import { conflict, notFound, validationError } from "../../../lib/errors";
import {
  chargeObject,
  checkoutSessionObject,
  deliverEvents,
  disputeObject,
  invoiceObject,
  newInvoice,
  paymentOf,
  periodEnd,
  priceCents,
  recordEvent,
  type SandboxDeps,
  type SandboxSubscription,
  sandboxCardFingerprint,
  sandboxId,
  subscriptionObject,
} from "./sandbox-store";

export type PayOutcome = "succeeded" | "declined" | "processing_error";
export interface PayResult {
  outcome: PayOutcome;
  redirectTo: string | null;
  messageKey: string;
}

const messageKeys: Record<PayOutcome, string> = {
  succeeded: "billing.succeeded",
  declined: "billing.declined",
  processing_error: "billing.processingError",
};
const result = (outcome: PayOutcome, redirectTo: string | null = null): PayResult => ({
  outcome,
  redirectTo,
  messageKey: messageKeys[outcome],
});

/** Which test card was typed (what it does) and its fingerprint. */
function testCard(cardNumber: string) {
  const digits = cardNumber.replace(/[\s-]/g, "");
  const kind = (Object.keys(sandboxCards) as Array<keyof typeof sandboxCards>).find(
    (name) => sandboxCards[name] === digits,
  );
  if (!kind) throw validationError("errors.unknownTestCard", "cardNumber");
  return { kind, fingerprint: sandboxCardFingerprint(digits) };
}

async function findSandboxSession(deps: Pick<SandboxDeps, "db">, userId: number, sessionId: string) {
  const [row] = await deps.db
    .select({ session: sandboxCheckoutSessions, email: users.email })
    .from(sandboxCheckoutSessions)
    .innerJoin(users, eq(users.id, sandboxCheckoutSessions.userId))
    .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.userId, userId)));
  if (!row) throw notFound("errors.checkoutSessionNotFound");
  return row;
}

/** The test-mode checkout page's order: plan, price, account, and whether it is already paid. */
export async function getSandboxSession(
  deps: Pick<SandboxDeps, "db" | "billing">,
  userId: number,
  sessionId: string,
): Promise<SandboxSessionView> {
  const { session, email } = await findSandboxSession(deps, userId, sessionId);
  const plan: PlanId = session.plan === "yearly" ? "yearly" : "monthly";
  return {
    id: session.id,
    plan,
    amount: priceCents(deps.billing, plan) / 100,
    currency: deps.billing.currency,
    status: session.status === "open" ? "open" : "complete",
    email,
    firstMonthFree: session.trialDays > 0,
  };
}

/**
 * Pays a sandbox checkout with a test card. The success card creates the subscription and its first
 * invoice and emits what Stripe would (checkout.session.completed, customer.subscription.created,
 * invoice.paid); the entitlement follows from those events only.
 */
export async function paySandboxSession(
  deps: SandboxDeps,
  userId: number,
  sessionId: string,
  cardNumber: string,
): Promise<PayResult> {
  const { session } = await findSandboxSession(deps, userId, sessionId);
  if (session.status !== "open") throw conflict("errors.checkoutSessionComplete");
  const card = testCard(cardNumber);
  if (card.kind === "declined") return result("declined", `/stripe-checkout/recovery?session=${sessionId}`);
  if (card.kind === "needsRetry") {
    const [attempt] = await deps.db
      .update(sandboxCheckoutSessions)
      .set({ retryCardAttempts: sql`${sandboxCheckoutSessions.retryCardAttempts} + 1` })
      .where(eq(sandboxCheckoutSessions.id, sessionId))
      .returning({ attempts: sandboxCheckoutSessions.retryCardAttempts });
    if (attempt?.attempts === 1) return result("processing_error");
  }

  const now = deps.clock.now();
  const plan = session.plan as PlanId;
  const events = await deps.db.transaction(async (tx) => {
    // Two tabs paying one session: only the first completes it.
    const [open] = await tx
      .update(sandboxCheckoutSessions)
      .set({ status: "complete" })
      .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, "open")))
      .returning();
    if (!open) throw conflict("errors.checkoutSessionComplete");
    const [subscription] = await tx
      .insert(sandboxSubscriptions)
      .values({
        id: sandboxId("sub"),
        customerId: open.customerId,
        userId: open.userId,
        plan,
        status: open.trialDays > 0 ? "trialing" : "active",
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd(now, plan, open.trialDays),
        cardFingerprint: card.fingerprint,
        createdAt: now,
      })
      .returning();
    const [completed] = await tx
      .update(sandboxCheckoutSessions)
      .set({ subscriptionId: subscription!.id })
      .where(eq(sandboxCheckoutSessions.id, sessionId))
      .returning();
    const amount = open.trialDays > 0 ? 0 : priceCents(deps.billing, plan);
    const invoice = await newInvoice(tx, subscription!, amount, "paid", now);
    return [
      await recordEvent(tx, "checkout.session.completed", checkoutSessionObject(completed!), now),
      await recordEvent(tx, "customer.subscription.created", subscriptionObject(subscription!), now),
      await recordEvent(tx, "invoice.paid", invoiceObject(invoice, subscription!), now),
    ];
  });
  await deliverEvents(deps, events);
  return result("succeeded", `/stripe-checkout/success?session_id=${sessionId}`);
}

/** Pays the open invoice of a subscription whose renewal failed; a good card clears the failing card. */
export async function retrySandboxPayment(
  deps: SandboxDeps,
  userId: number,
  cardNumber: string,
): Promise<PayResult> {
  const [subscription] = await deps.db
    .select()
    .from(sandboxSubscriptions)
    .where(and(eq(sandboxSubscriptions.userId, userId), eq(sandboxSubscriptions.status, "past_due")))
    .orderBy(desc(sandboxSubscriptions.createdAt))
    .limit(1);
  if (!subscription) throw conflict("errors.noFailedPayment");
  const card = testCard(cardNumber);
  if (card.kind === "declined") return result("declined");

  const now = deps.clock.now();
  const events = await deps.db.transaction(async (tx) => {
    const [open] = await tx
      .select()
      .from(sandboxInvoices)
      .where(and(eq(sandboxInvoices.subscriptionId, subscription.id), eq(sandboxInvoices.status, "open")))
      .for("update");
    const [invoice] = open
      ? await tx
          .update(sandboxInvoices)
          .set({ status: "paid", ...paymentOf(open.amountCents, card.fingerprint) })
          .where(and(eq(sandboxInvoices.id, open.id), eq(sandboxInvoices.status, "open")))
          .returning()
      : [];
    // The card that paid becomes the one the next renewals charge.
    const [active] = await tx
      .update(sandboxSubscriptions)
      .set({ status: "active", renewalFails: false, cardFingerprint: card.fingerprint })
      .where(and(eq(sandboxSubscriptions.id, subscription.id), eq(sandboxSubscriptions.status, "past_due")))
      .returning();
    if (!invoice || !active) throw conflict("errors.noFailedPayment");
    return [
      await recordEvent(tx, "invoice.paid", invoiceObject(invoice, active), now),
      await recordEvent(tx, "customer.subscription.updated", subscriptionObject(active), now),
    ];
  });
  await deliverEvents(deps, events);
  return result("succeeded", "/account/subscription");
}

/**
 * Ends a subscription's current period now, as time passing would: one set to cancel ends (and so does one
 * whose renewal already failed once); otherwise it renews, with a paid invoice or, when the card fails, an
 * open one and the past_due status.
 */
export async function advanceSandboxSubscription(
  deps: SandboxDeps,
  subscriptionId: string,
  renewal: "paid" | "failed",
): Promise<string> {
  const now = deps.clock.now();
  const { outcome, events } = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.id, subscriptionId))
      .for("update");
    if (!current) throw notFound();
    if (!(entitlingStatuses as readonly string[]).includes(current.status))
      throw conflict("errors.noSubscription");
    if (current.cancelAtPeriodEnd || current.status === "past_due") {
      const [ended] = await tx
        .update(sandboxSubscriptions)
        .set({ status: "canceled", currentPeriodEnd: now })
        .where(eq(sandboxSubscriptions.id, subscriptionId))
        .returning();
      return {
        outcome: "canceled",
        events: [await recordEvent(tx, "customer.subscription.deleted", subscriptionObject(ended!), now)],
      };
    }
    const fails = renewal === "failed" || current.renewalFails;
    const [renewed] = await tx
      .update(sandboxSubscriptions)
      .set({
        status: fails ? "past_due" : "active",
        renewalFails: fails,
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd(now, current.plan as PlanId),
      })
      .where(eq(sandboxSubscriptions.id, subscriptionId))
      .returning();
    const invoice = await newInvoice(
      tx,
      renewed!,
      priceCents(deps.billing, current.plan as PlanId),
      fails ? "open" : "paid",
      now,
    );
    const invoiceEvent: Stripe.Event = await recordEvent(
      tx,
      fails ? "invoice.payment_failed" : "invoice.paid",
      invoiceObject(invoice, renewed!),
      now,
    );
    return {
      outcome: fails ? "past_due" : "renewed",
      events: [
        invoiceEvent,
        await recordEvent(tx, "customer.subscription.updated", subscriptionObject(renewed!), now),
      ],
    };
  });
  await deliverEvents(deps, events);
  return outcome;
}

/** Time passing in the sandbox: every subscription whose period is over renews or ends. */
export async function sweepSandbox(deps: SandboxDeps): Promise<number> {
  const due: Array<Pick<SandboxSubscription, "id">> = await deps.db
    .select({ id: sandboxSubscriptions.id })
    .from(sandboxSubscriptions)
    .where(
      and(
        lte(sandboxSubscriptions.currentPeriodEnd, deps.clock.now()),
        inArray(sandboxSubscriptions.status, [...entitlingStatuses]),
      ),
    )
    .limit(100);
  for (const { id } of due) await advanceSandboxSubscription(deps, id, "paid");
  return due.length;
}

export type SandboxReversal = "refund" | "dispute";

/**
 * The admin console's refund (in full) or chargeback of a paid sandbox invoice: the invoice records it and
 * the sandbox emits what Stripe would, `charge.refunded` or `charge.dispute.created`, naming the payment.
 * An invoice that charged nothing, or one already refunded (disputed), answers 409.
 */
export async function reverseSandboxInvoice(
  deps: SandboxDeps,
  invoiceId: string,
  reversal: SandboxReversal,
): Promise<string> {
  const now = deps.clock.now();
  const event = await deps.db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(sandboxInvoices)
      .where(eq(sandboxInvoices.id, invoiceId))
      .for("update");
    if (!invoice) throw notFound();
    const { paymentRef } = invoice;
    if (invoice.status !== "paid" || !paymentRef) throw conflict("errors.invoiceNotCharged");
    if (reversal === "refund" ? invoice.amountRefundedCents > 0 : invoice.disputed)
      throw conflict(reversal === "refund" ? "errors.invoiceRefunded" : "errors.invoiceDisputed");
    const [updated] = await tx
      .update(sandboxInvoices)
      .set(reversal === "refund" ? { amountRefundedCents: invoice.amountCents } : { disputed: true })
      .where(eq(sandboxInvoices.id, invoiceId))
      .returning();
    const charged = { ...updated!, paymentRef };
    return reversal === "refund"
      ? recordEvent(tx, "charge.refunded", chargeObject(charged), now)
      : recordEvent(tx, "charge.dispute.created", disputeObject(charged, now), now);
  });
  await deliverEvents(deps, [event]);
  return reversal === "refund" ? "refunded" : "disputed";
}
