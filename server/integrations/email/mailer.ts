import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links the mail carries, logged by the outbox outside production so a laptop user can follow them. */
  links?: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface MailLog {
  info(object: object, message: string): void;
}

/** SMTP through nodemailer (`SMTP_URL`), e.g. smtp://user:pass@host:587. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP, every mail becomes an .eml file in the outbox folder, so verification and password reset work
 * on a laptop with no mail server. Outside production its recipient and links are logged too; in production
 * the log names the file only, and the file name holds no address: a live token or an address never reaches
 * a log (decisions, "Notifications").
 */
export function createOutboxMailer(
  outboxDir: string,
  from: string,
  log: MailLog,
  options: { logLinks: boolean },
): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      // The files hold live links: readable by the server's own user only.
      mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
      // Sorts by time; the random part keeps two mails in the same millisecond apart.
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      if (options.logLinks) {
        log.info(
          { to: message.to, subject: message.subject, file, links: message.links },
          "mail written to outbox",
        );
      } else {
        log.info({ file }, "mail written to outbox");
      }
    },
    close: () => transport.close(),
  };
}
