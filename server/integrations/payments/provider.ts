import Stripe from "stripe";
import type { PaymentProviderKind, PlanId, SubscriptionStatus } from "../../../contract/billing-constants";

export { entitlingStatuses } from "../../../contract/billing-constants";
export type { SubscriptionStatus };

/** Over for good: the provider will not charge again. */
export const endedStatuses: readonly SubscriptionStatus[] = ["canceled", "incomplete_expired"];

/** A subscription as the provider holds it now: entitlements are computed from this, never from an event body. */
export interface SubscriptionState {
  id: string;
  customerId: string;
  status: SubscriptionStatus;
  plan: PlanId | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface InvoiceSummary {
  id: string;
  number: string | null;
  /** In the currency's main unit (dollars, not cents). */
  amount: number;
  currency: string;
  status: string;
  createdAt: Date;
  url: string | null;
}

/** A paid invoice as the provider holds it: referral rewards and commissions are computed from this. */
export interface InvoicePayment {
  invoiceId: string;
  customerId: string;
  subscriptionId: string | null;
  amountPaidCents: number;
  currency: string;
  paidAt: Date;
  /** The payment (Stripe: the payment intent) that refund and dispute events name; null when nothing was charged. */
  paymentRef: string | null;
  /** The card's fingerprint: the same card number gives the same one, whoever pays with it. */
  cardFingerprint: string | null;
}

/** A payment's refunds and disputes as the provider holds them now. */
export interface PaymentReversal {
  paymentRef: string;
  customerId: string;
  amountRefundedCents: number;
  disputed: boolean;
}

export interface CheckoutRequest {
  customerId: string;
  userId: number;
  plan: PlanId;
  /** 0 for none; the referral offer gives the first month free. */
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
  language: string;
}

/** What the billing module needs from a payment provider: Stripe in production, the sandbox offline. */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  createCustomer(input: { userId: number; email: string; username: string }): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  createPortal(customerId: string, returnUrl: string): Promise<string>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionState>;
  /**
   * Ends the subscription now, with no further charge (the account is being deleted). A subscription the
   * provider no longer knows, or that has already ended, is fine: nothing is left to charge.
   */
  cancelNow(subscriptionId: string): Promise<void>;
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionState>;
  listInvoices(customerId: string): Promise<InvoiceSummary[]>;
  /** A paid invoice with its payment and card (referral rewards, commissions, self-referral checks). */
  retrieveInvoicePayment(invoiceId: string): Promise<InvoicePayment>;
  /** Refunds and disputes of one payment, named by the `paymentRef` of its invoice. */
  retrievePaymentReversal(paymentRef: string): Promise<PaymentReversal>;
  /**
   * Moves the next renewal `days` later with no charge for the gap (a claimed free month); negative days take
   * such a month back, never earlier than now. Stripe: the subscription's trial_end, without proration.
   */
  shiftRenewal(subscriptionId: string, days: number): Promise<SubscriptionState>;
  /** The event as the provider stored it (admin replay). */
  retrieveEvent(eventId: string): Promise<Stripe.Event>;
  /** Checks the signature on the raw body (300 s tolerance); throws when it is bad or stale. */
  verifyEvent(payload: string | Buffer, signature: string | undefined): Stripe.Event;
}

/** Stripe's signature scheme, used by both adapters: the sandbox signs its events exactly as Stripe does. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const signatures = Stripe.webhooks;

export function verifyStripeSignature(
  payload: string | Buffer,
  signature: string | undefined,
  secret: string,
) {
  if (!signature) throw new Error("missing Stripe-Signature header");
  return signatures.constructEvent(payload, signature, secret, WEBHOOK_TOLERANCE_SECONDS) as Stripe.Event;
}

export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  return signatures.generateTestHeaderString({ payload, secret, timestamp });
}

/** The provider does not know the subscription (deleted test data): the event cannot change anything. */
export class SubscriptionNotFoundError extends Error {
  constructor(subscriptionId: string) {
    super(`No such subscription: ${subscriptionId}`);
    this.name = "SubscriptionNotFoundError";
  }
}
