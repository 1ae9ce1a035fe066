import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/index";
import { isUniqueViolation } from "../../lib/db-errors";
import { AppError, conflict } from "../../lib/errors";
import { findUserByEmail } from "./find-user";
import { consumeToken, TOKEN_KINDS, type TokenKind, voidTokens } from "./one-time-tokens";
import { deleteUserSessions } from "./sessions";

const emailTaken = () => conflict("accounts.emailRevertTaken");

/**
 * Undoes an email change from the link mailed to the address the account left: that address comes back,
 * verified (the mail reached it). Whoever made the change is shut out: every session ends, every other
 * mailed link dies, and the password is removed, since they may know it; the owner chooses a new one through
 * a reset mailed to the restored address. Answers the restored address.
 */
export async function revertEmailChange(ctx: AppContext, token: string): Promise<string> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const consumed = await consumeToken(tx, ctx.clock.now(), "emailRevert", token);
      if (consumed === null) throw new AppError("BAD_REQUEST", "accounts.tokenInvalid");
      const holder = await findUserByEmail(tx, consumed.email);
      // Refused without spending the link: it works again if the address is freed within its 7 days.
      if (holder && holder.id !== consumed.userId) throw emailTaken();
      await voidTokens(tx, consumed.userId, Object.keys(TOKEN_KINDS) as TokenKind[]);
      await tx
        .update(users)
        .set({
          email: consumed.email,
          emailVerified: true,
          password: null,
          accountStatus: sql`case when ${users.accountStatus} = 'pending' then 'active' else ${users.accountStatus} end`,
        })
        .where(eq(users.id, consumed.userId));
      await deleteUserSessions(tx, consumed.userId);
      return consumed.email;
    });
  } catch (error) {
    // Someone took the address between the look-up and the update: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
