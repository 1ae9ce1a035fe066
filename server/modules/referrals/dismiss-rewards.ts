import type { AppContext } from "../../context";
import { referralModalStates } from "../../db/schema/index";

const HOUR_MS = 60 * 60 * 1000;

/** Hides the rewards modal for `hours` (the spec's 24 h or 168 h buttons) and marks it seen now. */
export async function dismissRewards(
  ctx: Pick<AppContext, "db" | "clock">,
  userId: number,
  hours: number,
): Promise<{ dismissedUntil: string }> {
  const now = ctx.clock.now();
  const seen = {
    dismissedUntil: new Date(now.getTime() + hours * HOUR_MS),
    lastShownAt: now,
    pendingReferrerReward: false,
    pendingRefereeReward: false,
  };
  await ctx.db
    .insert(referralModalStates)
    .values({ userId, ...seen, createdAt: now })
    .onConflictDoUpdate({ target: referralModalStates.userId, set: seen });
  return { dismissedUntil: seen.dismissedUntil.toISOString() };
}
