import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Conversations between a buyer and a seller about one ad (migration 1100; server/messages/). */
export const conversations = pgTable('conversations', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** No foreign key: a deleted ad keeps its conversation. */
  listingId: uuid('listing_id').notNull(),
  listingTitle: text('listing_title').notNull(),
  buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
  sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  buyerLastReadAt: timestamp('buyer_last_read_at', { withTimezone: true }),
  sellerLastReadAt: timestamp('seller_last_read_at', { withTimezone: true }),
  buyerUnread: integer('buyer_unread').notNull().default(0),
  sellerUnread: integer('seller_unread').notNull().default(0),
  buyerDeletedAt: timestamp('buyer_deleted_at', { withTimezone: true }),
  sellerDeletedAt: timestamp('seller_deleted_at', { withTimezone: true }),
  /** When each side was last e-mailed about unread messages here (migration 1350). */
  buyerNotifiedAt: timestamp('buyer_notified_at', { withTimezone: true }),
  sellerNotifiedAt: timestamp('seller_notified_at', { withTimezone: true }),
});

/** Each person's unread messages over all their conversations, kept by triggers on conversations (migration 1950). */
export const messageUnreadTotals = pgTable('message_unread_totals', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  unread: integer('unread').notNull().default(0),
});

export const messages = pgTable('messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
  senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Why the message looks risky (the warning shown beside it), or null. */
  flagged: text('flagged'),
  /** Not delivered (the other person blocks the sender, or it is held for review): only the sender sees it. */
  withheld: boolean('withheld').notNull().default(false),
  /** Held for a moderator: the sender's repeated risky messages (server/messages/conversations.ts). */
  heldAt: timestamp('held_at', { withTimezone: true }),
});

export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

export const conversationReports = pgTable(
  'conversation_reports',
  {
    conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<ConversationReportReason>().notNull(),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.reporterId] })],
);

export const conversationAudit = pgTable('conversation_audit', {
  id: uuid('id').primaryKey().defaultRandom(),
  conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
  moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** What the moderator did: a look, or an action (migration 1350). */
  action: text('action').$type<'view' | 'dismiss' | 'release' | 'ban'>().notNull().default('view'),
});

export type ConversationReportReason = 'scam' | 'harassment' | 'spam' | 'other';
