import { and, count, eq, gte, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { REFERRAL_REWARDS_PER_MONTH, REFUND_WINDOW_DAYS } from "../../../contract/referral-constants";
import type { Queryable } from "../../db/client";
import { referralModalStates, referralRewards, referrals, users } from "../../db/schema/index";
import type { InvoicePayment, PaymentReversal } from "../../integrations/payments/provider";
import { recordCommission, reverseCommission } from "../affiliates/commission-ledger";
import { selfReferralReason } from "./self-referral";

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

type Referral = typeof referrals.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
const rewardKey = [referralRewards.referralId, referralRewards.userId, referralRewards.rewardType];
/** Not converted (nor refused) yet: the conditional updates below change a referral once, whatever the order. */
const stillOpen = (id: number) =>
  and(
    eq(referrals.id, id),
    isNull(referrals.rejectedReason),
    or(isNull(referrals.conversionType), ne(referrals.conversionType, "paid")),
  );

/** The referee's free first month, as a ledger entry: their trial invoice (nothing charged) was paid. */
async function recordFreeFirstMonth(tx: Queryable, referral: Referral, payment: InvoicePayment, now: Date) {
  await tx
    .insert(referralRewards)
    .values({
      userId: referral.refereeId,
      referralId: referral.id,
      rewardType: "referee_first_month",
      status: "claimed",
      claimedAt: now,
      processedAt: now,
      invoiceId: payment.invoiceId,
      createdAt: now,
    })
    .onConflictDoNothing({ target: rewardKey });
  // A paid invoice handled first (deliveries reorder) already made it a conversion: that stays.
  await tx
    .update(referrals)
    .set({ conversionType: "trial" })
    .where(and(eq(referrals.id, referral.id), isNull(referrals.conversionType)));
}

/**
 * The referrer's free month for a paying referee: claimable (pending), or `limited` past the monthly limit of
 * rewards held (revoked ones do not count). Rewards of one referrer are counted and granted one at a time.
 */
async function grantReferrerReward(tx: Queryable, referral: Referral, payment: InvoicePayment, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`referral-rewards:${referral.referrerId}`}))`);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [held] = await tx
    .select({ n: count() })
    .from(referralRewards)
    .where(
      and(
        eq(referralRewards.userId, referral.referrerId),
        eq(referralRewards.rewardType, "referrer_free_month"),
        inArray(referralRewards.status, ["pending", "claimed"]),
        gte(referralRewards.createdAt, monthStart),
        lt(referralRewards.createdAt, nextMonth),
      ),
    );
  const status = (held?.n ?? 0) >= REFERRAL_REWARDS_PER_MONTH ? "limited" : "pending";
  const [reward] = await tx
    .insert(referralRewards)
    .values({
      userId: referral.referrerId,
      referralId: referral.id,
      rewardType: "referrer_free_month",
      status,
      processedAt: now,
      invoiceId: payment.invoiceId,
      paymentRef: payment.paymentRef,
      createdAt: now,
    })
    .onConflictDoNothing({ target: rewardKey })
    .returning({ id: referralRewards.id });
  if (!reward || status !== "pending") return;
  await tx
    .insert(referralModalStates)
    .values({ userId: referral.referrerId, pendingReferrerReward: true, createdAt: now })
    .onConflictDoUpdate({ target: referralModalStates.userId, set: { pendingReferrerReward: true } });
}

/** The referee's first charged invoice: a conversion earning the referrer a month, unless it is self-referral. */
async function convert(tx: Queryable, facts: PaidInvoiceFacts, referral: Referral): Promise<Referral> {
  const { payment, now } = facts;
  const reason = await selfReferralReason(tx, {
    provider: facts.provider,
    referrerId: referral.referrerId,
    refereeId: referral.refereeId,
    payment,
  });
  const [changed] = await tx
    .update(referrals)
    .set(
      reason
        ? { rejectedReason: reason, rewardStatus: "rejected" }
        : {
            conversionType: "paid",
            conversionDate: payment.paidAt,
            stripePaymentIntentId: payment.paymentRef,
            rewardStatus: "granted",
            premiumMonthsGranted: 1,
          },
    )
    .where(stillOpen(referral.id))
    .returning();
  if (!changed) return referral;
  if (!reason) await grantReferrerReward(tx, changed, payment, now);
  return changed;
}

/** The affiliate's share of a paid invoice of a customer they referred, while they are an active affiliate. */
async function payCommission(tx: Queryable, referral: Referral, payment: InvoicePayment, now: Date) {
  if (referral.rejectedReason !== null || referral.conversionDate === null) return;
  const [referrer] = await tx
    .select({ affiliateStatus: users.affiliateStatus })
    .from(users)
    .where(eq(users.id, referral.referrerId));
  if (referrer?.affiliateStatus !== "active") return;
  await recordCommission(tx, {
    referralId: referral.id,
    affiliateId: referral.referrerId,
    convertedAt: referral.conversionDate,
    payment,
    now,
  });
}

/**
 * A paid invoice of a referred user. Nothing charged (the free first month's trial invoice): the referee's
 * ledger entry. Their first charged invoice converts them (once: the referral row is locked and changed
 * conditionally, rewards have a unique key), and every charged invoice of a kept referral may earn commission.
 */
export async function onInvoicePaid(tx: Queryable, facts: PaidInvoiceFacts): Promise<void> {
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(eq(referrals.refereeId, facts.userId))
    .for("update");
  if (!referral) return;
  if (facts.payment.amountPaidCents <= 0) {
    await recordFreeFirstMonth(tx, referral, facts.payment, facts.now);
    return;
  }
  const current =
    referral.conversionType === "paid" || referral.rejectedReason !== null
      ? referral
      : await convert(tx, facts, referral);
  await payCommission(tx, current, facts.payment, facts.now);
}

/**
 * A refunded or disputed payment: the reward it earned is revoked when that happens within REFUND_WINDOW_DAYS
 * of the reward (a claimed one is handed back to billing, which takes the month back after the commit), and
 * the commissions it earned are reversed.
 */
export async function onPaymentReversed(tx: Queryable, facts: ReversalFacts): Promise<ReversalOutcome> {
  const { reversal, now } = facts;
  const revokedClaimedRewardIds: number[] = [];
  if (reversal.amountRefundedCents > 0 || reversal.disputed) {
    const windowStart = new Date(now.getTime() - REFUND_WINDOW_DAYS * DAY_MS);
    const earned = await tx
      .select()
      .from(referralRewards)
      .where(
        and(
          eq(referralRewards.paymentRef, reversal.paymentRef),
          eq(referralRewards.rewardType, "referrer_free_month"),
          inArray(referralRewards.status, ["pending", "claimed", "limited"]),
          gte(referralRewards.createdAt, windowStart),
        ),
      )
      .for("update");
    for (const reward of earned) {
      const [revoked] = await tx
        .update(referralRewards)
        .set({ status: "revoked", revokedAt: now })
        .where(and(eq(referralRewards.id, reward.id), eq(referralRewards.status, reward.status)))
        .returning({ id: referralRewards.id });
      if (!revoked) continue;
      await tx
        .update(referrals)
        .set({ refundedAt: now })
        .where(and(eq(referrals.id, reward.referralId), isNull(referrals.refundedAt)));
      if (reward.status === "claimed") revokedClaimedRewardIds.push(reward.id);
    }
  }
  await reverseCommission(tx, { paymentRef: reversal.paymentRef, now });
  return { revokedClaimedRewardIds };
}
