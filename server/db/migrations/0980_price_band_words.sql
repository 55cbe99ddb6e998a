-- Price orders, word by word and band by band (server/listings/bounded-search.ts, byPrice).
--
-- A price order finds its matches a few KES price bands at a time (migration 0700's 'p:'
-- tokens). Asking the search_tokens index for "laptop" in band 45 meant intersecting the ads
-- of "laptop" (52,000 at a million ads) with the ads of band 45 (76,000): 7 ms a band, and a
-- price order with a common word tried several. This index holds each word of a KES-priced ad
-- together with its fine band, a quarter of a 'p:' band (about 6% of the price wide):
-- 'f:180:laptop', 'f:180:l:nairobi', 'f:180:c:electronics'. The ads of one word in one fine
-- band are one short list: an empty band costs a tenth of a millisecond, and the ads of a
-- common word in one band are few enough to sort.
--
-- An expression index, not a stored column: nothing is added to the table, and the words are
-- search_tokens' own, so they can never disagree with it. The fine band is written out
-- (migration 0700's search_price_band, four times finer): maintenance (CREATE INDEX, ANALYZE) runs index expressions
-- with a search path that may not find our own functions (PostgreSQL 17), so the body uses
-- built-in functions only.
-- COST: working out an ad's tokens is far dearer than a comparison, and the planner must know
-- it. Left at the default, it read all the ads of a table to test each (a sequential scan,
-- 2.5 s at a million ads) rather than ask this index for a few dozen tokens.
CREATE FUNCTION search_band_tokens(tokens text[], price bigint, currency text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 10000 AS $$
  SELECT CASE WHEN price IS NULL OR currency IS DISTINCT FROM 'KES' THEN '{}'::text[] ELSE
    ARRAY(SELECT 'f:' || floor(ln(price + 1) * 16)::integer || ':' || t FROM unnest(tokens) AS t WHERE t !~ '^[tp]:') END
$$;

CREATE INDEX listings_band_tokens_idx ON listings USING gin (search_band_tokens(search_tokens, price, currency)) WHERE status = 'active';
