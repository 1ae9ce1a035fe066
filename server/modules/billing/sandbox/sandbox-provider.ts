import { and, desc, eq, notInArray } from "drizzle-orm";
import type Stripe from "stripe";
import type { PlanId } from "../../../../contract/billing";
import {
  sandboxCheckoutSessions,
  sandboxEvents,
  sandboxInvoices,
  sandboxSubscriptions,
} from "../../../db/schema/index";
import {
  endedStatuses,
  type PaymentProvider,
  SubscriptionNotFoundError,
  type SubscriptionState,
  type SubscriptionStatus,
  verifyStripeSignature,
} from "../../../integrations/payments/provider";
import {
  deliverEvents,
  recordEvent,
  type SandboxDeps,
  type SandboxSubscription,
  sandboxId,
  subscriptionObject,
} from "./sandbox-store";

const DAY_MS = 24 * 60 * 60 * 1000;

export const sandboxState = (row: SandboxSubscription): SubscriptionState => ({
  id: row.id,
  customerId: row.customerId,
  status: row.status as SubscriptionStatus,
  plan: row.plan as PlanId,
  currentPeriodEnd: row.currentPeriodEnd,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
});

/**
 * The built-in provider used when no Stripe keys are configured ("test mode"): it keeps its customers'
 * subscriptions and invoices in its own tables and emits Stripe-shaped events, signed with Stripe's scheme,
 * through the same webhook handler. Nothing is charged.
 */
export function createSandboxProvider(deps: SandboxDeps): PaymentProvider {
  const findSubscription = async (id: string) => {
    const [row] = await deps.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, id));
    if (!row) throw new SubscriptionNotFoundError(id);
    return row;
  };

  return {
    kind: "sandbox",
    createCustomer: async () => sandboxId("cus"),
    async createCheckout(request) {
      const id = sandboxId("cs");
      await deps.db.insert(sandboxCheckoutSessions).values({
        id,
        customerId: request.customerId,
        userId: request.userId,
        plan: request.plan,
        trialDays: request.trialDays,
        createdAt: deps.clock.now(),
      });
      return { url: `/stripe-checkout/elements?session=${id}` };
    },
    // The sandbox has no hosted portal: the account page has its cancel, resume and invoices.
    createPortal: async () => "/account/subscription",
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const now = deps.clock.now();
      const { row, event } = await deps.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(sandboxSubscriptions)
          .set({ cancelAtPeriodEnd: cancel })
          .where(eq(sandboxSubscriptions.id, subscriptionId))
          .returning();
        if (!updated) throw new SubscriptionNotFoundError(subscriptionId);
        return {
          row: updated,
          event: await recordEvent(tx, "customer.subscription.updated", subscriptionObject(updated), now),
        };
      });
      await deliverEvents(deps, [event]);
      return sandboxState(row);
    },
    async cancelNow(subscriptionId) {
      const now = deps.clock.now();
      const event = await deps.db.transaction(async (tx) => {
        const [ended] = await tx
          .update(sandboxSubscriptions)
          .set({ status: "canceled", cancelAtPeriodEnd: false, currentPeriodEnd: now })
          .where(
            and(
              eq(sandboxSubscriptions.id, subscriptionId),
              notInArray(sandboxSubscriptions.status, [...endedStatuses]),
            ),
          )
          .returning();
        // Unknown or already over: nothing left to charge.
        if (!ended) return null;
        return recordEvent(tx, "customer.subscription.deleted", subscriptionObject(ended), now);
      });
      if (event) await deliverEvents(deps, [event]);
    },
    retrieveSubscription: async (subscriptionId) => sandboxState(await findSubscription(subscriptionId)),
    async listInvoices(customerId) {
      const rows = await deps.db
        .select()
        .from(sandboxInvoices)
        .where(eq(sandboxInvoices.customerId, customerId))
        .orderBy(desc(sandboxInvoices.createdAt))
        .limit(24);
      return rows.map((invoice) => ({
        id: invoice.id,
        number: invoice.number,
        amount: invoice.amountCents / 100,
        currency: invoice.currency.toUpperCase(),
        status: invoice.status,
        createdAt: invoice.createdAt,
        url: null,
      }));
    },
    async retrieveInvoicePayment(invoiceId) {
      const [invoice] = await deps.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, invoiceId));
      if (!invoice) throw new Error(`No such invoice: ${invoiceId}`);
      return {
        invoiceId: invoice.id,
        customerId: invoice.customerId,
        subscriptionId: invoice.subscriptionId,
        amountPaidCents: invoice.status === "paid" ? invoice.amountCents : 0,
        currency: invoice.currency,
        // The sandbox keeps no payment time: its invoices are paid when created (a retried renewal a little later).
        paidAt: invoice.createdAt,
        paymentRef: invoice.paymentRef,
        cardFingerprint: invoice.cardFingerprint,
      };
    },
    async retrievePaymentReversal(paymentRef) {
      const [invoice] = await deps.db
        .select()
        .from(sandboxInvoices)
        .where(eq(sandboxInvoices.paymentRef, paymentRef));
      if (!invoice) throw new Error(`No such payment: ${paymentRef}`);
      return {
        paymentRef,
        customerId: invoice.customerId,
        amountRefundedCents: invoice.amountRefundedCents,
        disputed: invoice.disputed,
      };
    },
    async shiftRenewal(subscriptionId, days) {
      const now = deps.clock.now();
      const { row, event } = await deps.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(sandboxSubscriptions)
          .where(eq(sandboxSubscriptions.id, subscriptionId))
          .for("update");
        if (!current) throw new SubscriptionNotFoundError(subscriptionId);
        // An ended subscription renews no more: there is no renewal to move.
        if (endedStatuses.includes(current.status as SubscriptionStatus))
          return { row: current, event: null };
        const shifted = new Date(Math.max(current.currentPeriodEnd.getTime() + days * DAY_MS, now.getTime()));
        const [updated] = await tx
          .update(sandboxSubscriptions)
          .set({ currentPeriodEnd: shifted })
          .where(eq(sandboxSubscriptions.id, subscriptionId))
          .returning();
        return {
          row: updated!,
          event: await recordEvent(tx, "customer.subscription.updated", subscriptionObject(updated!), now),
        };
      });
      if (event) await deliverEvents(deps, [event]);
      return sandboxState(row);
    },
    async retrieveEvent(eventId) {
      const [row] = await deps.db.select().from(sandboxEvents).where(eq(sandboxEvents.id, eventId));
      if (!row) throw new Error(`No such event: ${eventId}`);
      return row.payload as Stripe.Event;
    },
    verifyEvent: (payload, signature) =>
      verifyStripeSignature(payload, signature, deps.billing.sandboxWebhookSecret),
  };
}
