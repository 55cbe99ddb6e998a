-- Each ad's JSON, the part that changes only when the ad or its photos are edited, written when
-- they are instead of on every read (docs/decisions/listing-json-heads.md). A page of results
-- read 24 ads by id and wrote each one's JSON from six tables: its photos (a look-up and two
-- aggregates), its place, and some twenty fields to escape and join. That was most of
-- PostgreSQL's work a search, and it is the same text every time.
--
-- json_head: the API's listing from "_id" to "photos", without the closing brace; card_head: a
-- results card from "_id" to "photo". server/listings/listing-json.ts writes the rest of each
-- as it reads them (whether the ad is featured now, the seller, times, views, status, ratings:
-- they change without an edit). NULL (ads from before this migration, rows written with triggers
-- disabled, a restore) is read as listing_json_head(l) / listing_card_head(l): the same text,
-- only computed then.
--
-- These functions are the only place the heads are written. The photo URLs are
-- mediaUrl(imageFileName(key, width)) of server/media/images.ts for IMAGE_WIDTHS (400, 800,
-- 1280), strings go through to_json as everywhere in the listing JSON (json-text-sql.ts), and
-- tests/integration/listing-json-heads.test.ts checks both against the TypeScript. A change to
-- either shape is a new migration: CREATE OR REPLACE the function, then rewrite the heads.
ALTER TABLE listings ADD COLUMN json_head text, ADD COLUMN card_head text;

-- "Westlands, Nairobi City", the county alone for a county-wide ad, or NULL (placeLabel() in
-- kernel/kenya-locations.ts).
CREATE FUNCTION listing_place(county text, town text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(t.name || ', ', '') || c.name FROM counties c LEFT JOIN towns t ON t.id = town WHERE c.code = county
$$;

CREATE FUNCTION listing_json_head(l listings) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"_id":' || coalesce('"' || l.id || '"', 'null')
    || ',"title":' || coalesce(to_json(l.title)::text, 'null')
    || ',"description":' || coalesce(to_json(l.description)::text, 'null')
    || ',"category":' || coalesce(to_json(l.category)::text, 'null')
    || ',"subcategory":' || coalesce(to_json(l.subcategory)::text, 'null')
    || ',"attributes":' || coalesce(l.attributes::text, 'null')
    || ',"price":' || coalesce((l.price)::text, 'null')
    || ',"currency":' || coalesce(to_json(l.currency)::text, 'null')
    || ',"location":' || coalesce(to_json(l.location)::text, 'null')
    || ',"townId":' || coalesce(to_json(l.town_id)::text, 'null')
    || ',"countyCode":' || coalesce(to_json(l.county_code)::text, 'null')
    || ',"place":' || coalesce(to_json(listing_place(l.county_code, l.town_id))::text, 'null')
    || ',"images":' || coalesce(ph.images, '[]')
    || ',"photos":' || coalesce(ph.photos, '[]')
  -- The photos in position order from the covering index (migration 2200), aggregated in that order.
  FROM (SELECT '[' || string_agg('"/media/' || i.storage_key || '-1280.webp"', ',') || ']' AS images,
          '[' || string_agg('{"url":"/media/' || i.storage_key || '-1280.webp","width":' || i.width || ',"height":' || i.height
            || ',"variants":{"400":"/media/' || i.storage_key || '-400.webp","800":"/media/' || i.storage_key || '-800.webp","1280":"/media/' || i.storage_key || '-1280.webp"}}', ',') || ']' AS photos
        FROM (SELECT i.storage_key, i.width, i.height FROM listing_images i WHERE i.listing_id = l.id ORDER BY i.position) i) ph
$$;

CREATE FUNCTION listing_card_head(l listings) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"_id":' || coalesce('"' || l.id || '"', 'null')
    || ',"title":' || coalesce(to_json(l.title)::text, 'null')
    || ',"price":' || coalesce((l.price)::text, 'null')
    || ',"currency":' || coalesce(to_json(l.currency)::text, 'null')
    || ',"location":' || coalesce(to_json(l.location)::text, 'null')
    || ',"place":' || coalesce(to_json(listing_place(l.county_code, l.town_id))::text, 'null')
    || ',"category":' || coalesce(to_json(l.category)::text, 'null')
    || ',"subcategory":' || coalesce(to_json(l.subcategory)::text, 'null')
    || ',"photo":' || coalesce((SELECT '{"key":' || coalesce(to_json(i.storage_key)::text, 'null') || ',"width":' || coalesce((i.width)::text, 'null')
          || ',"height":' || coalesce((i.height)::text, 'null') || '}'
        FROM listing_images i WHERE i.listing_id = l.id ORDER BY i.position LIMIT 1), 'null')
$$;

CREATE FUNCTION write_listing_heads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.json_head := listing_json_head(NEW);
  NEW.card_head := listing_card_head(NEW);
  RETURN NEW;
END
$$;

-- BEFORE triggers fire in name order: this one after listings_place_resolved (migration 0880),
-- which sets the town and county the place is written from, and listings_attributes_checked.
-- Not on a view counted (views = views + 1): the heads hold no column that changes then.
CREATE TRIGGER listings_written_as_json
  BEFORE INSERT OR UPDATE OF id, title, description, category, subcategory, attributes, price, currency, location, town_id, county_code
  ON listings FOR EACH ROW EXECUTE FUNCTION write_listing_heads();

-- Photos added, replaced or removed: their ads' heads written again, once a statement. A photo
-- never moves to another ad (server/listings/write.ts deletes and inserts).
CREATE FUNCTION rewrite_heads_of_photos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE listings l SET json_head = listing_json_head(l), card_head = listing_card_head(l)
  WHERE l.id IN (SELECT DISTINCT listing_id FROM photos_changed);
  RETURN NULL;
END
$$;

CREATE TRIGGER listing_images_inserted_heads AFTER INSERT ON listing_images
  REFERENCING NEW TABLE AS photos_changed FOR EACH STATEMENT EXECUTE FUNCTION rewrite_heads_of_photos();
CREATE TRIGGER listing_images_updated_heads AFTER UPDATE ON listing_images
  REFERENCING NEW TABLE AS photos_changed FOR EACH STATEMENT EXECUTE FUNCTION rewrite_heads_of_photos();
CREATE TRIGGER listing_images_deleted_heads AFTER DELETE ON listing_images
  REFERENCING OLD TABLE AS photos_changed FOR EACH STATEMENT EXECUTE FUNCTION rewrite_heads_of_photos();

-- The ads there are get theirs from a background job, a batch at a time (server/listings/json-heads.ts):
-- written here, in this migration's one transaction, a million ads took 12 minutes, every row
-- locked meanwhile. Until then they are read as written by the functions, as before this migration.
CREATE INDEX listings_json_head_missing_idx ON listings (id) WHERE json_head IS NULL;
