-- Saved searches and their e-mail alerts (issue 18, point 2; docs/alerts.md).
--
-- A saved search keeps the filters as the listing query parser read them
-- (server/listings/listing-query.ts), as JSON, so a filter the parser learns later is saved and
-- matched without a new column. filters_key is the same filters written canonically: saving the
-- same search twice keeps one row.
CREATE TABLE saved_searches (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  filters         jsonb NOT NULL,
  filters_key     text NOT NULL,
  frequency       text NOT NULL DEFAULT 'daily' CHECK (frequency IN ('off', 'instant', 'daily')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- "N new" on the Saved searches page counts ads posted after this; opening the search from there moves it.
  last_visited_at timestamptz NOT NULL DEFAULT now(),
  -- The daily digest sends the matches found since the one before.
  last_digest_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, filters_key)
);
-- The Saved searches page: one user's searches, newest first.
CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, created_at DESC, id DESC);

-- The match index: each saved search is filed under one key a matching ad must have (a
-- three-letter piece of one of its words, or a whole short word, or a location word), with its
-- category ('' when it has none). A new ad looks up only the searches filed under its own
-- words' pieces, in its own category or none (server/alerts/match-keys.ts), then checks those
-- few with the site search's own conditions.
CREATE TABLE saved_search_keys (
  word      text NOT NULL,
  category  text NOT NULL,
  search_id uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  PRIMARY KEY (word, category, search_id)
);
CREATE INDEX saved_search_keys_search_idx ON saved_search_keys (search_id);

-- An ad that matched a search: kept once per (search, ad), so an ad is never announced twice
-- for a search; sent_at is set in the transaction that queues the e-mail.
CREATE TABLE saved_search_hits (
  search_id  uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  matched_at timestamptz NOT NULL DEFAULT now(),
  sent_at    timestamptz,
  PRIMARY KEY (search_id, listing_id)
);
CREATE INDEX saved_search_hits_unsent_idx ON saved_search_hits (search_id) WHERE sent_at IS NULL;
CREATE INDEX saved_search_hits_listing_idx ON saved_search_hits (listing_id);

-- New ads waiting to be matched against saved searches. A trigger fills it in the transaction
-- that posts the ad, so no ad is missed whatever order transactions commit in; the alert job
-- takes rows with FOR UPDATE SKIP LOCKED (several instances share it) and deletes them in the
-- transaction that records the matches.
CREATE TABLE alert_queue (
  listing_id uuid PRIMARY KEY,
  queued_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_queue_queued_idx ON alert_queue (queued_at);

CREATE FUNCTION queue_listing_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_queue (listing_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER listings_alert_queue AFTER INSERT ON listings
  FOR EACH ROW EXECUTE FUNCTION queue_listing_alerts();

-- Server-side secrets every instance shares (the key that signs unsubscribe links). A value is
-- made by the first instance that needs it (server/alerts/unsubscribe.ts).
CREATE TABLE app_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
