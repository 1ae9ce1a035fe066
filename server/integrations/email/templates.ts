import { type Language, translator } from "../../lib/i18n";
import type { MailMessage } from "./mailer";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

type ActionMail =
  | "verify"
  | "verifyNewEmail"
  | "reset"
  | "emailChanged"
  | "receipt"
  | "paymentFailed"
  | "ended"
  | "reminder"
  | "affiliateApproved"
  | "affiliateRejected";

/** Mails the recipient asked for themselves: they say what to do if it was not them. */
const requestedByRecipient = new Set<ActionMail>(["verify", "reset"]);

/** A plain mail with one call to action, in the recipient's language (text and HTML parts). */
export function actionMail(
  kind: ActionMail,
  options: {
    to: string;
    username: string;
    link: string;
    language: Language;
    params?: Record<string, string>;
  },
): MailMessage {
  const t = translator(options.language);
  const greeting = t("email.greeting", { username: options.username });
  const intro = t(`email.${kind}.intro`, options.params);
  const note = requestedByRecipient.has(kind)
    ? `${t(`email.${kind}.note`, options.params)} ${t("email.ignore")}`
    : t(`email.${kind}.note`, options.params);
  const text = [greeting, "", intro, options.link, "", note, "", t("email.signature")].join("\n");
  const html = `<!doctype html><html lang="${options.language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1d1b2e">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(options.link)}" style="display:inline-block;padding:10px 18px;background:#5b3cc4;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t(`email.${kind}.button`))}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(options.link)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(note)}</p>
<p>${escapeHtml(t("email.signature"))}</p>
</body></html>`;
  return {
    to: options.to,
    subject: t(`email.${kind}.subject`, options.params),
    text,
    html,
    links: [options.link],
  };
}
