import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";

export type FreeMonthContext = Pick<AppContext, "db" | "payments" | "clock" | "log" | "config">;

export interface FreeMonthGrant {
  premiumUntil: Date;
  /** True when a running subscription's renewal moved a month later; false for a premium grant span. */
  extendedSubscription: boolean;
}

// SEAM (issue 17): implemented by the billing work.
/**
 * Gives the user one free month for a referral reward, through the entitlement code: a running subscription
 * that will renew renews FREE_MONTH_DAYS later (provider `shiftRenewal`); otherwise a premium grant starts now
 * or after the grants already running. `markClaimed` runs inside the transaction that records the grant and
 * returns false when the reward is no longer claimable (then nothing is granted, and a provider shift is undone).
 * Returns null in that case.
 */
export async function grantFreeMonth(
  _ctx: FreeMonthContext,
  _input: { userId: number; rewardId: number; markClaimed: (tx: Queryable) => Promise<boolean> },
): Promise<FreeMonthGrant | null> {
  throw new Error("not implemented");
}

/** Takes back the month a revoked reward gave (its grant ends now, or the subscription's renewal moves back). */
export async function revokeFreeMonth(_ctx: FreeMonthContext, _rewardId: number): Promise<void> {
  throw new Error("not implemented");
}
