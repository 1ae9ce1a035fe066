import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { ReferralOverview } from "../../../contract/referrals";
import { referralLink } from "../../../contract/referrals";
import type { AppContext } from "../../context";
import { referralRewards, referrals, users } from "../../db/schema/index";
import { validationError } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { presentReferral, presentReward } from "./referral-presenter";

const REWARDS_SHOWN = 50;

/** Pages of history go by referral id (newest first); a cursor is the last id shown, nothing else. */
function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(cursor) || Number(cursor) > 2_147_483_647)
    throw validationError("validation.invalidReferralCursor", "cursor");
  return Number(cursor);
}

const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`count(*) filter (where ${condition})::int`;

/**
 * The referrals page: the link (on the origin the page was opened from), the totals from the ledger, the
 * rewards (claimable first) and a page of the people who came through the link, their names masked.
 */
export async function getReferralOverview(
  ctx: Pick<AppContext, "db">,
  user: SessionUser,
  query: { cursor?: string; limit: number },
  origin: string,
): Promise<ReferralOverview> {
  const before = decodeCursor(query.cursor);
  const referee = users;
  const [[referralTotals], [rewardTotals], rewards, page] = await Promise.all([
    ctx.db
      .select({
        signedUp: sql<number>`count(*)::int`,
        converted: countWhere(
          sql`${referrals.conversionType} = 'paid' and ${referrals.rejectedReason} is null`,
        ),
      })
      .from(referrals)
      .where(eq(referrals.referrerId, user.id)),
    ctx.db
      .select({
        available: countWhere(sql`${referralRewards.status} = 'pending'`),
        claimed: countWhere(sql`${referralRewards.status} = 'claimed'`),
      })
      .from(referralRewards)
      .where(and(eq(referralRewards.userId, user.id), eq(referralRewards.rewardType, "referrer_free_month"))),
    ctx.db
      .select({ reward: referralRewards, refereeName: referee.username })
      .from(referralRewards)
      .innerJoin(referrals, eq(referrals.id, referralRewards.referralId))
      .innerJoin(referee, eq(referee.id, referrals.refereeId))
      .where(eq(referralRewards.userId, user.id))
      .orderBy(
        sql`${referralRewards.status} = 'pending' desc`,
        desc(referralRewards.createdAt),
        desc(referralRewards.id),
      )
      .limit(REWARDS_SHOWN),
    ctx.db
      .select({ referral: referrals, refereeName: referee.username })
      .from(referrals)
      .innerJoin(referee, eq(referee.id, referrals.refereeId))
      .where(
        and(eq(referrals.referrerId, user.id), before === undefined ? undefined : lt(referrals.id, before)),
      )
      .orderBy(desc(referrals.id))
      .limit(query.limit + 1),
  ]);
  const shown = page.slice(0, query.limit);
  const code = user.referralCode ?? "";
  return {
    referralCode: code,
    link: referralLink(origin, code),
    stats: {
      signedUp: referralTotals?.signedUp ?? 0,
      converted: referralTotals?.converted ?? 0,
      freeMonthsAvailable: rewardTotals?.available ?? 0,
      freeMonthsClaimed: rewardTotals?.claimed ?? 0,
    },
    rewards: rewards.map((row) => presentReward(row.reward, row.refereeName)),
    history: shown.map((row) => presentReferral(row.referral, row.refereeName)),
    nextCursor: page.length > query.limit ? String(shown.at(-1)!.referral.id) : null,
  };
}
