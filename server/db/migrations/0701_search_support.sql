-- What the bounded search (server/listings/bounded-search.ts) reads besides the listings' own
-- indexes. Each part keeps one search cost from growing with the number of ads.

-- 1. Active featured ads, in a small table of their own. Under "newest" every search shows
-- the matching featured ads first, whatever their age: they are spread over the whole table,
-- and finding them there cost a random read per ad. Here they are a few thousand rows that
-- stay in memory. A trigger keeps the copy: every ad whose feature has not ended (or ended
-- less than a day ago; searches still check featured_until) with the columns search reads.
CREATE TABLE featured_listings (
  id                 uuid PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
  featured_until     timestamptz NOT NULL,
  created_at         timestamptz NOT NULL,
  category           text NOT NULL,
  location           text NOT NULL,
  price              bigint,
  currency           text NOT NULL,
  search_text        text NOT NULL,
  search_tokens      text[] NOT NULL
);
CREATE INDEX featured_listings_created_at_idx ON featured_listings (created_at DESC, id DESC);
CREATE INDEX featured_listings_featured_until_idx ON featured_listings (featured_until);
-- Without the pending list (fastupdate): the table is small and changes one row at a time, and
-- every search reads this index, so a list of recent changes that each search must read in full
-- (until a vacuum) costs more than writing each change into the index at once.
CREATE INDEX featured_listings_search_tokens_idx ON featured_listings USING gin (search_tokens) WITH (fastupdate = off);

CREATE FUNCTION sync_featured_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.featured_until IS NOT NULL AND NEW.featured_until > now() - interval '1 day' THEN
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

CREATE TRIGGER listings_featured_inserted AFTER INSERT ON listings
  FOR EACH ROW WHEN (NEW.featured_until IS NOT NULL) EXECUTE FUNCTION sync_featured_listing();
CREATE TRIGGER listings_featured_updated AFTER UPDATE ON listings
  FOR EACH ROW WHEN ((NEW.featured_until IS NOT NULL OR OLD.featured_until IS NOT NULL)
    AND (OLD.featured_until, OLD.created_at, OLD.category, OLD.location, OLD.price, OLD.currency, OLD.search_text)
        IS DISTINCT FROM (NEW.featured_until, NEW.created_at, NEW.category, NEW.location, NEW.price, NEW.currency, NEW.search_text))
  EXECUTE FUNCTION sync_featured_listing();

INSERT INTO featured_listings (id, featured_until, created_at, category, location, price, currency, search_text, search_tokens)
SELECT id, featured_until, created_at, category, location, price, currency, search_text, search_tokens
FROM listings WHERE featured_until > now() - interval '1 day';

-- 2. How many ads each seller has (the listing JSON's user.listingsCount). Counting them per
-- card cost a scan of the seller's ads: a dealer with a thousand ads made every page of
-- results a millisecond slower per card. Kept by triggers; a seller's own posts take turns
-- on their row, nobody else's.
CREATE TABLE seller_listing_counts (
  owner_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  listings integer NOT NULL
);

CREATE FUNCTION count_seller_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE seller_listing_counts SET listings = listings - 1 WHERE owner_id = OLD.owner_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO seller_listing_counts (owner_id, listings) VALUES (NEW.owner_id, 1)
    ON CONFLICT (owner_id) DO UPDATE SET listings = seller_listing_counts.listings + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER listings_counted AFTER INSERT OR DELETE ON listings
  FOR EACH ROW EXECUTE FUNCTION count_seller_listings();
CREATE TRIGGER listings_owner_changed AFTER UPDATE OF owner_id ON listings
  FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id) EXECUTE FUNCTION count_seller_listings();

INSERT INTO seller_listing_counts (owner_id, listings) SELECT owner_id, count(*) FROM listings GROUP BY owner_id;

-- 3. Where in the table the ads of a time span are. Ads are appended as they are posted, so
-- the table is in date order and a block-range index on created_at is tiny and exact enough:
-- "the matches of the last N hours" reads only those blocks.
CREATE INDEX listings_created_at_brin ON listings USING brin (created_at) WITH (pages_per_range = 32);

-- 4. Others (anything outside the fixed list) newest first, so that browsing it is a walk
-- like any other category. The list matches app/lib/categories.ts and the query's text.
CREATE INDEX listings_others_created_at_idx ON listings (created_at DESC, id DESC)
  WHERE lower(category) NOT IN ('cars & vehicles', 'for sale', 'services', 'property', 'pets', 'jobs', 'furniture', 'electronics');
