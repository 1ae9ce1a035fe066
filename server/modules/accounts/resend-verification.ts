import type { AppContext } from "../../context";
import { sendVerificationMail } from "./account-mails";
import { findUserByEmail } from "./find-user";
import type { SessionUser } from "./sessions";
import { RESEND_MAILS_PER_ADDRESS, takeAttempt } from "./throttle";

export type ResendOutcome = "sent" | "already-verified" | "accepted";

/**
 * A signed-in user asks for their own link again; a signed-out one names an address and always gets the
 * same answer, so the endpoint does not reveal which addresses have accounts.
 */
export async function resendVerification(
  ctx: AppContext,
  caller: SessionUser | null,
  email: string | undefined,
): Promise<ResendOutcome> {
  const address = (caller?.email ?? email ?? "").toLowerCase();
  await takeAttempt(ctx, RESEND_MAILS_PER_ADDRESS, address);
  const user = caller ?? (address ? await findUserByEmail(ctx.db, address) : null);
  if (caller?.emailVerified) return "already-verified";
  if (!user || user.emailVerified) return "accepted";
  const sent = await sendVerificationMail(ctx, user);
  return caller && sent ? "sent" : "accepted";
}
