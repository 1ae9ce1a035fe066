import Stripe from "stripe";
import type { PlanId } from "../../../contract/billing";
import type { BillingConfig } from "../../config";
import {
  endedStatuses,
  type PaymentProvider,
  SubscriptionNotFoundError,
  type SubscriptionState,
  type SubscriptionStatus,
  verifyStripeSignature,
} from "./provider";

type StripeSettings = NonNullable<BillingConfig["stripe"]>;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? "");
const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const DAY_SECONDS = 24 * 60 * 60;
/** Stripe refuses a trial_end that is not in the future; this margin covers the request's flight. */
const TRIAL_END_MARGIN_SECONDS = 60;

/**
 * The charge that paid an invoice payment: the payment intent's latest charge, or the charge itself when it was
 * made without a payment intent. Expanded by the caller.
 */
const chargeOf = (payment: Stripe.InvoicePayment.Payment | undefined) => {
  const intent = payment?.payment_intent;
  const charge = typeof intent === "object" ? intent.latest_charge : payment?.charge;
  return typeof charge === "object" && charge !== null ? charge : null;
};

/** The Stripe adapter: Checkout Sessions in subscription mode, the Billing Portal and signed webhooks. */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === "https:" ? 443 : 80),
      protocol: api.protocol === "https:" ? "https" : "http",
    }),
  });
  const planByPrice = new Map<string, PlanId>([
    [settings.priceIds.monthly, "monthly"],
    [settings.priceIds.yearly, "yearly"],
  ]);

  const toState = (subscription: Stripe.Subscription): SubscriptionState => {
    const item = subscription.items.data[0];
    return {
      id: subscription.id,
      customerId: idOf(subscription.customer),
      status: subscription.status as SubscriptionStatus,
      plan: (item && planByPrice.get(item.price.id)) ?? null,
      currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    };
  };

  const retrieveSubscription = async (subscriptionId: string) => {
    try {
      return toState(await stripe.subscriptions.retrieve(subscriptionId));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) {
        throw new SubscriptionNotFoundError(subscriptionId);
      }
      throw error;
    }
  };

  return {
    kind: "stripe",
    async createCustomer({ userId, email, username }) {
      const customer = await stripe.customers.create(
        { email, name: username, metadata: { userId: String(userId) } },
        // A retried request must not create a second customer for the same user.
        { idempotencyKey: `customer-for-user-${userId}` },
      );
      return customer.id;
    },
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer: request.customerId,
        client_reference_id: String(request.userId),
        line_items: [{ price: settings.priceIds[request.plan], quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        locale: request.language === "es" ? "es" : "en",
        metadata: { userId: String(request.userId), plan: request.plan },
        subscription_data: {
          metadata: { userId: String(request.userId), plan: request.plan },
          ...(request.trialDays > 0 && { trial_period_days: request.trialDays }),
        },
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { url: session.url };
    },
    async createPortal(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return portal.url;
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      return toState(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
    },
    async cancelNow(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (error) {
        // 404: unknown to Stripe; 400: Stripe refuses to cancel one that has already ended. Anything else (or a
        // 400 on a subscription that still runs) must stop the caller.
        if (!(error instanceof Stripe.errors.StripeError) || ![400, 404].includes(error.statusCode ?? 0)) {
          throw error;
        }
        const state = await retrieveSubscription(subscriptionId).catch((lookup: unknown) => {
          if (lookup instanceof SubscriptionNotFoundError) return null;
          throw lookup;
        });
        if (state && !endedStatuses.includes(state.status)) throw error;
      }
    },
    retrieveSubscription,
    async listInvoices(customerId) {
      const page = await stripe.invoices.list({ customer: customerId, limit: 24 });
      return page.data.map((invoice) => ({
        id: invoice.id ?? "",
        number: invoice.number,
        amount: (invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due) / 100,
        currency: invoice.currency.toUpperCase(),
        status: invoice.status ?? "draft",
        createdAt: new Date(invoice.created * 1000),
        url: invoice.hosted_invoice_url ?? null,
      }));
    },
    async retrieveInvoicePayment(invoiceId) {
      // Since API 2025-03-31 an invoice's payments are their own objects: the paid one names its payment intent,
      // whose latest charge carries the card. Four levels is the most Stripe expands, hence the separate list.
      const [invoice, payments] = await Promise.all([
        stripe.invoices.retrieve(invoiceId),
        stripe.invoicePayments.list({
          invoice: invoiceId,
          status: "paid",
          expand: ["data.payment.payment_intent.latest_charge", "data.payment.charge"],
        }),
      ]);
      const paid = payments.data.find((payment) => payment.is_default) ?? payments.data[0];
      const charge = chargeOf(paid?.payment);
      const subscription = invoice.parent?.subscription_details?.subscription;
      const paidAt = invoice.status_transitions.paid_at ?? invoice.created;
      return {
        invoiceId,
        customerId: idOf(invoice.customer),
        subscriptionId: subscription ? idOf(subscription) : null,
        amountPaidCents: invoice.amount_paid,
        currency: invoice.currency,
        paidAt: new Date(paidAt * 1000),
        paymentRef: idOf(paid?.payment.payment_intent) || idOf(paid?.payment.charge) || null,
        cardFingerprint: charge?.payment_method_details?.card?.fingerprint ?? null,
      };
    },
    async retrievePaymentReversal(paymentRef) {
      // A payment is named by its payment intent, or by its charge when it had none (see retrieveInvoicePayment).
      const charge = paymentRef.startsWith("ch_")
        ? await stripe.charges.retrieve(paymentRef)
        : (await stripe.paymentIntents.retrieve(paymentRef, { expand: ["latest_charge"] })).latest_charge;
      if (typeof charge !== "object" || charge === null) {
        throw new Error(`payment ${paymentRef} has no charge`);
      }
      return {
        paymentRef,
        customerId: idOf(charge.customer),
        amountRefundedCents: charge.amount_refunded,
        disputed: charge.disputed,
      };
    },
    async shiftRenewal(subscriptionId, days) {
      const current = await retrieveSubscription(subscriptionId);
      // An ended subscription renews no more: there is no renewal to move.
      if (endedStatuses.includes(current.status) || !current.currentPeriodEnd) return current;
      const earliest = unix(new Date()) + TRIAL_END_MARGIN_SECONDS;
      const shifted = unix(current.currentPeriodEnd) + days * DAY_SECONDS;
      // A month taken back that would end before now ends the free span now: the renewal is charged at once.
      const trialEnd = shifted >= earliest ? shifted : days < 0 ? ("now" as const) : earliest;
      return toState(
        await stripe.subscriptions.update(subscriptionId, {
          trial_end: trialEnd,
          proration_behavior: "none",
        }),
      );
    },
    retrieveEvent: (eventId) => stripe.events.retrieve(eventId),
    verifyEvent: (payload, signature) => verifyStripeSignature(payload, signature, settings.webhookSecret),
  };
}
