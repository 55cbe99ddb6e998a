import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { users } from './users.ts';

export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'expired';

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  txRef: text('tx_ref').notNull(),
  listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  provider: text('provider').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull().default('KES'),
  status: text('status').$type<PaymentStatus>().notNull().default('pending'),
  providerTxnId: text('provider_txn_id'),
  callbackUrl: text('callback_url').notNull(),
  failureReason: text('failure_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

export const webhookEvents = pgTable('webhook_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  provider: text('provider').notNull(),
  dedupeKey: text('dedupe_key').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});
