import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/**
 * Every e-mail goes through the mail_outbox table (migration 0300). send() stores the message
 * first, so once it returns nothing is lost: not to an SMTP outage, a crash or a deploy. It then
 * tries to deliver at once; a failure is retried by the background job (deliverDue, which
 * server/main.ts runs every OUTBOX_INTERVAL_MS) with exponential backoff (30 s doubling to
 * 15 min) for two days. A permanent refusal (5xx) is not retried.
 * Rows are claimed with a lease, so several processes can share the table and a crash mid-send
 * only delays that message.
 */
export type Outbox = Mailer & {
  /** Delivers every due message once; returns how many were sent. */
  deliverDue(): Promise<number>;
  /** Shutdown: waits for deliveries in progress, then tries the due messages once more. */
  flush(timeoutMs?: number): Promise<void>;
};

export type OutboxOptions = {
  firstRetryMs?: number;
  maxRetryMs?: number;
  giveUpAfterMs?: number;
  /** How long send() waits for the first delivery before answering (it goes on in the background). */
  sendWaitMs?: number;
};

/** How often the background job looks for due mail (retries, and messages whose first try did not finish). */
export const OUTBOX_INTERVAL_MS = 5_000;
const LEASE = '2 minutes';
const BATCH = 20;
const KEEP_FAILED = '7 days';

type Claimed = { id: number; message: MailMessage; attempts: number; created_at: string | Date };

export function createOutboxMailer(deps: { db: Db; transport: Mailer; logger: Logger }, options: OutboxOptions = {}): Outbox {
  const { db, transport, logger } = deps;
  const firstRetryMs = options.firstRetryMs ?? 30_000;
  const maxRetryMs = options.maxRetryMs ?? 15 * 60_000;
  const giveUpAfterMs = options.giveUpAfterMs ?? 2 * 86_400_000;
  const sendWaitMs = options.sendWaitMs ?? 2_000;
  const inProgress = new Set<Promise<unknown>>();

  const track = <T>(work: Promise<T>): Promise<T> => {
    inProgress.add(work);
    void work.finally(() => inProgress.delete(work)).catch(() => {});
    return work;
  };

  /** Claims due rows (one id, or the oldest due batch) for this worker. */
  function claim(id?: number): Promise<Claimed[]> {
    return queryRows<Claimed>(
      db,
      sql`update mail_outbox set locked_until = now() + ${LEASE}::interval, attempts = attempts + 1
          where id in (
            select id from mail_outbox
            where failed_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())
              ${id === undefined ? sql`` : sql`and id = ${id}`}
            order by next_attempt_at limit ${BATCH}
            for update skip locked)
          returning id, message, attempts, created_at`,
    );
  }

  async function deliver(row: Claimed): Promise<boolean> {
    try {
      await transport.send(row.message);
      await db.execute(sql`delete from mail_outbox where id = ${row.id}`);
      if (row.attempts > 1) logger.info({ outboxId: row.id, attempts: row.attempts }, 'mail delivered after retrying');
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = isPermanentRefusal(error);
      const age = Date.now() - new Date(row.created_at).getTime();
      if (permanent || age > giveUpAfterMs) {
        logger.error({ err: error, outboxId: row.id, subject: row.message.subject, attempts: row.attempts }, 'mail given up');
        await db.execute(sql`update mail_outbox set failed_at = now(), locked_until = null, last_error = ${message} where id = ${row.id}`);
      } else {
        const delayMs = Math.min(maxRetryMs, firstRetryMs * 2 ** (row.attempts - 1));
        logger.warn({ err: error, outboxId: row.id, attempts: row.attempts, retryInMs: delayMs }, 'mail not sent; will retry');
        await db.execute(
          sql`update mail_outbox set next_attempt_at = now() + ${`${delayMs} milliseconds`}::interval, locked_until = null,
              last_error = ${message} where id = ${row.id}`,
        );
      }
      return false;
    }
  }

  async function deliverClaimed(rows: Claimed[]): Promise<number> {
    let sent = 0;
    for (const row of rows) if (await deliver(row)) sent++;
    return sent;
  }

  let sweeping: Promise<number> | undefined;
  /** One pass over the due messages; concurrent callers share it. */
  function deliverDue(): Promise<number> {
    sweeping ??= track(
      (async () => {
        let total = 0;
        for (;;) {
          const rows = await claim();
          total += await deliverClaimed(rows);
          if (rows.length < BATCH) break;
        }
        await db.execute(sql`delete from mail_outbox where failed_at < now() - ${KEEP_FAILED}::interval`);
        return total;
      })().finally(() => {
        sweeping = undefined;
      }),
    );
    return sweeping;
  }

  return {
    async send(message) {
      const [row] = await db.insert(mailOutbox).values({ message }).returning({ id: mailOutbox.id });
      const first = track(claim(row!.id).then(deliverClaimed));
      // The message is safe in the table; wait a little for it to leave, but never for a slow server.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([first.catch(() => 0), new Promise((r) => (timer = setTimeout(r, sendWaitMs)))]);
      clearTimeout(timer);
    },
    deliverDue,
    async flush(timeoutMs = 5_000) {
      let timer: NodeJS.Timeout | undefined;
      const work = (async () => {
        await Promise.allSettled([...inProgress]);
        await deliverDue().catch((error: unknown) => logger.warn({ err: error }, 'mail outbox: flush failed; mail stays queued'));
      })();
      await Promise.race([work, new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
      clearTimeout(timer);
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Stores a message in the outbox inside the caller's transaction (`db` may be one), without
 * trying to deliver it: the outbox job (or deliverDue) sends it once the transaction has committed.
 * For mail that must go out exactly when something else is recorded (alerts mark their ads sent).
 */
export async function enqueueMail(db: Db, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values({ message });
}

/** An SMTP 5xx answer: the server will never take this message, so retrying is pointless. */
function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
