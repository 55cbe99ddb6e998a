-- Prices compare only within a currency. Sorted by price, Kenyan shilling prices come first,
-- then each other currency (EUR, GBP, USD) by price, then negotiable ads (no price); a USD 500
-- laptop no longer sorts among KES 500 items. The price filters are in KES and leave other
-- currencies out. One index per direction keeps a price sort a walk that stops after a page;
-- the expressions are exactly the query's ORDER BY (server/listings/queries.ts).
DROP INDEX listings_price_asc_idx;
DROP INDEX listings_price_desc_idx;
CREATE INDEX listings_price_asc_idx ON listings ((price IS NULL), (currency <> 'KES'), currency, price ASC, created_at DESC, id DESC);
CREATE INDEX listings_price_desc_idx ON listings ((price IS NULL), (currency <> 'KES'), currency, price DESC, created_at DESC, id DESC);
