-- A page of listings reads each listing's photos (server/listings/listing-json.ts): with the
-- columns it writes held in the index, that is an index-only scan, and the photos' rows are not
-- read from the table. On 24 random ads of 1,000,000 the page statement took 1.60 ms with the
-- rows read and 1.46 ms without (docs/decisions/covering-photo-index.md). The index replaces
-- (listing_id, position), which it also serves.
CREATE INDEX listing_images_listing_id_covering_idx ON listing_images (listing_id, position) INCLUDE (storage_key, width, height);
DROP INDEX listing_images_listing_id_idx;

-- Pages write the photos' JSON as text, storage keys unescaped (listing-json.ts): keys are
-- UUIDs, and this holds every key to a name that needs no escaping in JSON, a URL or a path.
ALTER TABLE listing_images ADD CONSTRAINT listing_images_storage_key_plain CHECK (storage_key ~ '^[A-Za-z0-9._-]+$');
