-- Sessions end after a while without use (server/auth/sessions.ts): when each was last used.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
