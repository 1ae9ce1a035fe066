import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/index";
import { AppError } from "../../lib/errors";
import { consumeToken } from "./one-time-tokens";

/**
 * Confirms the address behind a mailed link; the link works once, for 24 hours, and only while it is still the
 * account's address (a link mailed before an email change confirms nothing).
 */
export async function verifyEmail(ctx: AppContext, token: string) {
  return ctx.db.transaction(async (tx) => {
    const consumed = await consumeToken(tx, ctx.clock.now(), "verification", token);
    if (consumed === null) throw new AppError("BAD_REQUEST", "accounts.tokenInvalid");
    const [user] = await tx
      .update(users)
      .set({
        emailVerified: true,
        accountStatus: sql`case when ${users.accountStatus} = 'pending' then 'active' else ${users.accountStatus} end`,
      })
      .where(eq(users.id, consumed.userId))
      .returning();
    return user!;
  });
}
