import type { AppContext } from "../../context";
import { validationError } from "../../lib/errors";
import { verifyPassword } from "./passwords";
import type { SessionUser } from "./sessions";
import { clearAttempts, LOGIN_FAILURES_PER_ACCOUNT, takeAttempt } from "./throttle";

/**
 * Proves the signed-in person knows the account's password before a sensitive change. Wrong guesses count
 * against the same per-account limit as failed sign-ins, so a stolen session cannot brute-force it.
 * Failures are field errors (422) on `field`, never 401: the session itself is fine.
 */
export async function confirmPassword(
  ctx: AppContext,
  user: SessionUser,
  password: string | undefined,
  field: string,
): Promise<void> {
  if (!password) throw validationError("validation.required", field);
  const subject = `user:${user.id}`;
  await takeAttempt(ctx, LOGIN_FAILURES_PER_ACCOUNT, subject);
  if (!(await verifyPassword(user.password, password))) {
    throw validationError("accounts.passwordIncorrect", field);
  }
  await clearAttempts(ctx, LOGIN_FAILURES_PER_ACCOUNT, subject);
}
