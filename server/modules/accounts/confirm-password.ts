import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { sessions } from "../../db/schema/index";
import { AppError, validationError } from "../../lib/errors";
import { verifyPassword } from "./passwords";
import type { SessionUser } from "./sessions";
import { clearAttempts, PASSWORD_CONFIRMATIONS_PER_SESSION, takeAttempt } from "./throttle";

/**
 * Proves the signed-in person knows the account's password before a sensitive change. Wrong guesses count
 * against this session's own budget (10 an hour), so a stolen session cannot brute-force it, and strangers
 * who locked the account's sign-in never stop the signed-in owner. Failures are field errors (422) on `field`,
 * never 401: the session itself is fine.
 */
export async function confirmPassword(
  ctx: AppContext,
  user: SessionUser,
  sessionId: number,
  password: string | undefined,
  field: string,
): Promise<void> {
  if (!password) throw validationError("validation.required", field);
  const subject = `user:${user.id}:session:${sessionId}`;
  await takeAttempt(ctx, PASSWORD_CONFIRMATIONS_PER_SESSION, subject);
  if (!(await verifyPassword(user.password, password))) {
    throw validationError("accounts.passwordIncorrect", field);
  }
  await clearAttempts(ctx, PASSWORD_CONFIRMATIONS_PER_SESSION, subject);
}

/** How fresh a sign-in must be to stand in for the password of an account that has none. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * For accounts without a password (opened through the identity provider): the provider's sign-in is the proof,
 * so this session must have been opened by one in the last ten minutes. An older (possibly stolen) session gets
 * 403, telling the person to sign in again with the provider.
 */
export async function confirmRecentSignIn(ctx: AppContext, sessionId: number): Promise<void> {
  const [session] = await ctx.db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (session && ctx.clock.now().getTime() - session.createdAt.getTime() < RECENT_SIGN_IN_MS) return;
  throw new AppError("FORBIDDEN", "accounts.reauthRequired", {
    params: { provider: ctx.config.oidc?.name ?? "OpenID Connect" },
  });
}
