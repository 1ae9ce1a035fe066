import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/index";
import { AppError, validationError } from "../../lib/errors";
import { sendPasswordResetMail } from "./account-mails";
import { mailLinkInBackground, type Requester, throttleMailRequest } from "./mail-requests";
import { consumeToken } from "./one-time-tokens";
import { hashPassword, isCommonPassword } from "./passwords";
import { deleteUserSessions } from "./sessions";
import { clearLoginLock, RESET_REQUEST_LIMITS } from "./throttle";

/** Same answer, after the same work, whether or not the address has an account: the mail goes in the background. */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  requester: Requester,
): Promise<void> {
  const address = email.toLowerCase();
  await throttleMailRequest(ctx, RESET_REQUEST_LIMITS, requester, address);
  mailLinkInBackground(
    ctx,
    "passwordReset",
    address,
    (user) => user.accountStatus !== "deleted",
    (user) => sendPasswordResetMail(ctx, user),
  );
}

/**
 * Sets the new password from a mailed link (single use, 60 minutes, and only while the account's address is the
 * one it was mailed to) and signs every session out.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  if (isCommonPassword(password)) throw validationError("validation.passwordTooCommon", "password");
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const consumed = await consumeToken(tx, ctx.clock.now(), "passwordReset", token);
    if (consumed === null) throw new AppError("BAD_REQUEST", "accounts.tokenInvalid");
    // The token still names the account's address, so the mail reached that inbox: the address is verified.
    await tx
      .update(users)
      .set({ password: passwordHash, emailVerified: true })
      .where(eq(users.id, consumed.userId));
    await deleteUserSessions(tx, consumed.userId);
    // Proof of the inbox also lifts a sign-in lock (strangers' guesses), so the owner can sign in at once.
    await clearLoginLock(tx, consumed.userId);
  });
}
