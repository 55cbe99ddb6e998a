import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
