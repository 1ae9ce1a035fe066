import { desc, eq, inArray, sql } from "drizzle-orm";
import type { BillingDebugResponse } from "../../../contract/billing";
import type { AppContext } from "../../context";
import {
  billingSubscriptions,
  processedEvents,
  sandboxInvoices,
  sandboxSubscriptions,
  users,
} from "../../db/schema/index";
import { entitlingStatuses } from "../../integrations/payments/provider";
import { notFound } from "../../lib/errors";
import { applyPaymentEvent, type BillingContext } from "./apply-payment-event";
import { presentSubscription } from "./entitlements";
import { sandboxState } from "./sandbox/sandbox-provider";

const count = sql<number>`count(*)::int`;

/**
 * The admin's view of the payment provider: configuration, recent events, and the sandbox's subscriptions and
 * invoices.
 */
export async function getBillingConsole(
  ctx: Pick<AppContext, "db" | "payments" | "config">,
): Promise<BillingDebugResponse> {
  const { billing } = ctx.config;
  const sandboxed = ctx.payments.kind === "sandbox";
  const [[premium], [active], events, sandbox, invoices] = await Promise.all([
    ctx.db.select({ count }).from(users).where(eq(users.subscriptionTier, "premium")),
    ctx.db
      .select({ count })
      .from(billingSubscriptions)
      .where(inArray(billingSubscriptions.status, [...entitlingStatuses])),
    ctx.db.select().from(processedEvents).orderBy(desc(processedEvents.id)).limit(50),
    sandboxed
      ? ctx.db
          .select({ subscription: sandboxSubscriptions, email: users.email })
          .from(sandboxSubscriptions)
          .innerJoin(users, eq(users.id, sandboxSubscriptions.userId))
          .orderBy(desc(sandboxSubscriptions.createdAt))
          .limit(50)
      : [],
    sandboxed
      ? ctx.db
          .select({ invoice: sandboxInvoices, email: users.email })
          .from(sandboxInvoices)
          .innerJoin(sandboxSubscriptions, eq(sandboxSubscriptions.id, sandboxInvoices.subscriptionId))
          .innerJoin(users, eq(users.id, sandboxSubscriptions.userId))
          .orderBy(desc(sandboxInvoices.createdAt), desc(sandboxInvoices.id))
          .limit(50)
      : [],
  ]);
  return {
    provider: ctx.payments.kind,
    webhookSecretConfigured: ctx.payments.kind === "sandbox" || Boolean(billing.stripe?.webhookSecret),
    prices: { ...billing.prices, currency: billing.currency },
    premiumUsers: premium?.count ?? 0,
    activeSubscriptions: active?.count ?? 0,
    recentEvents: events.map((event) => ({
      eventId: event.eventId,
      type: event.type,
      outcome: event.outcome,
      userId: event.userId,
      subscriptionId: event.subscriptionId,
      createdAt: event.createdAt.toISOString(),
    })),
    sandboxSubscriptions: sandbox.map(({ subscription, email }) => ({
      ...presentSubscription(sandboxState(subscription)),
      customerEmail: email,
      renewalFails: subscription.renewalFails,
    })),
    sandboxInvoices: invoices.map(({ invoice, email }) => ({
      id: invoice.id,
      number: invoice.number,
      customerEmail: email,
      subscriptionId: invoice.subscriptionId,
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      status: invoice.status,
      paymentRef: invoice.paymentRef,
      cardFingerprint: invoice.cardFingerprint,
      amountRefundedCents: invoice.amountRefundedCents,
      disputed: invoice.disputed,
      createdAt: invoice.createdAt.toISOString(),
    })),
  };
}

/**
 * Runs an event as the provider stored it through the handler again (a delivery that failed for good).
 * The event-id ledger still applies: an event already applied answers "duplicate" and changes nothing.
 */
export async function replayEvent(ctx: BillingContext, eventId: string): Promise<string> {
  const event = await ctx.payments.retrieveEvent(eventId).catch(() => {
    throw notFound();
  });
  return applyPaymentEvent(ctx, event);
}
