import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { referralCodes, referrals, users } from "../../db/schema/index";

export type ReferralCode = typeof referralCodes.$inferSelect;

/** A usable referral code, or null (unknown, expired, used up or paused codes are ignored). */
export async function findActiveReferralCode(
  db: Queryable,
  code: string,
  now: Date,
): Promise<ReferralCode | null> {
  const [row] = await db
    .select()
    .from(referralCodes)
    .where(
      and(
        eq(referralCodes.code, code.trim().toUpperCase()),
        eq(referralCodes.status, "active"),
        or(isNull(referralCodes.expiresAt), gt(referralCodes.expiresAt, now)),
        or(isNull(referralCodes.maxUses), lt(referralCodes.currentUses, referralCodes.maxUses)),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Records that `refereeId` came through `code`: the referral (once per person, by its unique key), the user's
 * `referredBy` and the code's use. Every way of attributing goes through here: sign-up, a first sign-in through
 * the identity provider and late attribution. False when the person was already referred.
 */
export async function attributeReferral(
  tx: Queryable,
  code: ReferralCode,
  refereeId: number,
  now: Date,
): Promise<boolean> {
  const [inserted] = await tx
    .insert(referrals)
    .values({ referrerId: code.userId, refereeId, referralCodeId: code.id, createdAt: now })
    .onConflictDoNothing({ target: referrals.refereeId })
    .returning({ id: referrals.id });
  if (!inserted) return false;
  await tx.update(users).set({ referredBy: code.userId }).where(eq(users.id, refereeId));
  await tx
    .update(referralCodes)
    .set({ currentUses: sql`${referralCodes.currentUses} + 1` })
    .where(eq(referralCodes.id, code.id));
  return true;
}
