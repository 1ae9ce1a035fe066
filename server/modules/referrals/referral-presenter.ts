import type { ReferralEntry, ReferralStage, Reward } from "../../../contract/referrals";
import type { referralRewards, referrals } from "../../db/schema/index";

type ReferralRow = typeof referrals.$inferSelect;
type RewardRow = typeof referralRewards.$inferSelect;

/** Someone who came through a link, as the referrer sees them: the first two characters, never an email. */
export const maskedName = (username: string) => `${Array.from(username).slice(0, 2).join("")}•••`;

/** What became of a referral, from its ledger fields: a refusal first, then a refund, then how far it got. */
export function stageOf(referral: Pick<ReferralRow, "rejectedReason" | "refundedAt" | "conversionType">) {
  const stage: ReferralStage = referral.rejectedReason
    ? "rejected"
    : referral.refundedAt
      ? "refunded"
      : referral.conversionType === "paid"
        ? "converted"
        : referral.conversionType === "trial"
          ? "trial"
          : "signed_up";
  return stage;
}

export function presentReferral(referral: ReferralRow, refereeUsername: string): ReferralEntry {
  return {
    id: referral.id,
    refereeName: maskedName(refereeUsername),
    signedUpAt: referral.createdAt.toISOString(),
    stage: stageOf(referral),
    convertedAt: referral.conversionType === "paid" ? (referral.conversionDate?.toISOString() ?? null) : null,
    rejectedReason: referral.rejectedReason as ReferralEntry["rejectedReason"],
  };
}

/** A reward; the referee's name only on a referrer's reward (a referee's own entry names nobody else). */
export function presentReward(reward: RewardRow, refereeUsername: string | null): Reward {
  return {
    id: reward.id,
    type: reward.rewardType as Reward["type"],
    status: reward.status as Reward["status"],
    earnedAt: reward.createdAt.toISOString(),
    claimedAt: reward.claimedAt?.toISOString() ?? null,
    revokedAt: reward.revokedAt?.toISOString() ?? null,
    refereeName:
      reward.rewardType === "referrer_free_month" && refereeUsername !== null
        ? maskedName(refereeUsername)
        : null,
  };
}
