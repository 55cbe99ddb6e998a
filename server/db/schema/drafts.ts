import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A started ad kept while its photos upload (migration 1200, server/listings/drafts.ts); never public. */
export const listingDrafts = pgTable('listing_drafts', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The form's text as last saved, unchecked until the draft is published. */
  fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A photo of a draft, stored as a post's would be; moves to listing_images when the draft is published. */
export const listingDraftPhotos = pgTable('listing_draft_photos', {
  storageKey: text('storage_key').primaryKey(),
  draftId: uuid('draft_id').notNull().references(() => listingDrafts.id, { onDelete: 'cascade' }),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  photoHash: text('photo_hash'),
  sha256: text('sha256').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
