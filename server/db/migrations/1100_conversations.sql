-- Messages between buyers and sellers (issue 43; server/messages/, docs/decisions/messages.md).
--
-- One conversation per buyer and ad. listing_id has no foreign key: a deleted ad leaves no
-- listings row (0600), and its conversation must stay, marked as gone; listing_title keeps its
-- name. A deleted account leaves its side NULL, and its messages show as from "Deleted user".
-- Each side has its own read mark, unread count and "deleted for me" time: deleting hides the
-- conversation from that person's inbox only, until a newer message arrives.
CREATE TABLE conversations (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id          uuid NOT NULL,
  listing_title       text NOT NULL,
  buyer_id            uuid REFERENCES users (id) ON DELETE SET NULL,
  seller_id           uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at          timestamptz NOT NULL DEFAULT now(),
  last_message_at     timestamptz NOT NULL DEFAULT now(),
  buyer_last_read_at  timestamptz,
  seller_last_read_at timestamptz,
  buyer_unread        integer NOT NULL DEFAULT 0 CHECK (buyer_unread >= 0),
  seller_unread       integer NOT NULL DEFAULT 0 CHECK (seller_unread >= 0),
  buyer_deleted_at    timestamptz,
  seller_deleted_at   timestamptz,
  CHECK (buyer_id IS DISTINCT FROM seller_id OR buyer_id IS NULL)
);
-- "Writing again continues it": the lookup from the ad page, and the rule itself.
CREATE UNIQUE INDEX conversations_listing_buyer_idx ON conversations (listing_id, buyer_id);
-- The inbox: one person's conversations on either side, latest activity first.
CREATE INDEX conversations_buyer_inbox_idx ON conversations (buyer_id, last_message_at DESC, id DESC);
CREATE INDEX conversations_seller_inbox_idx ON conversations (seller_id, last_message_at DESC, id DESC);
-- The header's unread count on every page: only conversations with something unread are read.
CREATE INDEX conversations_buyer_unread_idx ON conversations (buyer_id) WHERE buyer_unread > 0;
CREATE INDEX conversations_seller_unread_idx ON conversations (seller_id) WHERE seller_unread > 0;

-- A message. withheld: not delivered, the sender sees it as sent; either the other person blocks
-- the sender, or (held_at set) the sender's repeated risky messages hold it for a moderator, who
-- may release it. flagged: why the message looks risky (shown as a warning beside it), or NULL.
CREATE TABLE messages (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender_id       uuid REFERENCES users (id) ON DELETE SET NULL,
  body            text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 1000),
  created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  flagged         text,
  withheld        boolean NOT NULL DEFAULT false,
  held_at         timestamptz
);
-- A thread, oldest first; also the inbox's last message (read backwards).
CREATE INDEX messages_thread_idx ON messages (conversation_id, created_at, id);
-- A sender's recent risky messages (held for review past a few a day).
CREATE INDEX messages_flagged_sender_idx ON messages (sender_id, created_at DESC) WHERE flagged IS NOT NULL;
-- The moderators' queue of held messages.
CREATE INDEX messages_held_idx ON messages (held_at DESC) WHERE held_at IS NOT NULL;

-- Blocks are between people, not conversations: a blocked buyer cannot start again on another ad.
CREATE TABLE user_blocks (
  blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id)
);

-- Reported conversations: the moderation queue. One report per person per conversation.
CREATE TABLE conversation_reports (
  conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  reporter_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason          text NOT NULL CHECK (reason IN ('scam', 'harassment', 'spam', 'other')),
  details         text NOT NULL DEFAULT '' CHECK (char_length(details) <= 1000),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (conversation_id, reporter_id)
);
CREATE INDEX conversation_reports_created_at_idx ON conversation_reports (created_at DESC);

-- Every time a moderator opens a reported conversation: who, which, when.
CREATE TABLE conversation_audit (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  moderator_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conversation_audit_conversation_idx ON conversation_audit (conversation_id, created_at DESC);
