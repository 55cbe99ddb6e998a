import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Photos whose other sizes, card files or link preview are still to be made (migration 1030, server/media/derived-files.ts). */
export const pendingImageFiles = pgTable('pending_image_files', {
  storageKey: text('storage_key').primaryKey(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
});
