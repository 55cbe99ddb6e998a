import { jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AlertFrequency, SavedFilters } from '#kernel/saved-search-rules.ts';
import { users } from './users.ts';

/** Saved ads (migration 0800): no foreign key to listings, so a deleted ad still shows as "No longer available". */
export const savedAds = pgTable(
  'saved_ads',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id').notNull(),
    /** The ad's title when it was saved: what the page calls an ad that has gone. */
    title: text('title').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] })],
);

/** Saved searches (migration 0840; server/saved/saved-searches.ts, server/alerts/). */
export const savedSearches = pgTable('saved_searches', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The filters as the listing query parser read them (page and limit left out). */
  filters: jsonb('filters').$type<SavedFilters>().notNull(),
  /** The same filters written canonically: one row per search per user. */
  filtersKey: text('filters_key').notNull(),
  frequency: text('frequency').$type<AlertFrequency>().notNull().default('daily'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }).notNull().defaultNow(),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The match index: one (word, category) key per saved search (server/alerts/match-keys.ts). */
export const savedSearchKeys = pgTable(
  'saved_search_keys',
  {
    word: text('word').notNull(),
    category: text('category').notNull(),
    searchId: uuid('search_id').notNull().references(() => savedSearches.id, { onDelete: 'cascade' }),
    /** Which version of the filing rules chose the key (KEY_RULES; migration 1900). */
    rules: smallint('rules').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.word, t.category, t.searchId] })],
);

/** An ad that matched a saved search, once; sent_at when its alert was queued. */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    searchId: uuid('search_id').notNull().references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.listingId] })],
);
