-- Best match's first group through an index (server/listings/bounded-search.ts, searchPlan).
--
-- "Best match" shows the ads with every word of the search in the title first. Those were
-- found among all the ads with the words anywhere: "hire purchase" is in 47,000 descriptions at
-- a million ads and in no title, and the search read all 47,000 to find none. This index holds
-- each ad's title words, split exactly as migration 0700's search_words splits them (written
-- out here with built-in functions only: maintenance runs index expressions with a search path
-- that may not find our own functions, PostgreSQL 17), so the title matches are one look-up.
-- COST: working out an ad's tokens is far dearer than a comparison, and the planner must know
-- it. Left at the default, it read all the ads of a table to test each (a sequential scan,
-- 2.5 s at a million ads) rather than ask this index for a few dozen tokens.
CREATE FUNCTION search_title_words(title text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 10000 AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}') FROM (
    SELECT w FROM regexp_split_to_table(lower(title), '[[:space:]!-/:-@[-`{-~]+') AS w WHERE w <> ''
    UNION ALL
    SELECT m[1] FROM regexp_matches(lower(title), '[0-9]+|[^0-9[:space:]!-/:-@[-`{-~]+', 'g') AS m
  ) AS words
$$;

CREATE INDEX listings_title_words_idx ON listings USING gin (search_title_words(title)) WHERE status = 'active';
