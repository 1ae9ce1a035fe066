import type { Queryable } from "../../db/client";
import type { InvoicePayment, PaymentReversal } from "../../integrations/payments/provider";

/**
 * What the referral and affiliate programmes do with a verified payment event. Billing calls these inside the
 * transaction that records the event (so each runs exactly once per event) after storing the subscription.
 */
export interface PaidInvoiceFacts {
  provider: string;
  /** The paying user (the provider customer's owner). */
  userId: number;
  payment: InvoicePayment;
  now: Date;
}

export interface ReversalFacts {
  provider: string;
  userId: number;
  reversal: PaymentReversal;
  now: Date;
}

/** Rewards whose claimed month must be taken back after the commit (a provider call). */
export interface ReversalOutcome {
  revokedClaimedRewardIds: number[];
}

// SEAM (issue 17): implemented by the referrals work; billing calls it already.
export async function onInvoicePaid(_tx: Queryable, _facts: PaidInvoiceFacts): Promise<void> {}

export async function onPaymentReversed(_tx: Queryable, _facts: ReversalFacts): Promise<ReversalOutcome> {
  return { revokedClaimedRewardIds: [] };
}
