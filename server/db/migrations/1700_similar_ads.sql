-- Similar ads on every live ad page (issue 42, point 7): up to eight active ads of the same
-- subcategory in the same county, newest first, widened to the subcategory anywhere, then the
-- category in the county, then the category (server/listings/similar-ads.ts). Each step is one
-- read of one of these indexes (or migration 0820's category index) that stops after a few
-- rows, so the page's cost does not grow with the table.
CREATE INDEX listings_subcategory_county_created_at_idx ON listings (subcategory, county_code, created_at DESC, id DESC) WHERE status = 'active' AND subcategory IS NOT NULL;
CREATE INDEX listings_category_county_created_at_idx ON listings (lower(category), county_code, created_at DESC, id DESC) WHERE status = 'active' AND county_code IS NOT NULL;
