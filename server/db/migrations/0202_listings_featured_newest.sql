-- Featured ads newest first (home page, and the top of every listing under "newest"): walk
-- the ads that were ever featured by date and stop after a page, instead of sorting every
-- active featured ad. Expired ones stay in the index but are few next to a page's worth.
CREATE INDEX listings_featured_created_at_idx ON listings (created_at DESC, id DESC) WHERE featured_until IS NOT NULL;
