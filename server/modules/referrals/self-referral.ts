import { and, eq, inArray } from "drizzle-orm";
import type { SelfReferralReason } from "../../../contract/referral-constants";
import type { Queryable } from "../../db/client";
import { paymentCards, users } from "../../db/schema/index";
import type { InvoicePayment } from "../../integrations/payments/provider";

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * One mailbox, however it is spelt: lower case, without a `+tag`, and for Gmail without dots (Gmail ignores
 * them, and googlemail.com is the same service).
 */
export function normalizeEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  let local = lower.slice(0, at).split("+")[0]!;
  let domain = lower.slice(at + 1);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "");
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}

/**
 * Why a referee's paying conversion is the referrer paying themselves, or null when it is not: the same account,
 * the same mailbox, the same provider customer, or a card the referrer has paid with.
 */
export async function selfReferralReason(
  tx: Queryable,
  input: { provider: string; referrerId: number; refereeId: number; payment: InvoicePayment },
): Promise<SelfReferralReason | null> {
  const { provider, referrerId, refereeId, payment } = input;
  if (referrerId === refereeId) return "same_account";
  const people = await tx
    .select({ id: users.id, email: users.email, customerId: users.stripeCustomerId })
    .from(users)
    .where(inArray(users.id, [referrerId, refereeId]));
  const referrer = people.find((person) => person.id === referrerId);
  const referee = people.find((person) => person.id === refereeId);
  if (!referrer || !referee) return null;
  if (normalizeEmail(referrer.email) === normalizeEmail(referee.email)) return "same_email";
  if (referrer.customerId !== null && referrer.customerId === payment.customerId) return "same_customer";
  if (payment.cardFingerprint) {
    const [card] = await tx
      .select({ id: paymentCards.id })
      .from(paymentCards)
      .where(
        and(
          eq(paymentCards.userId, referrerId),
          eq(paymentCards.provider, provider),
          eq(paymentCards.fingerprint, payment.cardFingerprint),
        ),
      )
      .limit(1);
    if (card) return "same_card";
  }
  return null;
}
