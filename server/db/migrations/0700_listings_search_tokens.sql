-- Search by exact tokens (server/listings/search-terms.ts, bounded-search.ts).
--
-- The trigram indexes found a word by intersecting the ads of each of its three-letter pieces:
-- for a common word ("toyota": toy, oyo, yot, ota) that read hundreds of thousands of index
-- entries, a word under three letters ("tv", "4k") gave no piece at all and every ad was read,
-- and a category or a price range could not be combined with a word inside the index. Now
-- every ad has one array of tokens with one GIN index over it:
--   - its words: title, description and location, lower-cased and split at spaces and ASCII
--     punctuation; a word mixing letters and digits also gives its parts ("iphone13" gives
--     "iphone" and "13", "ps4" gives "ps" and "4");
--   - 't:' and a title word of one or two characters ("Best match" ranks title matches first);
--   - 'l:' and each word of the location;
--   - 'c:' and the category, lower-cased;
--   - 'p:' and a price band for prices in KES (about 28% wide), for price ranges and sorts.
-- ":" splits words, so no word can look like one of the prefixed tokens.
--
-- A search word of three or more letters still matches as a substring: the vocabulary below
-- (every word of every ad, with a trigram index) turns it into the words that contain it, and
-- the ad must have one of them. Shorter words match whole words.

CREATE FUNCTION search_words(content text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM (
    SELECT w FROM regexp_split_to_table(lower(content), '[[:space:]!-/:-@[-`{-~]+') AS w WHERE w <> ''
    UNION ALL
    -- Runs of digits, and runs of other characters: the parts of "iphone13", "ps4", "4k".
    SELECT m[1] FROM regexp_matches(lower(content), '[0-9]+|[^0-9[:space:]!-/:-@[-`{-~]+', 'g') AS m
  ) AS words
$$;

CREATE FUNCTION search_price_band(price bigint) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(ln(price + 1) * 4)::integer
$$;

-- Repeats are kept: the index stores each token of an ad once anyway.
CREATE FUNCTION search_tokens(title text, description text, location text, category text, price bigint, currency text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  title_words text[] := search_words(title);
  location_words text[] := search_words(location);
BEGIN
  RETURN title_words || search_words(description) || location_words
    || ARRAY(SELECT 't:' || w FROM unnest(title_words) AS w WHERE length(w) <= 2)
    || ARRAY(SELECT 'l:' || w FROM unnest(location_words) AS w)
    || ('c:' || lower(category))
    || CASE WHEN price IS NOT NULL AND currency = 'KES' THEN ARRAY['p:' || search_price_band(price)] ELSE '{}'::text[] END;
END
$$;

ALTER TABLE listings ADD COLUMN search_tokens text[]
  GENERATED ALWAYS AS (search_tokens(title, description, location, category, price, currency)) STORED;
CREATE INDEX listings_search_tokens_idx ON listings USING gin (search_tokens);

-- Every word (and 'l:' location word) ever posted, to turn a part of a word into whole words.
-- Words only accumulate: one no ad has any more matches nothing, which is harmless.
CREATE TABLE search_vocabulary (word text PRIMARY KEY);
CREATE INDEX search_vocabulary_trgm_idx ON search_vocabulary USING gin (word gin_trgm_ops);

CREATE FUNCTION note_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_vocabulary (word)
  SELECT w FROM unnest(NEW.search_tokens) AS w WHERE w !~ '^[tcp]:' AND length(w) <= 100
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER listings_words_noted AFTER INSERT OR UPDATE OF title, description, location ON listings
  FOR EACH ROW EXECUTE FUNCTION note_search_words();

INSERT INTO search_vocabulary (word)
SELECT DISTINCT w FROM listings, unnest(search_tokens) AS w WHERE w !~ '^[tcp]:' AND length(w) <= 100;

-- The trigram indexes are replaced by the tokens: one fewer big index to write per ad, nine
-- fewer in all.
DROP INDEX listings_search_text_trgm_idx;
DROP INDEX listings_location_trgm_idx;
DROP INDEX listings_search_cars_vehicles_trgm_idx;
DROP INDEX listings_search_for_sale_trgm_idx;
DROP INDEX listings_search_services_trgm_idx;
DROP INDEX listings_search_property_trgm_idx;
DROP INDEX listings_search_pets_trgm_idx;
DROP INDEX listings_search_jobs_trgm_idx;
DROP INDEX listings_search_furniture_trgm_idx;
DROP INDEX listings_search_electronics_trgm_idx;

-- Room on each page for a new version of a row: counting a view (views = views + 1) then
-- stays on the same page (a HOT update, no index touched), and the table keeps the order in
-- which ads were posted, which the newest-first search reads.
ALTER TABLE listings SET (fillfactor = 90);
