import type { AppContext } from "../../context";
import { actionMail } from "../../integrations/email/templates";
import type { Language } from "../../lib/i18n";
import { issueToken } from "./one-time-tokens";
import type { SessionUser } from "./sessions";

type MailUser = Pick<SessionUser, "id" | "email" | "username" | "language">;

const mailLanguage = (user: MailUser): Language => (user.language === "es" ? "es" : "en");

/** Sends the verification link; false when the mail could not be handed to the transport. */
export async function sendVerificationMail(ctx: AppContext, user: MailUser): Promise<boolean> {
  const token = await issueToken(ctx, "verification", user.id);
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send(
      actionMail("verify", { to: user.email, username: user.username, link, language: mailLanguage(user) }),
    );
    return true;
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, "verification mail failed");
    return false;
  }
}

export async function sendPasswordResetMail(ctx: AppContext, user: MailUser): Promise<void> {
  const token = await issueToken(ctx, "passwordReset", user.id);
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send(
      actionMail("reset", { to: user.email, username: user.username, link, language: mailLanguage(user) }),
    );
  } catch (error) {
    // The answer to the requester must not reveal whether the address exists, so failures are only logged.
    ctx.log.error({ err: error, userId: user.id }, "password reset mail failed");
  }
}
