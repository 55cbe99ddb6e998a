-- Sorting by price walks an index and stops after one page, instead of sorting every match
-- (a million rows when browsing). One index per direction: "nulls last" (negotiable ads at
-- the end) both ways cannot be served by reading one index backwards.
CREATE INDEX listings_price_asc_idx ON listings (price ASC NULLS LAST, created_at DESC, id DESC);
CREATE INDEX listings_price_desc_idx ON listings (price DESC NULLS LAST, created_at DESC, id DESC);
