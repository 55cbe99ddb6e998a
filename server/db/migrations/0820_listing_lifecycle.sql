-- Trust and safety (issue 19): the life of an ad, moderation, and admins.
--
-- One visibility state per ad, `status`, which every public path honours (search, featured ads,
-- category counts, sellers' counts and pages, the sitemap, saved ads, the ad page):
--   active   public: in search, the sitemap, the seller's page;
--   sold     the seller marked it sold: out of search and the sitemap, its page stays with a
--            Sold notice and similar ads;
--   expired  its time ran out (expires_at, server/listings/lifecycle.ts): gone for the public
--            until the seller renews it;
--   hidden   a moderator took it down with a reason (moderation_reason), or its seller was
--            banned; the seller sees the reason, may edit the ad and resubmit it;
--   held     waiting for a moderator: reported by several people, or resubmitted after hiding.
-- Only `active` ads are public in lists; the partial indexes below hold only them, so every
-- search reads active ads alone however many expired ones pile up.
ALTER TABLE listings
  ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'sold', 'expired', 'hidden', 'held')),
  -- The application sets it from LISTING_TTL_DAYS; the default is for rows written without one.
  ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '30 days',
  -- The reminder three days before expiry has gone (once per term; renewing clears it).
  ADD COLUMN expiry_reminded_at timestamptz,
  ADD COLUMN sold_at timestamptz,
  -- Why a moderator hid the ad (shown to its seller), or why it is held.
  ADD COLUMN moderation_reason text,
  ADD COLUMN status_changed_at timestamptz NOT NULL DEFAULT now();

-- Ads that exist already get a term from their last change, and at least a week from now, so
-- no seller loses an ad without the reminder first.
UPDATE listings SET expires_at = greatest(updated_at + interval '30 days', now() + interval '7 days');

-- The search indexes hold active ads only (the walks and collects of
-- server/listings/bounded-search.ts say status = 'active' literally, so every plan can use them).
DROP INDEX listings_created_at_idx;
CREATE INDEX listings_created_at_idx ON listings (created_at DESC, id DESC) WHERE status = 'active';
DROP INDEX listings_category_created_at_idx;
CREATE INDEX listings_category_created_at_idx ON listings (lower(category), created_at DESC, id DESC) WHERE status = 'active';
DROP INDEX listings_others_created_at_idx;
CREATE INDEX listings_others_created_at_idx ON listings (created_at DESC, id DESC)
  WHERE status = 'active' AND lower(category) NOT IN ('cars & vehicles', 'for sale', 'services', 'property', 'pets', 'jobs', 'furniture', 'electronics');
DROP INDEX listings_price_asc_idx;
CREATE INDEX listings_price_asc_idx ON listings ((price IS NULL), (currency <> 'KES'), currency, price ASC, created_at DESC, id DESC) WHERE status = 'active';
DROP INDEX listings_price_desc_idx;
CREATE INDEX listings_price_desc_idx ON listings ((price IS NULL), (currency <> 'KES'), currency, price DESC, created_at DESC, id DESC) WHERE status = 'active';
DROP INDEX listings_search_tokens_idx;
CREATE INDEX listings_search_tokens_idx ON listings USING gin (search_tokens) WHERE status = 'active';
-- The sitemap lists active ads (server/seo/sitemap.ts, LIVE_LISTING): still an index-only walk.
DROP INDEX listings_sitemap_idx;
CREATE INDEX listings_sitemap_idx ON listings (id) INCLUDE (updated_at) WHERE status = 'active';
-- A seller's public page: their active ads, newest first (Manage ads keeps listings_owner_id_idx).
CREATE INDEX listings_owner_active_idx ON listings (owner_id, created_at DESC, id DESC) WHERE status = 'active';
-- The expiry job: active ads by end of term (reminders and expiry).
CREATE INDEX listings_expires_at_idx ON listings (expires_at) WHERE status = 'active';
-- The moderation queue's held ads.
CREATE INDEX listings_held_idx ON listings (status_changed_at) WHERE status = 'held';

