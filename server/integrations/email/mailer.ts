import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links the mail carries, logged by the outbox so a laptop user can follow them. */
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
 * Without SMTP, every mail becomes an .eml file in the outbox folder and its links are logged,
 * so verification and password reset work on a laptop with no mail server.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: MailLog): Mailer {
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
      mkdirSync(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outboxDir, `${stamp}-${message.to.replace(/[^a-z0-9@._-]/gi, "_")}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info(
        { to: message.to, subject: message.subject, file, links: message.links },
        "mail written to outbox",
      );
    },
    close: () => transport.close(),
  };
}
