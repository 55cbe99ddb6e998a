-- Trust and safety (issue 19, point 3): a photo already used by another account is a sign of a
-- fake ad (pictures lifted from a real seller). Each photo keeps a 128-bit perceptual hash
-- (server/media/photo-hash.ts: difference hashes across and down a 9x9 greyscale copy),
-- as 32 hex digits, and its 8 sixteen-bit bands, each tagged with its position. Two photos
-- within 7 bits of each other share at least one band exactly (8 bands, 7 differing bits), so
-- the GIN index on the bands finds every candidate; the distance is then checked on the few.
-- Photos stored before this migration have no hash and are never matched.
ALTER TABLE listing_images ADD COLUMN photo_hash text;
ALTER TABLE listing_images ADD COLUMN hash_bands integer[];
CREATE INDEX listing_images_hash_bands_idx ON listing_images USING gin (hash_bands);
