-- Messages, safety and notifications (issue 43; docs/decisions/messages.md, "Phone or messages only",
-- "Message e-mails", "Moderators' screen").
--
-- show_phone: false keeps the seller's number from buyers (no reveal, no WhatsApp link); they reach
-- the seller by messages only. True (today's behaviour) by default.
-- message_emails: an e-mail when a message stays unread for 10 minutes; on by default, off from
-- My details or the one-click unsubscribe link.
ALTER TABLE users ADD COLUMN show_phone boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN message_emails boolean NOT NULL DEFAULT true;

-- When each side was last e-mailed about the conversation: at most one e-mail an hour each, and
-- only for messages that came after the last one.
ALTER TABLE conversations ADD COLUMN buyer_notified_at timestamptz;
ALTER TABLE conversations ADD COLUMN seller_notified_at timestamptz;

-- What a moderator did with a conversation: a look ('view', as before), 'dismiss', 'release', 'ban'.
ALTER TABLE conversation_audit ADD COLUMN action text NOT NULL DEFAULT 'view'
  CHECK (action IN ('view', 'dismiss', 'release', 'ban'));
