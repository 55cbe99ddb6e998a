-- Category plus words (the category page's search box, /listings?category=..&search=..): one
-- trigram index per listed category, so a word that is common across the site but rare in
-- the category is looked up among that category's ads only (about 10x fewer index entries
-- to read than the site-wide index). Others (the catch-all) uses the site-wide index.
-- The predicates match the query's lower(category) = '<name>' exactly, so the planner uses them.
CREATE INDEX listings_search_cars_vehicles_trgm_idx ON listings USING gin (search_text gin_trgm_ops) WHERE lower(category) = 'cars & vehicles';
CREATE INDEX listings_search_for_sale_trgm_idx ON listings USING gin (search_text gin_trgm_ops) WHERE lower(category) = 'for sale';
CREATE INDEX listings_search_services_trgm_idx ON listings USING gin (search_text gin_trgm_ops) WHERE lower(category) = 'services';
CREATE INDEX listings_search_property_trgm_idx ON listings USING gin (search_text gin_trgm_ops) WHERE lower(category) = 'property';
CREATE INDEX listings_search_pets_trgm_idx ON listings USING gin (search_text gin_trgm_ops) WHERE lower(category) = 'pets';
CREATE INDEX listings_search_jobs_trgm_idx ON listings USING gin (search_text gin_trgm_ops) WHERE lower(category) = 'jobs';
CREATE INDEX listings_search_furniture_trgm_idx ON listings USING gin (search_text gin_trgm_ops) WHERE lower(category) = 'furniture';
CREATE INDEX listings_search_electronics_trgm_idx ON listings USING gin (search_text gin_trgm_ops) WHERE lower(category) = 'electronics';
