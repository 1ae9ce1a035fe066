import { and, eq } from "drizzle-orm";
import type { ClaimRewardResponse } from "../../../contract/referrals";
import { referralRewards, referrals, users } from "../../db/schema/index";
import { conflict, notFound } from "../../lib/errors";
import { type FreeMonthContext, grantFreeMonth } from "../billing/free-months";
import { presentReward } from "./referral-presenter";

export const REWARD_NOT_FOUND = "errors.referralRewardNotFound";

type RewardRow = typeof referralRewards.$inferSelect;

const claimable = (rewardId: number, userId: number) =>
  and(
    eq(referralRewards.id, rewardId),
    eq(referralRewards.userId, userId),
    eq(referralRewards.rewardType, "referrer_free_month"),
    eq(referralRewards.status, "pending"),
  );

/**
 * Claims one of the user's free months: premium for a month more, through the entitlement code (a running
 * subscription renews a month later, otherwise a grant). The reward turns claimed in the same transaction as
 * the grant, and only from pending, so a second claim (or a revocation in between) gets nothing: 409.
 */
export async function claimReward(
  ctx: FreeMonthContext,
  userId: number,
  rewardId: number,
): Promise<ClaimRewardResponse> {
  const [found] = await ctx.db
    .select({ reward: referralRewards, refereeName: users.username })
    .from(referralRewards)
    .innerJoin(referrals, eq(referrals.id, referralRewards.referralId))
    .innerJoin(users, eq(users.id, referrals.refereeId))
    .where(and(eq(referralRewards.id, rewardId), eq(referralRewards.userId, userId)));
  if (!found) throw notFound(REWARD_NOT_FOUND);
  const notClaimable = conflict("errors.referralRewardNotClaimable");
  if (found.reward.rewardType !== "referrer_free_month" || found.reward.status !== "pending")
    throw notClaimable;

  let claimed: RewardRow | undefined;
  const grant = await grantFreeMonth(ctx, {
    userId,
    rewardId,
    markClaimed: async (tx) => {
      [claimed] = await tx
        .update(referralRewards)
        .set({ status: "claimed", claimedAt: ctx.clock.now() })
        .where(claimable(rewardId, userId))
        .returning();
      return claimed !== undefined;
    },
  });
  if (!grant || !claimed) throw notClaimable;
  return {
    reward: presentReward(claimed, found.refereeName),
    premiumUntil: grant.premiumUntil.toISOString(),
    extendedSubscription: grant.extendedSubscription,
  };
}
