import { sql } from 'drizzle-orm';
import {
  averageStars,
  isReviewOutcome,
  isReviewReportReason,
  REVIEW_EDIT_DAYS,
  REVIEW_MESSAGES as M,
  REVIEW_REPLY_MAX,
  REVIEW_REPORT_DETAILS_MAX,
  REVIEW_TEXT_MAX,
  REVIEWS_PAGE_SIZE,
  type PublicReview,
  type ReviewOutcome,
} from '#kernel/review-rules.ts';
import { queryRows, type Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';

/*
 * Seller reviews (issue 44, docs/decisions/reviews.md). Only a buyer the seller answered in
 * messages about an ad may review the seller for that ad, once, and change it for
 * REVIEW_EDIT_DAYS days. Some reviews wait for a moderator (heldReasons). The seller's average
 * is kept by a trigger in seller_review_stats (migration 1400): cards and ad pages read one row.
 * The acting user's id always comes from the session, never from the client.
 */

export type ReviewStatus = 'published' | 'held' | 'hidden';

export type OwnReview = {
  id: string;
  stars: number;
  outcome: ReviewOutcome;
  body: string;
  status: ReviewStatus;
  createdAt: string;
  updatedAt: string;
  /** Until when its author may change it. */
  editableUntil: string;
};

type AdParty = { listingId: string; listingTitle: string; seller: { id: string; username: string; name: string } };

/** Whether the user may write (or change) a review of this ad's seller, and if not, why. */
export type ReviewEligibility = AdParty & { review: OwnReview | null } & ({ allowed: true } | { allowed: false; reason: string });


export type SellerRating = { rating: number | null; count: number };

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (v: unknown) => new Date(v as string | Date).toISOString();
const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const shortName = (first: string | null, last: string | null) => `${first ?? ''}${last ? ` ${last[0]!.toUpperCase()}.` : ''}`.trim() || 'A buyer';
/** Characters as PostgreSQL's char_length counts them (code points), not UTF-16 units. */
const chars = (s: string) => [...s].length;

type ReviewRow = { id: string; stars: number; outcome: ReviewOutcome; body: string; status: ReviewStatus; created_at: Date; updated_at: Date };

function ownReview(r: ReviewRow): OwnReview {
  return {
    id: r.id,
    stars: Number(r.stars),
    outcome: r.outcome,
    body: r.body,
    status: r.status,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    editableUntil: new Date(new Date(r.created_at).getTime() + REVIEW_EDIT_DAYS * DAY_MS).toISOString(),
  };
}

/** The ad (or, once deleted, the buyer's conversation about it) and its seller; 404 when neither exists. */
async function adParty(db: Db, userId: string, listingId: string): Promise<AdParty> {
  if (!isUuid(listingId)) throw notFound((t) => t.errors.listingNotFound);
  const [row] = await queryRows<{ title: string; seller_id: string; username: string; first_name: string; last_name: string }>(
    db,
    sql`SELECT a.title, a.seller_id, u.username, u.first_name, u.last_name FROM (
          SELECT l.title, l.owner_id AS seller_id, 0 AS n FROM listings l WHERE l.id = ${listingId}
          UNION ALL
          SELECT c.listing_title, c.seller_id, 1 FROM conversations c WHERE c.listing_id = ${listingId} AND c.buyer_id = ${userId} AND c.seller_id IS NOT NULL
        ) a JOIN users u ON u.id = a.seller_id ORDER BY a.n LIMIT 1`,
  );
  if (!row) throw notFound((t) => t.errors.listingNotFound);
  return { listingId, listingTitle: row.title, seller: { id: row.seller_id, username: row.username, name: fullName(row.first_name, row.last_name) || row.username } };
}

async function findOwnReview(db: Db, authorId: string, listingId: string): Promise<ReviewRow | null> {
  const [row] = await queryRows<ReviewRow>(
    db,
    sql`SELECT id, stars, outcome, body, status, created_at, updated_at FROM reviews WHERE listing_id = ${listingId} AND author_id = ${authorId}`,
  );
  return row ?? null;
}

/** Who may review: the buyer of a conversation about this ad in which the seller answered at least once. */
export async function reviewEligibility(db: Db, userId: string, listingId: string, now = new Date()): Promise<ReviewEligibility> {
  const party = await adParty(db, userId, listingId);
  const refuse = (reason: string, review: OwnReview | null = null): ReviewEligibility => ({ ...party, review, allowed: false, reason });
  if (party.seller.id === userId) return refuse(M.ownAd);
  const existing = await findOwnReview(db, userId, listingId);
  const review = existing ? ownReview(existing) : null;
  if (review?.status === 'hidden') return refuse(M.removed, review);
  if (review && new Date(review.editableUntil) <= now) return refuse(M.editClosed, review);
  if (!review) {
    const [talk] = await queryRows<{ answered: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = c.seller_id AND NOT m.withheld)
                 AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = c.buyer_id) AS answered
          FROM conversations c WHERE c.listing_id = ${listingId} AND c.buyer_id = ${userId} AND c.seller_id = ${party.seller.id}`,
    );
    if (!talk) return refuse(M.noConversation);
    if (!talk.answered) return refuse(M.noAnswer);
  }
  return { ...party, review, allowed: true };
}

export type ReviewInput = { stars?: unknown; outcome?: unknown; body?: unknown };

/** The input checked, with every field's message (400). */
function checkInput(input: ReviewInput): { stars: number; outcome: ReviewOutcome; body: string } {
  const stars = typeof input.stars === 'string' ? Number(input.stars) : input.stars;
  const body = typeof input.body === 'string' ? input.body.replace(/\r\n/g, '\n').trim() : input.body == null ? '' : null;
  const errors: Array<{ msg: string; path: string }> = [];
  if (typeof stars !== 'number' || !Number.isInteger(stars) || stars < 1 || stars > 5) errors.push({ msg: M.stars, path: 'stars' });
  if (!isReviewOutcome(input.outcome)) errors.push({ msg: M.outcome, path: 'outcome' });
  if (body === null || chars(body) > REVIEW_TEXT_MAX) errors.push({ msg: M.tooLong, path: 'body' });
  if (errors.length > 0) throw badRequest(errors[0]!.msg, errors);
  return { stars: stars as number, outcome: input.outcome as ReviewOutcome, body: body as string };
}

/**
 * Why a new review waits for a moderator, or null: its author's account is less than a day old,
 * the author already reviewed this seller about another ad, or both have the same verified phone.
 */
async function heldReason(db: Db, authorId: string, sellerId: string, listingId: string): Promise<string | null> {
  const [row] = await queryRows<{ new_account: boolean; repeat: boolean; shared_phone: boolean }>(
    db,
    sql`SELECT a.created_at > now() - interval '1 day' AS new_account,
               EXISTS (SELECT 1 FROM reviews r WHERE r.author_id = a.id AND r.seller_id = s.id AND r.listing_id <> ${listingId}) AS repeat,
               (a.phone_verified IS NOT NULL AND a.phone_verified = a.phone_number AND s.phone_verified = s.phone_number AND a.phone_verified = s.phone_verified) AS shared_phone
        FROM users a, users s WHERE a.id = ${authorId} AND s.id = ${sellerId}`,
  );
  if (!row) return null;
  if (row.shared_phone) return 'The author and the seller have the same verified phone number.';
  if (row.repeat) return 'The author already reviewed this seller about another ad.';
  if (row.new_account) return 'The author’s account is less than a day old.';
  return null;
}

/**
 * Writes the user's review of this ad's seller, or changes it within REVIEW_EDIT_DAYS days.
 * 403 with the reason when the user may not; 400 for bad input. A held review stays held when
 * changed, and a hidden one cannot be changed.
 */
export async function submitReview(db: Db, userId: string, listingId: string, input: ReviewInput): Promise<{ review: OwnReview; created: boolean; message: string }> {
  const eligibility = await reviewEligibility(db, userId, listingId);
  if (!eligibility.allowed) throw forbidden(eligibility.reason);
  const { stars, outcome, body } = checkInput(input);
  const update = async () => {
    const [row] = await queryRows<ReviewRow>(
      db,
      sql`UPDATE reviews SET stars = ${stars}, outcome = ${outcome}, body = ${body}, updated_at = now()
          WHERE listing_id = ${listingId} AND author_id = ${userId} AND status <> 'hidden' AND created_at > now() - make_interval(days => ${REVIEW_EDIT_DAYS})
          RETURNING id, stars, outcome, body, status, created_at, updated_at`,
    );
    if (!row) throw forbidden(M.editClosed);
    return { review: ownReview(row), created: false, message: M.updated };
  };
  if (eligibility.review) return update();
  const reason = await heldReason(db, userId, eligibility.seller.id, listingId);
  const [row] = await queryRows<ReviewRow>(
    db,
    sql`INSERT INTO reviews (listing_id, listing_title, seller_id, author_id, stars, outcome, body, status, held_reason)
        VALUES (${listingId}, ${eligibility.listingTitle}, ${eligibility.seller.id}, ${userId}, ${stars}, ${outcome}, ${body}, ${reason ? 'held' : 'published'}, ${reason})
        ON CONFLICT (listing_id, author_id) DO NOTHING
        RETURNING id, stars, outcome, body, status, created_at, updated_at`,
  );
  // Two first posts at once (a double tap): the second changes what the first wrote.
  if (!row) return update();
  return { review: ownReview(row), created: true, message: reason ? M.held : M.published };
}

/** A seller's average (to one decimal) and number of published reviews. */
export async function sellerRating(db: Db, sellerId: string): Promise<SellerRating> {
  const [row] = await queryRows<{ review_count: number; star_total: number }>(db, sql`SELECT review_count, star_total FROM seller_review_stats WHERE seller_id = ${sellerId}`);
  const count = Number(row?.review_count ?? 0);
  return { rating: averageStars(count, Number(row?.star_total ?? 0)), count };
}

/** One page of a seller's published reviews, newest first, each with the seller's reply. */
export async function sellerReviews(db: Db, sellerId: string, page = 1, viewerId: string | null = null): Promise<SellerRating & { items: PublicReview[]; page: number; pageCount: number }> {
  const summary = await sellerRating(db, sellerId);
  const current = Math.max(1, Math.floor(page));
  const rows = await queryRows<{
    id: string; stars: number; outcome: ReviewOutcome; body: string; listing_title: string; created_at: Date; updated_at: Date;
    reply: string | null; replied_at: Date | null; first_name: string | null; last_name: string | null; mine: boolean;
  }>(
    db,
    sql`SELECT r.id, r.stars, r.outcome, r.body, r.listing_title, r.created_at, r.updated_at, r.reply, r.replied_at, u.first_name, u.last_name,
               coalesce(r.author_id = ${viewerId}::uuid, false) AS mine
        FROM reviews r JOIN users u ON u.id = r.author_id
        WHERE r.seller_id = ${sellerId} AND r.status = 'published'
        ORDER BY r.created_at DESC, r.id DESC LIMIT ${REVIEWS_PAGE_SIZE} OFFSET ${(current - 1) * REVIEWS_PAGE_SIZE}`,
  );
  return {
    ...summary,
    page: current,
    pageCount: Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE)),
    items: rows.map((r) => ({
      id: r.id,
      stars: Number(r.stars),
      outcome: r.outcome,
      body: r.body,
      author: shortName(r.first_name, r.last_name),
      listingTitle: r.listing_title,
      createdAt: iso(r.created_at),
      edited: new Date(r.updated_at).getTime() - new Date(r.created_at).getTime() > 1000,
      reply: r.reply && r.replied_at ? { body: r.reply, at: iso(r.replied_at) } : null,
      mine: Boolean(r.mine),
    })),
  };
}

type Party = { sellerId: string; authorId: string; status: ReviewStatus; reply: string | null };

async function reviewParties(db: Db, reviewId: string): Promise<Party> {
  if (!isUuid(reviewId)) throw notFound(M.notFound);
  const [row] = await queryRows<{ seller_id: string; author_id: string; status: ReviewStatus; reply: string | null }>(
    db,
    sql`SELECT seller_id, author_id, status, reply FROM reviews WHERE id = ${reviewId}`,
  );
  if (!row) throw notFound(M.notFound);
  return { sellerId: row.seller_id, authorId: row.author_id, status: row.status, reply: row.reply };
}

/** The seller's one public reply to a published review of them. */
export async function replyToReview(db: Db, userId: string, reviewId: string, text: unknown): Promise<void> {
  const review = await reviewParties(db, reviewId);
  // Held and hidden reviews are not public: to anyone but their author they do not exist.
  if (review.status !== 'published' && review.authorId !== userId) throw notFound(M.notFound);
  if (review.sellerId !== userId) throw forbidden(M.replyNotYours);
  const body = typeof text === 'string' ? text.replace(/\r\n/g, '\n').trim() : '';
  if (!body) throw badRequest(M.replyEmpty, [{ msg: M.replyEmpty, path: 'body' }]);
  if (chars(body) > REVIEW_REPLY_MAX) throw badRequest(M.replyTooLong, [{ msg: M.replyTooLong, path: 'body' }]);
  const done = await queryRows<{ id: string }>(
    db,
    sql`UPDATE reviews SET reply = ${body}, replied_at = now() WHERE id = ${reviewId} AND seller_id = ${userId} AND reply IS NULL RETURNING id`,
  );
  if (done.length === 0) throw conflict(M.replyOnce);
}

/** A report of a review by its seller or its author, for the moderators; a second one replaces the first. */
export async function reportReview(db: Db, userId: string, reviewId: string, input: { reason?: unknown; details?: unknown }): Promise<void> {
  const review = await reviewParties(db, reviewId);
  if (review.sellerId !== userId && review.authorId !== userId) {
    if (review.status !== 'published') throw notFound(M.notFound);
    throw forbidden(M.reportNotParty);
  }
  if (!isReviewReportReason(input.reason)) throw badRequest(M.reportReason, [{ msg: M.reportReason, path: 'reason' }]);
  const details = typeof input.details === 'string' ? input.details.trim() : '';
  if (chars(details) > REVIEW_REPORT_DETAILS_MAX) throw badRequest(M.reportTooLong, [{ msg: M.reportTooLong, path: 'details' }]);
  await db.execute(
    sql`INSERT INTO review_reports (review_id, reporter_id, reason, details) VALUES (${reviewId}, ${userId}, ${input.reason}, ${details})
        ON CONFLICT (review_id, reporter_id) DO UPDATE SET reason = EXCLUDED.reason, details = EXCLUDED.details, created_at = now()`,
  );
}
