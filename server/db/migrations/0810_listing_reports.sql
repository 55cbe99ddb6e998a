-- Trust and safety (issue 19): buyers report ads.
--
-- One report per person per ad: the reporter is the signed-in account, else the browser's
-- device id (as for views, server/listings/engagement.ts), so a second report from the same
-- person replaces the first instead of adding weight. Moderation counts distinct reporters.
CREATE TABLE listing_reports (
  listing_id  uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  reporter    text NOT NULL,
  reporter_id uuid REFERENCES users(id) ON DELETE SET NULL,
  reason      text NOT NULL CHECK (reason IN ('scam', 'wrong_category', 'unavailable', 'duplicate', 'offensive', 'other')),
  details     text NOT NULL DEFAULT '' CHECK (char_length(details) <= 1000),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (listing_id, reporter)
);
-- The moderation queue reads the newest reports first.
CREATE INDEX listing_reports_created_at ON listing_reports (created_at DESC);
