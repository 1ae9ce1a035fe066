import type { Queryable } from "../../db/client";
import type { InvoicePayment } from "../../integrations/payments/provider";

// SEAM (issue 17): implemented by the affiliates work; the referral payment hooks call these.

/**
 * Records the affiliate's commission on one paid invoice of a customer they referred, exactly once per invoice:
 * only while the referrer is an active affiliate, only for invoices within AFFILIATE_COMMISSION_MONTHS of the
 * customer's first paid invoice (`convertedAt`), at the affiliate's rate then.
 */
export async function recordCommission(
  _tx: Queryable,
  _input: { referralId: number; affiliateId: number; convertedAt: Date; payment: InvoicePayment; now: Date },
): Promise<void> {}

/** A refunded or disputed payment: a negative entry for each commission it earned (once). */
export async function reverseCommission(_tx: Queryable, _input: { paymentRef: string; now: Date }): Promise<void> {}
