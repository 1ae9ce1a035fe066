import type { AppContext } from "../../context";
import { AppError } from "../../lib/errors";
import { findUserByLogin } from "./find-user";
import { decoyPasswordHash, verifyPassword } from "./passwords";
import { createSession, type SessionMeta } from "./sessions";
import { clearAttempts, LOGIN_FAILURES_PER_ACCOUNT, releaseAttempt, takeAttempt } from "./throttle";

/** Username or email plus password; a new session on success. */
export async function logIn(
  ctx: AppContext,
  input: { username: string; password: string },
  meta: SessionMeta,
) {
  const user = await findUserByLogin(ctx.db, input.username);
  const throttleSubject = user ? `user:${user.id}` : "";
  // Counted as a failure up front (so parallel guesses cannot all pass the check); success clears it.
  const attemptId = user ? await takeAttempt(ctx, LOGIN_FAILURES_PER_ACCOUNT, throttleSubject) : undefined;

  const passwordOk = await verifyPassword(user?.password ?? (await decoyPasswordHash()), input.password);
  if (!user || !passwordOk) throw new AppError("UNAUTHORIZED", "accounts.invalidCredentials");
  if (user.accountStatus === "suspended" || user.accountStatus === "deleted") {
    await releaseAttempt(ctx, attemptId!);
    throw new AppError("FORBIDDEN", "accounts.accountUnavailable");
  }
  await clearAttempts(ctx, LOGIN_FAILURES_PER_ACCOUNT, throttleSubject);
  const session = await createSession(ctx, user.id, meta);
  return { user, session };
}
