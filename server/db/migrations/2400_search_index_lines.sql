-- Each active ad's line for the search index in memory (server/search/memory/search-index.ts),
-- written when the ad is instead of at every load (docs/decisions/search-index-lines.md). Writing
-- a load chunk's lines (a JSON array an ad: dates in microseconds, the tokens joined, the title
-- split into words) was three quarters of PostgreSQL's time of a load: at 1,000,000 ads and
-- machine speed ~700, 20-25 ms a chunk of 1,000, the load's bottleneck.
--
-- NULL for an ad that is not active (the index loads active ads only), for ads from before this
-- migration, rows written with triggers disabled and a restore: a load reads those as
-- listing_index_line(l, l.search_tokens), the same text, only computed then. A background job
-- (server/listings/json-heads.ts) writes the missing ones a batch at a time.
ALTER TABLE listings ADD COLUMN index_line text;

-- The one place the line is written. `tokens`: the ad's search_tokens. A BEFORE trigger sees the
-- generated column as it was before the write (PostgreSQL computes generated columns after
-- BEFORE triggers), so the trigger passes search_tokens() of the new row; a read passes the
-- column. The title's words are split here at spaces and ASCII punctuation, and the index adds
-- each word's runs of digits and of other characters (titleWords() in search-index.ts), as
-- search_title_words (migration 0990) does in one go. The category's token is left out of the
-- joined tokens (the index makes it again) unless the category holds the break '|'.
-- A change to the line's shape is a new migration: CREATE OR REPLACE this function, then set
-- index_line to NULL where it is not, for the job to write again.
CREATE FUNCTION listing_index_line(l listings, tokens text[]) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_array(l.id, floor(extract(epoch from l.created_at) * 1000000)::bigint,
    floor(extract(epoch from l.featured_until) * 1000000)::bigint, l.price, l.currency, lower(l.category),
    l.county_code, l.town_id, lower(l.location),
    array_to_string(CASE WHEN strpos(l.category, '|') = 0 THEN tokens ELSE array_remove(tokens, 'c:' || lower(l.category)) END, '|'),
    array_to_string(regexp_split_to_array(lower(l.title), '[[:space:]!-/:-@[-`{-~]+'), '|'), l.subcategory)::text
$$;

CREATE FUNCTION write_listing_index_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.index_line := CASE WHEN NEW.status = 'active'
    THEN listing_index_line(NEW, search_tokens(NEW.title, NEW.description, NEW.location, NEW.category, NEW.price, NEW.currency)) END;
  RETURN NEW;
END
$$;

-- BEFORE triggers fire in name order: this one after listings_place_resolved (migration 0880),
-- which sets the town and county the line holds. The columns are those of the line and of
-- search_tokens(), and the status. Not on a view counted (views = views + 1).
CREATE TRIGGER listings_written_for_the_index
  BEFORE INSERT OR UPDATE OF id, created_at, featured_until, price, currency, category, subcategory, county_code, town_id, location, title, description, status
  ON listings FOR EACH ROW EXECUTE FUNCTION write_listing_index_line();

CREATE INDEX listings_index_line_missing_idx ON listings (id) WHERE index_line IS NULL AND status = 'active';
