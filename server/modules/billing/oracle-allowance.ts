import { and, eq, sql } from "drizzle-orm";
import { isPremium } from "../../../contract/billing-constants";
import { FREE_ORACLE_WINDOW_DAYS } from "../../../contract/constants";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db/client";
import { users } from "../../db/schema/index";
import { AppError } from "../../lib/errors";
import type { SessionUser } from "../accounts/sessions";
import { usageWindow } from "../accounts/usage-window";

export const ORACLE_WINDOW_MS = FREE_ORACLE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/**
 * Counts one oracle consultation against the user's allowance (decisions.md: FREE_ORACLE_CONSULTATIONS per
 * FREE_ORACLE_WINDOW_DAYS), or refuses it (403, a message containing "limit", reason ORACLE_LIMIT). Like the
 * translation limit, one conditional UPDATE decides, so parallel requests cannot exceed it. Premium and unlimited-access users are not counted. The oracle's consultation use case calls this first.
 */
export async function consumeOracleAllowance(
  ctx: Pick<AppContext, "db" | "clock">,
  user: SessionUser,
): Promise<{ used: number; remaining: number | null; resetsAt: Date | null }> {
  if (isPremium(user)) return { used: 0, remaining: null, resetsAt: null };
  const now = ctx.clock.now();
  const window = usageWindow(
    { used: users.oracleUsed, resetsAt: users.oracleResetDate, limit: users.oracleLimit },
    now,
    new Date(now.getTime() + ORACLE_WINDOW_MS),
  );
  const [counted] = await ctx.db
    .update(users)
    .set({ oracleUsed: window.used, oracleResetDate: window.resetsAt })
    .where(and(eq(users.id, user.id), window.allowed))
    .returning({ used: users.oracleUsed, limit: users.oracleLimit, resetsAt: users.oracleResetDate });
  if (!counted) {
    throw new AppError("FORBIDDEN", "errors.oracleLimit", {
      params: { count: user.oracleLimit, days: FREE_ORACLE_WINDOW_DAYS },
      reason: "ORACLE_LIMIT",
    });
  }
  return {
    used: counted.used,
    remaining: Math.max(0, counted.limit - counted.used),
    resetsAt: counted.resetsAt,
  };
}

/**
 * Gives back counted consultations that failed, so a free user is not charged for a reading they never got.
 * Only for consultations that were counted (the caller knows); never below zero.
 */
export async function refundOracleAllowance(db: Queryable, userId: number, consultations = 1): Promise<void> {
  await db
    .update(users)
    .set({ oracleUsed: sql`GREATEST(${users.oracleUsed} - ${consultations}, 0)` })
    .where(eq(users.id, userId));
}
