import { sql } from 'drizzle-orm';
import { REVIEW_MESSAGES as M, type ReviewOutcome } from '#kernel/review-rules.ts';
import { queryRows, type Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { conflict, notFound } from '../http/errors.ts';
import { writeLog, type Actor } from '../moderation/moderation-log.ts';
import type { ReviewStatus } from './reviews.ts';

/*
 * What moderators do with reviews (issue 44): held reviews (heldReason in reviews.ts) and
 * published ones their seller or author reported. Approving publishes a held review and clears
 * its reports; rejecting hides it (the seller's average follows, by migration 1400's trigger).
 * Callers check the admin role first (requireAdmin).
 */

export type ReviewQueueItem = {
  id: string;
  status: ReviewStatus;
  heldReason: string | null;
  stars: number;
  outcome: ReviewOutcome;
  body: string;
  listingId: string;
  listingTitle: string;
  seller: { name: string; username: string };
  author: { name: string; email: string };
  reports: Array<{ by: 'seller' | 'author'; reason: string; details: string; at: string }>;
  since: string;
};

const iso = (v: unknown) => new Date(v as string | Date).toISOString();

/** Held reviews and reported published ones, newest first, at most 100. */
export async function reviewQueue(db: Db): Promise<ReviewQueueItem[]> {
  const rows = await queryRows<{
    id: string; status: ReviewStatus; held_reason: string | null; stars: number; outcome: ReviewOutcome; body: string; listing_id: string; listing_title: string;
    seller_first: string; seller_last: string; seller_username: string; author_first: string; author_last: string; author_email: string;
    reports: Array<{ by: 'seller' | 'author'; reason: string; details: string; at: string }> | null; since: Date;
  }>(
    db,
    sql`SELECT r.id, r.status, r.held_reason, r.stars, r.outcome, r.body, r.listing_id, r.listing_title,
               s.first_name AS seller_first, s.last_name AS seller_last, s.username AS seller_username,
               a.first_name AS author_first, a.last_name AS author_last, a.email AS author_email,
               rep.reports, greatest(r.created_at, rep.latest) AS since
        FROM reviews r
        JOIN users s ON s.id = r.seller_id
        JOIN users a ON a.id = r.author_id
        LEFT JOIN LATERAL (
          SELECT json_agg(json_build_object('by', CASE WHEN p.reporter_id = r.seller_id THEN 'seller' ELSE 'author' END,
                                            'reason', p.reason, 'details', p.details, 'at', p.created_at) ORDER BY p.created_at DESC) AS reports,
                 max(p.created_at) AS latest
          FROM review_reports p WHERE p.review_id = r.id) rep ON true
        WHERE r.status = 'held' OR (r.status = 'published' AND rep.latest IS NOT NULL)
        ORDER BY since DESC LIMIT 100`,
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    heldReason: r.held_reason,
    stars: Number(r.stars),
    outcome: r.outcome,
    body: r.body,
    listingId: r.listing_id,
    listingTitle: r.listing_title,
    seller: { name: `${r.seller_first} ${r.seller_last}`.trim(), username: r.seller_username },
    author: { name: `${r.author_first} ${r.author_last}`.trim(), email: r.author_email },
    reports: (r.reports ?? []).map((p) => ({ ...p, at: iso(p.at) })),
    since: iso(r.since),
  }));
}

type Decision = { action: 'approve_review' | 'hide_review' | 'restore_review'; status: 'published' | 'hidden'; from: ReviewStatus[] };

const DECISIONS = {
  approve: { action: 'approve_review', status: 'published', from: ['held', 'published', 'hidden'] },
  hide: { action: 'hide_review', status: 'hidden', from: ['held', 'published', 'hidden'] },
  restore: { action: 'restore_review', status: 'published', from: ['hidden'] },
} satisfies Record<string, Decision>;

/** The review, its status changed and its reports cleared, and the moderation log's row, in one transaction. */
async function decide(db: Db, admin: Actor, reviewId: string, decision: Decision): Promise<void> {
  if (!isUuid(reviewId)) throw notFound(M.notFound);
  await db.transaction(async (tx) => {
    const [review] = await queryRows<{ status: ReviewStatus; listing_id: string; listing_title: string; author_id: string; stars: number; author: string; seller: string }>(
      tx,
      sql`SELECT r.status, r.listing_id, r.listing_title, r.author_id, r.stars,
                 trim(a.first_name || ' ' || a.last_name) AS author, trim(s.first_name || ' ' || s.last_name) AS seller
          FROM reviews r JOIN users a ON a.id = r.author_id JOIN users s ON s.id = r.seller_id
          WHERE r.id = ${reviewId} FOR UPDATE OF r`,
    );
    if (!review) throw notFound(M.notFound);
    if (!decision.from.includes(review.status)) throw conflict((t) => t.errors.reviewNotHidden);
    await tx.execute(sql`UPDATE reviews SET status = ${decision.status}, held_reason = NULL WHERE id = ${reviewId}`);
    await tx.execute(sql`DELETE FROM review_reports WHERE review_id = ${reviewId}`);
    await writeLog(tx, {
      actor: admin,
      action: decision.action,
      listingId: review.listing_id,
      userId: review.author_id,
      reviewId,
      // As it was then: who reviewed whom, about which ad, with how many stars.
      subject: `Review by ${review.author} of ${review.seller} (${Number(review.stars)}/5), ad “${review.listing_title}”`,
      reason: review.status === decision.status ? '' : `was ${review.status}`,
    });
  });
}

/** Publishes a held review (or keeps a reported one), its reports cleared. Logged. */
export const approveReview = (db: Db, admin: Actor, reviewId: string) => decide(db, admin, reviewId, DECISIONS.approve);

/** Hides a review: off the seller's page and average. Logged. */
export const rejectReview = (db: Db, admin: Actor, reviewId: string) => decide(db, admin, reviewId, DECISIONS.hide);

/** Puts a hidden review back on the seller's page and average (a hide by mistake; from the moderation log). Logged. */
export const restoreReview = (db: Db, admin: Actor, reviewId: string) => decide(db, admin, reviewId, DECISIONS.restore);
