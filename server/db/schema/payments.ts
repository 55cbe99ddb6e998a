import { integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  // M-Pesa Express only (migration 1010).
  mpesaMerchantRequestId: text('mpesa_merchant_request_id'),
  mpesaCheckoutRequestId: text('mpesa_checkout_request_id'),
  /** SHA-256 (hex) of the secret in this payment's callback URL; the secret itself is never stored. */
  mpesaCallbackTokenHash: text('mpesa_callback_token_hash'),
  mpesaPhone: text('mpesa_phone'),
  mpesaShortcode: text('mpesa_shortcode'),
  mpesaResultCode: integer('mpesa_result_code'),
  mpesaResultDesc: text('mpesa_result_desc'),
  mpesaReceipt: text('mpesa_receipt'),
  mpesaCallbackAmount: numeric('mpesa_callback_amount', { precision: 12, scale: 2, mode: 'number' }),
});

export const webhookEvents = pgTable('webhook_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  provider: text('provider').notNull(),
  dedupeKey: text('dedupe_key').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});
