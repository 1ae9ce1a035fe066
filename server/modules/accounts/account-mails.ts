import type { AppContext } from "../../context";
import { actionMail } from "../../integrations/email/templates";
import { describeFailure } from "../../lib/background";
import type { Language } from "../../lib/i18n";
import { issueToken } from "./one-time-tokens";
import type { SessionUser } from "./sessions";

type MailUser = Pick<SessionUser, "id" | "email" | "username" | "language">;

const mailLanguage = (user: MailUser): Language => (user.language === "es" ? "es" : "en");

/**
 * Sends the verification link; false when the mail could not be handed to the transport. After an email change
 * (`verifyNewEmail`) the mail does not welcome: it warns that whoever did not ask should leave the link alone, since
 * confirming would tie the address to someone else's account.
 */
export async function sendVerificationMail(
  ctx: AppContext,
  user: MailUser,
  kind: "verify" | "verifyNewEmail" = "verify",
): Promise<boolean> {
  const token = await issueToken(ctx, "verification", user.id, user.email);
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send(
      actionMail(kind, {
        to: user.email,
        username: user.username,
        link,
        language: mailLanguage(user),
        params: { username: user.username },
      }),
    );
    return true;
  } catch (error) {
    ctx.log.error({ failure: describeFailure(error), userId: user.id }, "verification mail failed");
    return false;
  }
}

export async function sendPasswordResetMail(ctx: AppContext, user: MailUser): Promise<void> {
  const token = await issueToken(ctx, "passwordReset", user.id, user.email);
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send(
      actionMail("reset", { to: user.email, username: user.username, link, language: mailLanguage(user) }),
    );
  } catch (error) {
    // The answer to the requester must not reveal whether the address exists, so failures are only logged.
    ctx.log.error({ failure: describeFailure(error), userId: user.id }, "password reset mail failed");
  }
}

/** `dreamer@example.com` -> `dr***@example.com`: enough for the owner to recognise, not to learn a stranger's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  return `${[...local].slice(0, local.length > 3 ? 2 : 1).join("")}***${email.slice(at)}`;
}

/**
 * Tells the address the account just left that it was replaced, with a link that puts it back (7 days): a
 * stolen session or password cannot quietly move the account to another inbox.
 */
export async function sendEmailChangedMail(ctx: AppContext, user: MailUser, oldEmail: string): Promise<void> {
  const token = await issueToken(ctx, "emailRevert", user.id, oldEmail);
  const link = `${ctx.config.publicUrl}/email-revert?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send(
      actionMail("emailChanged", {
        to: oldEmail,
        username: user.username,
        link,
        language: mailLanguage(user),
        params: { email: maskEmail(user.email) },
      }),
    );
  } catch (error) {
    ctx.log.error({ failure: describeFailure(error), userId: user.id }, "email change notice failed");
  }
}
