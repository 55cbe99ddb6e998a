import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** `headers`: extra header lines, e.g. List-Unsubscribe on alerts (server/alerts/emails.ts). */
export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string; headers?: Record<string, string> };
export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

/**
 * The transport: real SMTP when SMTP_URL is set. Otherwise each message is written as an .eml file under
 * the outbox folder and its links are logged, so a developer can follow a reset link.
 * The app sends through the outbox (server/mail/outbox.ts), which stores each message before
 * handing it to this transport and retries when it fails.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string }, logger: Logger): Mailer {
  if (options.smtpUrl) {
    // Bounded waits: a mail server that hangs must not hold a delivery (or a shutdown) for minutes.
    const transport = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        logger.info({ to: redactAddress(message.to), subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: redactAddress(message.to), subject: message.subject, file, links }, 'mail written to outbox');
    },
    close: () => {},
  };
}

function redactAddress(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}
