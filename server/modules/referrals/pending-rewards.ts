import { and, asc, count, eq, max } from "drizzle-orm";
import { isPremium } from "../../../contract/billing-constants";
import type { PendingRewards, RewardModalType } from "../../../contract/referrals";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { referralModalStates, referralRewards, referrals } from "../../db/schema/index";
import type { SessionUser } from "../accounts/sessions";
import { firstMonthFree } from "../billing/referral-offer";

/** The user's claimable free months, oldest first (the celebration's claim button takes the first). */
export const claimableRewards = (db: Queryable, userId: number) =>
  db
    .select({ id: referralRewards.id })
    .from(referralRewards)
    .where(
      and(
        eq(referralRewards.userId, userId),
        eq(referralRewards.rewardType, "referrer_free_month"),
        eq(referralRewards.status, "pending"),
      ),
    )
    .orderBy(asc(referralRewards.createdAt), asc(referralRewards.id));

/**
 * Which of the spec's three modals the user should see, if any: the celebration while a free month waits to be
 * claimed; else, for a referred user still entitled to the free first month, the invitation to upgrade; else,
 * when someone signed up through their link since the modal was last shown, the encouragement to keep sharing.
 * A dismissal hides whichever it is until `dismissedUntil`.
 */
export async function getPendingRewards(
  ctx: Pick<AppContext, "db" | "clock">,
  user: SessionUser,
): Promise<PendingRewards> {
  const now = ctx.clock.now();
  const [[state], claimable, [referred]] = await Promise.all([
    ctx.db.select().from(referralModalStates).where(eq(referralModalStates.userId, user.id)),
    claimableRewards(ctx.db, user.id),
    ctx.db
      .select({ total: count(), newest: max(referrals.createdAt) })
      .from(referrals)
      .where(eq(referrals.referrerId, user.id)),
  ]);
  const totalReferrals = referred?.total ?? 0;
  const newest = referred?.newest ?? null;
  const lastShownAt = state?.lastShownAt ?? null;

  let type: RewardModalType | null = null;
  if (claimable.length > 0) type = "referrer_celebration";
  else if (user.referredBy !== null && !isPremium(user) && (await firstMonthFree(ctx.db, user.id)))
    type = "referee_upgrade_prompt";
  else if (totalReferrals > 0 && newest !== null && (lastShownAt === null || newest > lastShownAt))
    type = "continue_sharing";

  const dismissed = state?.dismissedUntil != null && state.dismissedUntil > now;
  return {
    shouldShow: type !== null && !dismissed,
    type,
    data: {
      referralCode: user.referralCode ?? "",
      freeMonthsAvailable: claimable.length,
      totalReferrals,
      claimableRewardId: claimable[0]?.id ?? null,
    },
  };
}