-- The search cache (migration 0203) ends when an ad enters or leaves search: status joins the columns.
DROP TRIGGER listings_search_fields_updated ON listings;
CREATE CONSTRAINT TRIGGER listings_search_fields_updated
  AFTER UPDATE ON listings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.title, OLD.description, OLD.location, OLD.category, OLD.subcategory, OLD.price, OLD.currency,
         OLD.featured_until, OLD.created_at, OLD.updated_at, OLD.owner_id, OLD.status)
        IS DISTINCT FROM
        (NEW.title, NEW.description, NEW.location, NEW.category, NEW.subcategory, NEW.price, NEW.currency,
         NEW.featured_until, NEW.created_at, NEW.updated_at, NEW.owner_id, NEW.status))
  EXECUTE FUNCTION note_listing_change();

-- Featured ads (migration 0701) are copied only while the ad is active: a sold, expired, hidden
-- or held ad leaves featured_listings (its featured_until is kept, so renewing loses no time).
CREATE OR REPLACE FUNCTION sync_featured_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'active' AND NEW.featured_until IS NOT NULL AND NEW.featured_until > now() - interval '1 day' THEN
    INSERT INTO featured_listings (id, featured_until, created_at, category, location, price, currency, search_text, search_tokens)
    VALUES (NEW.id, NEW.featured_until, NEW.created_at, NEW.category, NEW.location, NEW.price, NEW.currency, NEW.search_text, NEW.search_tokens)
    ON CONFLICT (id) DO UPDATE SET
      featured_until = EXCLUDED.featured_until, created_at = EXCLUDED.created_at, category = EXCLUDED.category,
      location = EXCLUDED.location, price = EXCLUDED.price, currency = EXCLUDED.currency,
      search_text = EXCLUDED.search_text, search_tokens = EXCLUDED.search_tokens;
    DELETE FROM featured_listings WHERE featured_until < now() - interval '1 day';
  ELSE
    DELETE FROM featured_listings WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER listings_featured_updated ON listings;
CREATE TRIGGER listings_featured_updated AFTER UPDATE ON listings
  FOR EACH ROW WHEN ((NEW.featured_until IS NOT NULL OR OLD.featured_until IS NOT NULL)
    AND (OLD.featured_until, OLD.created_at, OLD.category, OLD.location, OLD.price, OLD.currency, OLD.search_text, OLD.status)
        IS DISTINCT FROM (NEW.featured_until, NEW.created_at, NEW.category, NEW.location, NEW.price, NEW.currency, NEW.search_text, NEW.status))
  EXECUTE FUNCTION sync_featured_listing();

-- Sellers' ad counts (migration 0701) count active ads: the seller page's "active ads" and the
-- listing JSON's user.listingsCount.
CREATE OR REPLACE FUNCTION count_seller_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN
    UPDATE seller_listing_counts SET listings = listings - 1 WHERE owner_id = OLD.owner_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'active' THEN
    INSERT INTO seller_listing_counts (owner_id, listings) VALUES (NEW.owner_id, 1)
    ON CONFLICT (owner_id) DO UPDATE SET listings = seller_listing_counts.listings + 1;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER listings_owner_changed ON listings;
CREATE TRIGGER listings_owner_or_status_changed AFTER UPDATE OF owner_id, status ON listings
  FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION count_seller_listings();

-- Admins, and banned accounts (they cannot sign in; their sessions are revoked when banned).
ALTER TABLE users
  ADD COLUMN role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  ADD COLUMN banned_at timestamptz,
  ADD COLUMN banned_reason text;

-- Every moderation action: who, when, what, why. Rows outlive the ad and the accounts they
-- name (no foreign keys to listings; names are kept as they were), so the log stays whole.
CREATE TABLE moderation_log (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The moderator; null for the automatic hold on reports (shown as "Automatic").
  actor_id     uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_name   text NOT NULL,
  action       text NOT NULL CHECK (action IN ('approve', 'hide', 'ban', 'auto_hold', 'resubmit')),
  listing_id   uuid,
  user_id      uuid,
  -- What was acted on, as it was then: the ad's title or the account's name and e-mail.
  subject      text NOT NULL,
  reason       text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_log_created_at_idx ON moderation_log (created_at DESC);
