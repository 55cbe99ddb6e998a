-- Saved ads (issue 18).
--
-- A row outlives its listing: deleted ads leave no listings row (0600 keeps a tombstone), and the
-- Saved ads page must still say "No longer available" for them. So listing_id has no foreign key
-- (a cascade would silently empty the list), and the title is kept as it was when saved, so the
-- gone ad can still be named. The account's rows go with the account.
CREATE TABLE saved_ads (
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  listing_id uuid NOT NULL,
  title      text NOT NULL,
  saved_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, listing_id)
);
-- The Saved ads page: one user's rows, newest first (listing_id breaks ties so pages are stable).
CREATE INDEX saved_ads_user_saved_at_idx ON saved_ads (user_id, saved_at DESC, listing_id DESC);
