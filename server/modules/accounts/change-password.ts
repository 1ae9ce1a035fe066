import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema/index";
import { validationError } from "../../lib/errors";
import { confirmPassword, confirmRecentSignIn } from "./confirm-password";
import { voidTokens } from "./one-time-tokens";
import { hashPassword, isCommonPassword } from "./passwords";
import { deleteUserSessions, type SessionUser } from "./sessions";

/**
 * A new password for the signed-in user. The current one is proven first; accounts opened through an
 * identity provider that never had one set a first password after a fresh sign-in there (else an old stolen
 * session could set one, and with it pass every password check). Every other session ends, and reset links
 * still in the mail stop working; this browser stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  user: SessionUser,
  currentSessionId: number,
  input: { currentPassword?: string; newPassword: string },
): Promise<void> {
  if (isCommonPassword(input.newPassword))
    throw validationError("validation.passwordTooCommon", "newPassword");
  if (user.password !== null)
    await confirmPassword(ctx, user, currentSessionId, input.currentPassword, "currentPassword");
  else await confirmRecentSignIn(ctx, currentSessionId);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password: passwordHash }).where(eq(users.id, user.id));
    await voidTokens(tx, user.id, ["passwordReset"]);
    await deleteUserSessions(tx, user.id, currentSessionId);
  });
}
