import { integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Seller reviews (migration 1400; server/reviews/). */
export const reviews = pgTable('reviews', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** No foreign key: a deleted ad keeps its reviews. */
  listingId: uuid('listing_id').notNull(),
  listingTitle: text('listing_title').notNull(),
  sellerId: uuid('seller_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  authorId: uuid('author_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  stars: smallint('stars').notNull(),
  outcome: text('outcome', { enum: ['deal_done', 'no_deal'] }).notNull(),
  body: text('body').notNull().default(''),
  status: text('status', { enum: ['published', 'held', 'hidden'] }).notNull().default('published'),
  heldReason: text('held_reason'),
  reply: text('reply'),
  repliedAt: timestamp('replied_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Published reviews per seller, kept by a trigger on reviews. */
export const sellerReviewStats = pgTable('seller_review_stats', {
  sellerId: uuid('seller_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  reviewCount: integer('review_count').notNull().default(0),
  starTotal: integer('star_total').notNull().default(0),
});

export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: uuid('review_id').notNull().references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.reporterId] })],
);
