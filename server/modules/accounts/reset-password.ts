import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/index";
import { AppError, validationError } from "../../lib/errors";
import { sendPasswordResetMail } from "./account-mails";
import { findUserByEmail } from "./find-user";
import { consumeToken } from "./one-time-tokens";
import { hashPassword, isCommonPassword } from "./passwords";
import { deleteUserSessions } from "./sessions";
import { RESET_MAILS_PER_ADDRESS, takeAttempt } from "./throttle";

/** Same outcome whether or not the address has an account. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const address = email.toLowerCase();
  await takeAttempt(ctx, RESET_MAILS_PER_ADDRESS, address);
  const user = await findUserByEmail(ctx.db, address);
  if (user && user.accountStatus !== "deleted") await sendPasswordResetMail(ctx, user);
}

/** Sets the new password from a mailed link (single use, 60 minutes) and signs every session out. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  if (isCommonPassword(password)) throw validationError("validation.passwordTooCommon", "password");
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, ctx.clock.now(), "passwordReset", token);
    if (userId === null) throw new AppError("BAD_REQUEST", "accounts.tokenInvalid");
    // Opening the mailed link proves the address, so it counts as verified.
    await tx.update(users).set({ password: passwordHash, emailVerified: true }).where(eq(users.id, userId));
    await deleteUserSessions(tx, userId);
  });
}
