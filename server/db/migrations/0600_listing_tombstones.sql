-- Search engines and shared links (issue 17).
--
-- A deleted ad leaves a tombstone, so its address answers 410 Gone (search engines drop it
-- sooner than after a 404) with ads like it. A trigger rather than the delete function writes
-- it, so ads removed with their owner's account (ON DELETE CASCADE) leave one too.
CREATE TABLE listing_tombstones (
  id         uuid PRIMARY KEY,
  category   text NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION bury_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_tombstones (id, category) VALUES (OLD.id, OLD.category) ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER listings_buried AFTER DELETE ON listings FOR EACH ROW EXECUTE FUNCTION bury_listing();

-- The sitemap walks live ads in id order, a chunk of 50,000 at a time (server/seo/sitemap.ts):
-- with updated_at beside the id the walk and the index's per-chunk lastmod read only this index.
CREATE INDEX listings_sitemap_idx ON listings (id) INCLUDE (updated_at);
