import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { billingSubscriptions, users } from "../../db/schema/index";

/** decisions.md: a referred user's first premium month is free. */
export const REFERRAL_TRIAL_DAYS = 30;

/**
 * Whether the next checkout gets the referral offer: the user signed up with someone's code and has never
 * subscribed. The referrals feature hooks its own conditions (e.g. the referrer's reward) here.
 */
export async function firstMonthFree(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ referredBy: users.referredBy, subscriptionId: billingSubscriptions.id })
    .from(users)
    .leftJoin(billingSubscriptions, eq(billingSubscriptions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row !== undefined && row.referredBy !== null && row.subscriptionId === null;
}
