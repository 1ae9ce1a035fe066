import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  AFFILIATE_COMMISSION_MONTHS,
  type AffiliateTier,
  affiliateTiers,
  type affiliateTotalsSchema,
  type CommissionState,
  type commissionMonthSchema,
  DEFAULT_AFFILIATE_TIER,
  REFUND_WINDOW_DAYS,
} from "../../../contract/referrals";
import type { Queryable } from "../../db/client";
import { affiliateCommissions, users } from "../../db/schema/index";
import type { InvoicePayment } from "../../integrations/payments/provider";

const DAY_MS = 24 * 60 * 60 * 1000;
const BASIS_POINTS_PER_PERCENT = 100;
const BASIS_POINTS_WHOLE = 100 * BASIS_POINTS_PER_PERCENT;

export type LedgerEntry = typeof affiliateCommissions.$inferSelect;
export type AffiliateTotals = z.infer<typeof affiliateTotalsSchema>;
export type CommissionMonth = z.infer<typeof commissionMonthSchema>;

/** The rate in force for the affiliate's next invoice, in basis points: their custom rate, else their tier's. */
export function rateBasisPoints(user: {
  affiliateCommissionRate: string | null;
  affiliateTier: string | null;
}) {
  if (user.affiliateCommissionRate !== null) {
    return Math.round(Number(user.affiliateCommissionRate) * BASIS_POINTS_PER_PERCENT);
  }
  const tier = (user.affiliateTier ?? DEFAULT_AFFILIATE_TIER) as AffiliateTier;
  return (affiliateTiers[tier] ?? affiliateTiers[DEFAULT_AFFILIATE_TIER]) * BASIS_POINTS_PER_PERCENT;
}

/** `date` plus whole calendar months in UTC (the commission period counts months, not 30-day blocks). */
function addUtcMonths(date: Date, months: number): Date {
  const shifted = new Date(date);
  shifted.setUTCMonth(shifted.getUTCMonth() + months);
  return shifted;
}

/** The affiliate's row, locked: ledger writes for one affiliate run one after another, so the total is exact. */
const lockAffiliate = async (tx: Queryable, affiliateId: number) =>
  (
    await tx
      .select({
        affiliateStatus: users.affiliateStatus,
        affiliateTier: users.affiliateTier,
        affiliateCommissionRate: users.affiliateCommissionRate,
      })
      .from(users)
      .where(eq(users.id, affiliateId))
      .for("update")
  )[0];

/** `users.totalCommissionEarned` (dollars) follows the ledger: commissions minus reversals. */
async function refreshTotalEarned(tx: Queryable, affiliateId: number) {
  await tx
    .update(users)
    .set({
      totalCommissionEarned: sql`(select coalesce(sum(${affiliateCommissions.amountCents}), 0) from ${affiliateCommissions} where ${affiliateCommissions.affiliateId} = ${affiliateId})::numeric / 100`,
    })
    .where(eq(users.id, affiliateId));
}

/**
 * Records the affiliate's commission on one paid invoice of a customer they referred, exactly once per invoice:
 * only while the referrer is an active affiliate, only for invoices within AFFILIATE_COMMISSION_MONTHS of the
 * customer's first paid invoice (`convertedAt`), at the affiliate's rate then.
 */
export async function recordCommission(
  tx: Queryable,
  input: { referralId: number; affiliateId: number; convertedAt: Date; payment: InvoicePayment; now: Date },
): Promise<void> {
  const { payment } = input;
  if (payment.amountPaidCents <= 0) return;
  if (payment.paidAt.getTime() >= addUtcMonths(input.convertedAt, AFFILIATE_COMMISSION_MONTHS).getTime())
    return;
  const affiliate = await lockAffiliate(tx, input.affiliateId);
  if (affiliate?.affiliateStatus !== "active") return;
  const rate = rateBasisPoints(affiliate);
  await tx
    .insert(affiliateCommissions)
    .values({
      affiliateId: input.affiliateId,
      referralId: input.referralId,
      kind: "commission",
      invoiceId: payment.invoiceId,
      paymentRef: payment.paymentRef,
      invoiceAmountCents: payment.amountPaidCents,
      rateBasisPoints: rate,
      // Rounded half up in integers: cents × basis points / 10,000.
      amountCents: Math.floor((payment.amountPaidCents * rate + BASIS_POINTS_WHOLE / 2) / BASIS_POINTS_WHOLE),
      currency: payment.currency.toLowerCase(),
      earnedAt: payment.paidAt,
      availableAt: new Date(payment.paidAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS),
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: [affiliateCommissions.invoiceId, affiliateCommissions.kind] });
  await refreshTotalEarned(tx, input.affiliateId);
}

