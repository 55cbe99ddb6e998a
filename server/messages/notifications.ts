import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { DELETED_USER } from '#kernel/message-rules.ts';
import { queryRows, type Db } from '../db/client.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { emailHtml, escapeHtml } from '../mail/template.ts';
import { asLocale, catalogFor, pagePath } from '../i18n.ts';
import { messageMailToken, messageMailUnsubscribeUrl } from './unsubscribe.ts';

/*
 * E-mails about unread messages (issue 43, point 5). A message delivered to someone and still
 * unread 10 minutes later earns them one e-mail, through the outbox; then nothing more about that
 * conversation for an hour, and only for messages that came after the last e-mail. Withheld
 * messages (the reader blocked the sender, or held for review) are never delivered and so never
 * mailed; a released one counts from its release. Off per account (My details, or the one-click
 * link in every such e-mail); banned accounts get none. The message text is not in the e-mail: a
 * scam message's link or number would reach the inbox without the warning the thread shows.
 */

export const UNREAD_BEFORE_MAIL_MS = 10 * 60_000;
export const MAIL_GAP_MS = 60 * 60_000;
/** How often the job looks (server/main.ts): a minute late at most on top of the 10. */
export const MESSAGE_MAIL_INTERVAL_MS = 60_000;
/** Conversations e-mailed per side per transaction; a run repeats until none are due. */
const BATCH = 100;

type Side = 'buyer' | 'seller';
type Due = { id: string; listing_title: string; unread: number; email: string; first_name: string; recipient_id: string; other: string | null; locale?: string | null };

/** Claims the due conversations of one side (notified_at moves to `now` in the same statement) and queues their e-mails in the same transaction. */
async function mailOneSide(db: Db, appUrl: string, side: Side, now: Date): Promise<number> {
  const me = sql.raw(side);
  const them = sql.raw(side === 'buyer' ? 'seller' : 'buyer');
  const at = now.toISOString();
  return db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Db;
    const due = await queryRows<Due>(
      tx,
      sql`UPDATE conversations c SET ${me}_notified_at = ${at}::timestamptz
          FROM users u
          WHERE u.id = c.${me}_id AND c.id IN (
            SELECT c2.id FROM conversations c2 JOIN users r ON r.id = c2.${me}_id
            WHERE c2.${me}_unread > 0 AND r.message_emails AND r.banned_at IS NULL
              AND (c2.${me}_notified_at IS NULL OR c2.${me}_notified_at <= ${at}::timestamptz - ${`${MAIL_GAP_MS} milliseconds`}::interval)
              AND EXISTS (
                SELECT 1 FROM messages m
                WHERE m.conversation_id = c2.id AND NOT m.withheld AND m.sender_id IS DISTINCT FROM c2.${me}_id
                  AND m.created_at > coalesce(c2.${me}_last_read_at, '-infinity')
                  AND m.created_at > coalesce(c2.${me}_notified_at, '-infinity')
                  AND m.created_at <= ${at}::timestamptz - ${`${UNREAD_BEFORE_MAIL_MS} milliseconds`}::interval)
            LIMIT ${BATCH}
            FOR UPDATE OF c2 SKIP LOCKED)
          RETURNING c.id, c.listing_title, c.${me}_unread AS unread, u.email, u.first_name, u.id AS recipient_id, u.locale,
            (SELECT o.first_name || ' ' || o.last_name FROM users o WHERE o.id = c.${them}_id) AS other`,
    );
    for (const row of due) {
      const token = await messageMailToken(tx, row.recipient_id);
      await enqueueMail(tx, unreadMessageEmail({ ...row, unread: Number(row.unread), appUrl, unsubscribeUrl: messageMailUnsubscribeUrl(appUrl, token) }));
    }
    return due.length;
  });
}

/** One pass: queues every due e-mail; answers how many. `now` is the clock (tests move it). */
export async function sendUnreadMessageEmails(db: Db, appUrl: string, now = new Date()): Promise<number> {
  let total = 0;
  for (const side of ['buyer', 'seller'] as const) {
    for (;;) {
      const n = await mailOneSide(db, appUrl, side, now);
      total += n;
      if (n < BATCH) break;
    }
  }
  return total;
}

export function unreadMessageEmail(m: Due & { appUrl: string; unsubscribeUrl: string }): MailMessage {
  const locale = asLocale(m.locale);
  const t = catalogFor(locale);
  const from = m.other?.trim() || DELETED_USER;
  const subject = t.mail.messageSubject({ from, title: m.listing_title });
  const threadUrl = `${m.appUrl}${pagePath(locale, `/messages/${m.id}`)}`;
  const intro = t.mail.messageIntro({ n: m.unread, from, title: m.listing_title });
  const why = t.mail.messageWhy;
  const settings = `${m.appUrl}${pagePath(locale, '/my-details')}#contact-settings`;
  return {
    to: m.email,
    subject,
    text:
      `${t.mail.hello({ name: m.first_name })}\n\n${intro}\n\n${t.mail.readAndReply}: ${threadUrl}\n\n` +
      `${t.mail.staySafe}\n\n` +
      `${why}\n${t.mail.stopEmails}: ${m.unsubscribeUrl}\n${t.mail.orChangeInMyDetails}: ${settings}\n\nSoko`,
    html: emailHtml(
      subject,
      [
        t.mail.hello({ name: escapeHtml(m.first_name) }),
        escapeHtml(intro),
        t.mail.staySafe,
        `<span style="font-size:13px;color:#555">${escapeHtml(why)} <a href="${escapeHtml(m.unsubscribeUrl)}">${t.mail.stopMessageEmails}</a>${t.mail.orChangeItIn}<a href="${escapeHtml(settings)}">${t.mail.myDetails}</a>.</span>`,
      ],
      { href: threadUrl, label: t.mail.readAndReply },
      t,
    ),
    headers: {
      'List-Unsubscribe': `<${m.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export type MessageMailJob = { runOnce(): Promise<number> };

/** The job server/main.ts runs every MESSAGE_MAIL_INTERVAL_MS; concurrent calls share one pass. */
export function createMessageMailJob(deps: { db: Db; appUrl: string; logger: Logger; now?: () => Date; deliver?: () => Promise<unknown> }): MessageMailJob {
  const now = deps.now ?? (() => new Date());
  let running: Promise<number> | undefined;
  async function pass(): Promise<number> {
    const queued = await sendUnreadMessageEmails(deps.db, deps.appUrl, now());
    if (queued > 0) {
      deps.logger.info({ queued }, 'message e-mails queued');
      await deps.deliver?.();
    }
    return queued;
  }
  return {
    runOnce() {
      running ??= pass().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
