import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { canRenew, canUndoSold, expiryDate, LIFECYCLE_MESSAGES as M, notYetRenewable, REMINDER_DAYS, SOLD_UNDO_DAYS } from '#kernel/lifecycle-rules.ts';
import type { Config } from '../config.ts';
import type { Services } from '../context.ts';
import { queryRows, type Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { listings, mailOutbox, type ListingStatus } from '../db/schema/index.ts';
import { conflict } from '../http/errors.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { emailHtml, escapeHtml } from '../mail/template.ts';
import { requireOwnListing, termEnd } from './write.ts';
import { asLocale, catalogFor, mailDate, pagePath } from '../i18n.ts';

/*
 * The life of an ad (issue 19, point 4). An ad runs for LISTING_TTL_DAYS from posting or
 * renewing; three days before the end its seller gets one reminder e-mail, and at the end the
 * expiry job marks it expired (out of every public list, server/listings/visibility.ts). In
 * Manage ads the seller renews it (expired, or in its last three days) or marks it sold.
 * Renewing never touches featured_until: a feature paid for keeps running.
 */

const DAY_MS = 86_400_000;

export type LifecycleDeps = Pick<Services, 'db' | 'config'>;

/** The state of one of the seller's ads, as Manage ads shows it. */
export type AdState = { status: ListingStatus; expiresAt: string; soldAt: string | null; moderationReason: string | null };

/** Every ad of the owner's, by id: its state, end of term, and the moderator's reason if hidden. */
export async function ownerAdStates(db: Db, ownerId: string, onlyIds?: readonly string[]): Promise<Record<string, AdState>> {
  if (!isUuid(ownerId)) return {};
  const ids = onlyIds?.filter(isUuid);
  if (ids && ids.length === 0) return {};
  const rows = await db
    .select({ id: listings.id, status: listings.status, expiresAt: listings.expiresAt, soldAt: listings.soldAt, moderationReason: listings.moderationReason })
    .from(listings)
    .where(ids ? and(eq(listings.ownerId, ownerId), inArray(listings.id, [...ids])) : eq(listings.ownerId, ownerId))
    .orderBy(desc(listings.createdAt));
  return Object.fromEntries(
    rows.map((r) => [r.id, { status: r.status, expiresAt: r.expiresAt.toISOString(), soldAt: r.soldAt?.toISOString() ?? null, moderationReason: r.moderationReason }]),
  );
}

/**
 * Renews one of the owner's ads: an expired one, or an active one in its last REMINDER_DAYS
 * days, runs a new term from now (and may be reminded again). Its featured_until is untouched.
 * Answers the new end of term.
 */
export async function renewListing(deps: LifecycleDeps, id: string, userId: string, now = new Date()): Promise<{ expiresAt: string }> {
  const row = await requireOwnListing(deps.db, id, userId, 'renew');
  if (!canRenew(row.status, row.expiresAt, now)) {
    throw conflict(row.status === 'active' ? notYetRenewable(expiryDate(row.expiresAt)) : M.notRenewable);
  }
  const expiresAt = termEnd(deps.config, now);
  const updated = await deps.db
    .update(listings)
    .set({
      status: 'active',
      expiresAt,
      expiryRemindedAt: null,
      // An expired ad comes back now; an active one keeps the moment it became active.
      statusChangedAt: row.status === 'active' ? row.statusChangedAt : now,
    })
    // The state checked above, still: a moderator's hide in between wins.
    .where(and(eq(listings.id, id), eq(listings.ownerId, userId), eq(listings.status, row.status)))
    .returning({ id: listings.id });
  if (updated.length === 0) throw conflict(M.notRenewable);
  return { expiresAt: expiresAt.toISOString() };
}

/** Marks one of the owner's active ads sold: out of search and the sitemap, its page stays with a Sold notice. */
export async function markListingSold(deps: Pick<Services, 'db'>, id: string, userId: string, now = new Date()): Promise<void> {
  const row = await requireOwnListing(deps.db, id, userId, 'sold');
  if (row.status !== 'active') throw conflict(M.onlyActiveSold);
  const updated = await deps.db
    .update(listings)
    .set({ status: 'sold', soldAt: now, statusChangedAt: now })
    .where(and(eq(listings.id, id), eq(listings.ownerId, userId), eq(listings.status, 'active')))
    .returning({ id: listings.id });
  if (updated.length === 0) throw conflict(M.onlyActiveSold);
}

/**
 * "Still available": within SOLD_UNDO_DAYS of marking an ad sold, its seller puts it back as it
 * was: active again, with the days of its term that were left when it was sold (its end moves on
 * by the time it spent sold), and its Featured time, which runs on its own clock, if any is left.
 */
export async function undoListingSold(deps: Pick<Services, 'db'>, id: string, userId: string, now = new Date()): Promise<{ expiresAt: string }> {
  const row = await requireOwnListing(deps.db, id, userId, 'unsold');
  if (row.status !== 'sold' || !canUndoSold(row.status, row.soldAt, now)) throw conflict(row.status === 'sold' ? M.undoSoldClosed : M.onlySoldUndo);
  const [updated] = await queryRows<{ expires_at: Date }>(
    deps.db,
    sql`update listings set status = 'active', status_changed_at = ${now.toISOString()}::timestamptz,
               expires_at = expires_at + (${now.toISOString()}::timestamptz - sold_at), sold_at = null
        where id = ${id} and owner_id = ${userId} and status = 'sold'
          and sold_at > ${now.toISOString()}::timestamptz - make_interval(days => ${SOLD_UNDO_DAYS})
        returning expires_at`,
  );
  if (!updated) throw conflict(M.undoSoldClosed);
  return { expiresAt: new Date(updated.expires_at).toISOString() };
}

export function expiryReminderEmail(appUrl: string, to: { email: string; firstName: string; locale?: string | null }, ad: { title: string; expiresAt: Date }): MailMessage {
  const locale = asLocale(to.locale);
  const t = catalogFor(locale);
  const m = t.mail;
  const date = mailDate(locale, ad.expiresAt);
  const subject = m.expirySubject({ title: ad.title, date });
  const manage = `${appUrl}${pagePath(locale, '/manage-ads')}`;
  return {
    to: to.email,
    subject,
    text: `${m.hello({ name: to.firstName })}\n\n` + `${m.expiryBody({ title: ad.title, date })}\n` + `${m.expiryRenew}:\n\n${manage}\n\n` + `${m.expirySold}\n\n` + `Soko`,
    html: emailHtml(
      subject,
      [m.hello({ name: escapeHtml(to.firstName) }), m.expiryBody({ title: escapeHtml(ad.title), date: escapeHtml(date) }), `${m.expiryRenew}. ${m.expirySold}`],
      { href: manage, label: m.expiryButton },
      t,
    ),
  };
}

export type ExpiryJob = {
  /** Sends the due reminders and expires the due ads, once; says how many of each. */
  runOnce(): Promise<{ reminded: number; expired: number }>;
};

const BATCH = 200;
/** Ten minutes: an ad outlives its term by at most that. */
export const EXPIRY_INTERVAL_MS = 10 * 60_000;

/**
 * The expiry job. Each reminder is claimed and its e-mail put in the mail outbox in one
 * transaction, so it goes exactly once: never lost, never twice, even with several instances
 * (rows are claimed with SKIP LOCKED). `deliver` nudges the outbox to send at once; `now` is
 * the clock (tests move it).
 */
export function createExpiryJob(deps: { db: Db; config: Pick<Config, 'appUrl' | 'listings'>; logger: Logger; deliver?: () => Promise<unknown>; now?: () => Date }): ExpiryJob {
  const { db, config, logger } = deps;
  const clock = deps.now ?? (() => new Date());

  async function remind(now: Date): Promise<number> {
    const until = new Date(now.getTime() + REMINDER_DAYS * DAY_MS);
    let total = 0;
    for (;;) {
      const n = await db.transaction(async (tx) => {
        const due = await queryRows<{ id: string; title: string; expires_at: string | Date; email: string; first_name: string; locale: string }>(
          tx as unknown as Db,
          sql`update listings l set expiry_reminded_at = ${now.toISOString()}::timestamptz
              from users u
              where u.id = l.owner_id and l.id in (
                select id from listings
                where status = 'active' and expiry_reminded_at is null
                  and expires_at > ${now.toISOString()}::timestamptz and expires_at <= ${until.toISOString()}::timestamptz
                order by expires_at limit ${BATCH}
                for update skip locked)
              returning l.id, l.title, l.expires_at, u.email, u.first_name, u.locale`,
        );
        if (due.length) {
          await tx.insert(mailOutbox).values(
            due.map((d) => ({ message: expiryReminderEmail(config.appUrl, { email: d.email, firstName: d.first_name, locale: d.locale }, { title: d.title, expiresAt: new Date(d.expires_at) }) })),
          );
        }
        return due.length;
      });
      total += n;
      if (n < BATCH) return total;
    }
  }

  async function expire(now: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`update listings set status = 'expired', status_changed_at = ${now.toISOString()}::timestamptz
            where id in (
              select id from listings where status = 'active' and expires_at <= ${now.toISOString()}::timestamptz
              order by expires_at limit ${BATCH}
              for update skip locked)
            returning id`,
      );
      total += rows.length;
      if (rows.length < BATCH) return total;
    }
  }

  let running: Promise<{ reminded: number; expired: number }> | undefined;
  function runOnce() {
    running ??= (async () => {
      const now = clock();
      const reminded = await remind(now);
      const expired = await expire(now);
      if (reminded) await deps.deliver?.().catch((error: unknown) => logger.warn({ err: error }, 'expiry job: outbox delivery failed; reminders stay queued'));
      if (reminded || expired) logger.info({ reminded, expired }, 'ads: expiry reminders sent and ads expired');
      return { reminded, expired };
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return { runOnce };
}
