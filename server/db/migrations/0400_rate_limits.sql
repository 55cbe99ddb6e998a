-- Rate-limit counters shared by every app instance (server/rate-limits/). One row per
-- limit and key (e.g. 'loginPerAccount:amina@…'), a fixed window ending at reset_at.
-- UNLOGGED on PostgreSQL would lose them on a crash, which is acceptable, but PGlite
-- does not take it; a plain table keeps one migration for both engines.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);
