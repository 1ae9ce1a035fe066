import type { AppContext } from "../../context";
import { sendVerificationMail } from "./account-mails";
import { mailLinkInBackground, type Requester, throttleMailRequest } from "./mail-requests";
import type { SessionUser } from "./sessions";
import { RESEND_REQUEST_LIMITS, takeAttempt } from "./throttle";

export type ResendOutcome = "sent" | "already-verified" | "accepted";

/**
 * A signed-in user asks for their own link again (their account's budget; the answer says what happened). A
 * signed-out one names an address and always gets the same answer, after the same work, so the endpoint does not
 * reveal which addresses have accounts: the lookup and the mail go in the background.
 */
export async function resendVerification(
  ctx: AppContext,
  caller: SessionUser | null,
  email: string | undefined,
  requester: Requester,
): Promise<ResendOutcome> {
  if (caller) {
    await takeAttempt(ctx, RESEND_REQUEST_LIMITS.perOwner, `user:${caller.id}`);
    if (caller.emailVerified) return "already-verified";
    return (await sendVerificationMail(ctx, caller)) ? "sent" : "accepted";
  }
  if (email) {
    const address = email.toLowerCase();
    await throttleMailRequest(ctx, RESEND_REQUEST_LIMITS, requester, address);
    mailLinkInBackground(
      ctx,
      "verification",
      address,
      (user) => !user.emailVerified,
      (user) => sendVerificationMail(ctx, user),
    );
  }
  return "accepted";
}
