import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  username: text('username').notNull(),
  phoneNumber: text('phone_number'),
  /** The number that was verified by SMS code; verified only while it equals phoneNumber (migration 0812). */
  phoneVerified: text('phone_verified'),
  location: text('location'),
  address: text('address'),
  city: text('city'),
  country: text('country'),
  /** 'admin' may moderate (the admin area); set with `npm run admin` (migration 0820). */
  role: text('role').$type<'user' | 'admin'>().notNull().default('user'),
  /** A banned account cannot sign in; its ads are hidden (server/moderation/moderation.ts). */
  bannedAt: timestamp('banned_at', { withTimezone: true }),
  bannedReason: text('banned_reason'),
  /** False: buyers reach this seller by messages only, never see the number (migration 1350). */
  showPhone: boolean('show_phone').notNull().default(true),
  /** An e-mail when a message stays unread for 10 minutes (server/messages/notifications.ts). */
  messageEmails: boolean('message_emails').notNull().default(true),
  /** The language of their e-mails and SMS: of the pages they last registered, signed in or saved details on (migration 2000). */
  locale: text('locale').$type<'en' | 'sw'>().notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  persistent: boolean('persistent').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