/** A refunded or disputed payment: a negative entry for each commission it earned (once). */
export async function reverseCommission(
  tx: Queryable,
  input: { paymentRef: string; now: Date },
): Promise<void> {
  const earned = await tx
    .select()
    .from(affiliateCommissions)
    .where(
      and(eq(affiliateCommissions.paymentRef, input.paymentRef), eq(affiliateCommissions.kind, "commission")),
    )
    .orderBy(affiliateCommissions.affiliateId);
  for (const commission of earned) {
    await lockAffiliate(tx, commission.affiliateId);
    await tx
      .insert(affiliateCommissions)
      .values({
        affiliateId: commission.affiliateId,
        referralId: commission.referralId,
        kind: "reversal",
        invoiceId: commission.invoiceId,
        paymentRef: commission.paymentRef,
        invoiceAmountCents: commission.invoiceAmountCents,
        rateBasisPoints: commission.rateBasisPoints,
        amountCents: -commission.amountCents,
        currency: commission.currency,
        earnedAt: input.now,
        // Inside the refund window the two entries net out before anything is due; after it (already due or
        // paid) the reversal is due at once and comes off the next payout.
        availableAt:
          commission.availableAt.getTime() > input.now.getTime() ? commission.availableAt : input.now,
        createdAt: input.now,
      })
      .onConflictDoNothing({ target: [affiliateCommissions.invoiceId, affiliateCommissions.kind] });
    await refreshTotalEarned(tx, commission.affiliateId);
  }
}

/** Every ledger entry of these affiliates, oldest first. */
export async function loadLedger(db: Queryable, affiliateIds: number[]): Promise<LedgerEntry[]> {
  if (affiliateIds.length === 0) return [];
  return db
    .select()
    .from(affiliateCommissions)
    .where(inArray(affiliateCommissions.affiliateId, affiliateIds))
    .orderBy(affiliateCommissions.earnedAt, affiliateCommissions.id);
}

/** paid once a payout covers the entry; due once its refund window is over; pending before. */
export function commissionState(
  entry: Pick<LedgerEntry, "payoutId" | "availableAt">,
  now: Date,
): CommissionState {
  if (entry.payoutId !== null) return "paid";
  return entry.availableAt.getTime() <= now.getTime() ? "due" : "pending";
}

const utcMonth = (date: Date) => date.toISOString().slice(0, 7);

/**
 * The UTC month (YYYY-MM) each entry belongs to: a commission's invoice month, and for a reversal the month of
 * the commission it reverses, so a refunded month shows what it lost.
 */
export function invoiceMonths(entries: LedgerEntry[]): Map<number, string> {
  const commissionMonth = new Map(
    entries
      .filter((entry) => entry.kind === "commission")
      .map((entry) => [entry.invoiceId, utcMonth(entry.earnedAt)]),
  );
  return new Map(
    entries.map((entry) => [entry.id, commissionMonth.get(entry.invoiceId) ?? utcMonth(entry.earnedAt)]),
  );
}

/**
 * Totals and per-month figures of one affiliate's ledger (months newest first). Pending, due and paid sums
 * include the negative reversals; `reversedCents` is the amount reversed in the month, as a positive number.
 */
export function summarizeLedger(
  entries: LedgerEntry[],
  now: Date,
  currency: string,
): { totals: AffiliateTotals; months: CommissionMonth[] } {
  const totals: AffiliateTotals = { earnedCents: 0, pendingCents: 0, dueCents: 0, paidCents: 0, currency };
  const byMonth = new Map<string, CommissionMonth>();
  const months = invoiceMonths(entries);
  for (const entry of entries) {
    const month = months.get(entry.id)!;
    let figures = byMonth.get(month);
    if (!figures) {
      figures = { month, pendingCents: 0, dueCents: 0, paidCents: 0, reversedCents: 0 };
      byMonth.set(month, figures);
    }
    const key = `${commissionState(entry, now)}Cents` as const;
    totals.earnedCents += entry.amountCents;
    totals[key] += entry.amountCents;
    figures[key] += entry.amountCents;
    if (entry.kind === "reversal") figures.reversedCents -= entry.amountCents;
  }
  return {
    totals,
    months: [...byMonth.values()].sort((a, b) => b.month.localeCompare(a.month)),
  };
}
