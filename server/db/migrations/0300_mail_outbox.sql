-- Outgoing e-mail waits here until it has been handed to the mail server
-- (server/mail/outbox.ts): a message requested while SMTP is down, or just before a crash or
-- a deploy, is sent when it can be. Delivered rows are deleted; rows that are given up on
-- (a permanent refusal, or still failing after two days) keep failed_at and last_error for
-- the operator and are removed a week later.
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  message jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A worker that claims a row holds it until then; after a crash another worker takes over.
  locked_until timestamptz,
  last_error text,
  failed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE failed_at IS NULL;
