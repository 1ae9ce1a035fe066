import type { AppContext } from "../../context";
import { AppError } from "../../lib/errors";
import { type Device, deviceKnows } from "./device-cookie";
import { findUserByLogin } from "./find-user";
import { decoyPasswordHash, verifyPassword } from "./passwords";
import { createSession, type SessionMeta } from "./sessions";
import {
  type AttemptLimit,
  clearAttempts,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_DEVICE,
  releaseAttempt,
  takeAttempt,
} from "./throttle";

/**
 * Which failure budget an attempt spends: a browser the account signed in from before has its own, so strangers'
 * guesses (which lock the account for every other browser) never lock the owner out of theirs.
 */
function failureBudget(userId: number, device: Device | null): [AttemptLimit, string] {
  return device && deviceKnows(device, userId)
    ? [LOGIN_FAILURES_PER_DEVICE, `user:${userId}:device:${device.id}`]
    : [LOGIN_FAILURES_PER_ACCOUNT, `user:${userId}`];
}

/** Username or email plus password; a new session on success. `device`: the browser's device cookie. */
export async function logIn(
  ctx: AppContext,
  input: { username: string; password: string },
  meta: SessionMeta,
  device: Device | null,
) {
  const user = await findUserByLogin(ctx.db, input.username);
  const budget = user ? failureBudget(user.id, device) : undefined;
  // Counted as a failure up front (so parallel guesses cannot all pass the check); success clears it.
  const attemptId = budget ? await takeAttempt(ctx, ...budget) : undefined;

  const passwordOk = await verifyPassword(user?.password ?? (await decoyPasswordHash()), input.password);
  if (!user || !passwordOk) throw new AppError("UNAUTHORIZED", "accounts.invalidCredentials");
  if (user.accountStatus === "suspended" || user.accountStatus === "deleted") {
    await releaseAttempt(ctx, attemptId!);
    throw new AppError("FORBIDDEN", "accounts.accountUnavailable");
  }
  await clearAttempts(ctx, ...budget!);
  const session = await createSession(ctx, user.id, meta);
  return { user, session };
}
