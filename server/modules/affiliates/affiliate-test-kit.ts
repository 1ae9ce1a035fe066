import { and, eq } from "drizzle-orm";
import { affiliateCommissions, referralCodes, referrals, users } from "../../db/schema/index";
import type { InvoicePayment } from "../../integrations/payments/provider";
import type { TestApp } from "../../test/harness";
import { createAccount } from "../accounts/sign-up";
import { recordCommission, reverseCommission } from "./commission-ledger";

export const DAY_MS = 24 * 60 * 60 * 1000;

let counter = 0;

/** An account created directly (no mail, no session): for people the tests never sign in as. */
export async function plainAccount(t: TestApp, fields: Partial<typeof users.$inferInsert> = {}) {
  const username = `person${++counter}${Math.random().toString(36).slice(2, 6)}`;
  return t.db.transaction((tx) =>
    createAccount(tx, { username, email: `${username}@example.com`, createdAt: t.clock.now(), ...fields }),
  );
}

/** Makes the user an affiliate as an approval would (tests of the ledger skip the application). */
export async function makeAffiliate(
  t: TestApp,
  userId: number,
  fields: Partial<
    Pick<typeof users.$inferInsert, "affiliateStatus" | "affiliateTier" | "affiliateCommissionRate">
  > = {},
) {
  await t.db
    .update(users)
    .set({ affiliateStatus: "active", affiliateTier: "standard", affiliateCommissionRate: null, ...fields })
    .where(eq(users.id, userId));
}

/** Someone who signed up through the affiliate's link and first paid at `convertedAt`. */
export async function referredCustomer(t: TestApp, affiliateId: number, convertedAt: Date) {
  const referee = await plainAccount(t);
  const [code] = await t.db
    .select({ id: referralCodes.id })
    .from(referralCodes)
    .where(eq(referralCodes.userId, affiliateId));
  const [referral] = await t.db
    .insert(referrals)
    .values({
      referrerId: affiliateId,
      refereeId: referee.id,
      referralCodeId: code!.id,
      conversionType: "paid",
      conversionDate: convertedAt,
      rewardStatus: "granted",
      createdAt: convertedAt,
    })
    .returning();
  const customer = { referralId: referral!.id, affiliateId, convertedAt, refereeId: referee.id };
  let invoices = 0;
  return {
    ...customer,
    /** A paid invoice of this customer as the provider would report it. */
    invoice(paidAt: Date, amountPaidCents = 999): InvoicePayment {
      const n = ++invoices;
      return {
        invoiceId: `in_${customer.referralId}_${n}`,
        customerId: `cus_${customer.refereeId}`,
        subscriptionId: `sub_${customer.refereeId}`,
        amountPaidCents,
        currency: "usd",
        paidAt,
        paymentRef: `pi_${customer.referralId}_${n}`,
        cardFingerprint: null,
      };
    },
    /** What the referral payment hook does with a verified invoice.paid: inside one transaction. */
    pay(payment: InvoicePayment) {
      return t.db.transaction((tx) => recordCommission(tx, { ...customer, payment, now: t.clock.now() }));
    },
  };
}

/** What the referral payment hook does with a verified refund or dispute. */
export function reversePayment(t: TestApp, paymentRef: string) {
  return t.db.transaction((tx) => reverseCommission(tx, { paymentRef, now: t.clock.now() }));
}

/** The affiliate's ledger entries of one kind, oldest first. */
export const ledgerOf = (t: TestApp, affiliateId: number, kind: "commission" | "reversal" = "commission") =>
  t.db
    .select()
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.affiliateId, affiliateId), eq(affiliateCommissions.kind, kind)))
    .orderBy(affiliateCommissions.earnedAt, affiliateCommissions.id);

/** The user's `totalCommissionEarned`, in dollars as stored. */
export async function totalEarned(t: TestApp, userId: number) {
  const [row] = await t.db
    .select({ total: users.totalCommissionEarned })
    .from(users)
    .where(eq(users.id, userId));
  return row!.total;
}

/** `date` plus whole UTC calendar months. */
export function monthsAfter(date: Date, months: number) {
  const shifted = new Date(date);
  shifted.setUTCMonth(shifted.getUTCMonth() + months);
  return shifted;
}
