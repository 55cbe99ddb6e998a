-- Subcategories and their structured fields (issue 18, point 5).
--
-- The rows below are app/lib/subcategories.ts, which the forms and the server's validation read;
-- tests/integration/attributes.test.ts fails when the two differ. A new subcategory or field is a
-- new migration of rows, never a new column: a listing's values are one JSONB object,
-- `attributes` ({"make": "Toyota", "year": 2014}), checked against attribute_definitions by a
-- trigger and indexed by GIN (jsonb_path_ops), so an equal-value filter is
-- `attributes @> '{"make": "Toyota"}'`. docs/attributes.md shows the plans.
--
-- `listings.subcategory` stays the text column it was (a subcategory's name, optional). Ads
-- posted before keep whatever text they had; the API and the forms accept only names listed here.

CREATE TABLE subcategories (
  name     text PRIMARY KEY,
  category text NOT NULL,
  position integer NOT NULL
);

CREATE TABLE attribute_definitions (
  subcategory text NOT NULL REFERENCES subcategories (name),
  key         text NOT NULL CHECK (key ~ '^[a-z][a-z0-9_]*$'),
  label       text NOT NULL,
  type        text NOT NULL CHECK (type IN ('select', 'number', 'text')),
  -- select: the allowed values (a JSON array of strings).
  options     jsonb,
  -- number: whole numbers from min_value to max_value.
  min_value   bigint,
  max_value   bigint,
  unit        text,
  -- text: at most this many characters.
  max_length  integer,
  -- How buyers filter: equal (one value, through the GIN index), range (from–to), or not at all.
  filter      text CHECK (filter IN ('equal', 'range')),
  position    integer NOT NULL,
  PRIMARY KEY (subcategory, key),
  CHECK ((type = 'select') = (options IS NOT NULL))
);

INSERT INTO subcategories (name, category, position) VALUES
  ('Cars', 'Cars & Vehicles', 1),
  ('Motorbikes', 'Cars & Vehicles', 2),
  ('Trucks and buses', 'Cars & Vehicles', 3),
  ('Parts', 'Cars & Vehicles', 4),
  ('Clothing and shoes', 'For Sale', 1),
  ('Home and kitchen', 'For Sale', 2),
  ('Baby and kids', 'For Sale', 3),
  ('Books', 'For Sale', 4),
  ('Sports and outdoors', 'For Sale', 5),
  ('Solar and energy', 'For Sale', 6),
  ('Health and beauty', 'For Sale', 7),
  ('Cleaning', 'Services', 1),
  ('Repairs', 'Services', 2),
  ('Installation', 'Services', 3),
  ('Moving and transport', 'Services', 4),
  ('Photography', 'Services', 5),
  ('Lessons and tuition', 'Services', 6),
  ('Construction', 'Services', 7),
  ('Travel and tours', 'Services', 8),
  ('For rent', 'Property', 1),
  ('For sale', 'Property', 2),
  ('Land and plots', 'Property', 3),
  ('Short stays', 'Property', 4),
  ('Commercial property', 'Property', 5),
  ('Dogs', 'Pets', 1),
  ('Cats', 'Pets', 2),
  ('Birds', 'Pets', 3),
  ('Fish', 'Pets', 4),
  ('Rabbits', 'Pets', 5),
  ('Pet supplies', 'Pets', 6),
  ('Accounting and finance', 'Jobs', 1),
  ('Sales and marketing', 'Jobs', 2),
  ('Domestic work', 'Jobs', 3),
  ('Driving', 'Jobs', 4),
  ('Hospitality', 'Jobs', 5),
  ('IT and software', 'Jobs', 6),
  ('Farm work', 'Jobs', 7),
  ('Security', 'Jobs', 8),
  ('Sofas', 'Furniture', 1),
  ('Beds and mattresses', 'Furniture', 2),
  ('Dining', 'Furniture', 3),
  ('Office furniture', 'Furniture', 4),
  ('Wardrobes and storage', 'Furniture', 5),
  ('Living room', 'Furniture', 6),
  ('Phones', 'Electronics', 1),
  ('Laptops and computers', 'Electronics', 2),
  ('TVs and audio', 'Electronics', 3),
  ('Accessories', 'Electronics', 4),
  ('Gaming', 'Electronics', 5),
  ('Cameras', 'Electronics', 6),
  ('Home appliances', 'Electronics', 7),
  ('Farm produce', 'Others', 1),
  ('Livestock', 'Others', 2),
  ('Building materials', 'Others', 3),
  ('Collectibles', 'Others', 4);

INSERT INTO attribute_definitions (subcategory, key, label, type, options, min_value, max_value, unit, max_length, filter, position) VALUES
  ('Cars', 'make', 'Make', 'select', '["Toyota","Nissan","Mazda","Subaru","Mitsubishi","Honda","Volkswagen","Mercedes-Benz","BMW","Isuzu","Suzuki","Land Rover","Ford","Hyundai","Other"]', NULL, NULL, NULL, NULL, 'equal', 1),
  ('Cars', 'model', 'Model', 'text', NULL, NULL, NULL, NULL, 40, NULL, 2),
  ('Cars', 'year', 'Year', 'number', NULL, 1950, 2027, NULL, NULL, 'range', 3),
  ('Cars', 'mileage', 'Mileage', 'number', NULL, 0, 2000000, 'km', NULL, 'range', 4),
  ('Cars', 'transmission', 'Transmission', 'select', '["Automatic","Manual"]', NULL, NULL, NULL, NULL, 'equal', 5),
  ('Cars', 'fuel', 'Fuel', 'select', '["Petrol","Diesel","Hybrid","Electric"]', NULL, NULL, NULL, NULL, 'equal', 6),
  ('Motorbikes', 'make', 'Make', 'select', '["Bajaj","TVS","Honda","Yamaha","Haojue","Suzuki","Other"]', NULL, NULL, NULL, NULL, 'equal', 1),
  ('Motorbikes', 'year', 'Year', 'number', NULL, 1950, 2027, NULL, NULL, 'range', 2),
  ('Motorbikes', 'mileage', 'Mileage', 'number', NULL, 0, 2000000, 'km', NULL, 'range', 3),
  ('Trucks and buses', 'make', 'Make', 'select', '["Isuzu","Mitsubishi Fuso","Hino","Toyota","Mercedes-Benz","Scania","Other"]', NULL, NULL, NULL, NULL, 'equal', 1),
  ('Trucks and buses', 'year', 'Year', 'number', NULL, 1950, 2027, NULL, NULL, 'range', 2),
  ('Trucks and buses', 'mileage', 'Mileage', 'number', NULL, 0, 2000000, 'km', NULL, 'range', 3),
  ('Trucks and buses', 'fuel', 'Fuel', 'select', '["Petrol","Diesel","Hybrid","Electric"]', NULL, NULL, NULL, NULL, 'equal', 4),
  ('Parts', 'condition', 'Condition', 'select', '["Brand new","Refurbished","Used"]', NULL, NULL, NULL, NULL, 'equal', 1),
  ('For rent', 'bedrooms', 'Bedrooms', 'number', NULL, 0, 20, NULL, NULL, 'range', 1),
  ('For rent', 'bathrooms', 'Bathrooms', 'number', NULL, 0, 20, NULL, NULL, 'range', 2),
  ('For rent', 'furnished', 'Furnishing', 'select', '["Furnished","Semi-furnished","Unfurnished"]', NULL, NULL, NULL, NULL, 'equal', 3),
  ('For sale', 'bedrooms', 'Bedrooms', 'number', NULL, 0, 20, NULL, NULL, 'range', 1),
  ('For sale', 'bathrooms', 'Bathrooms', 'number', NULL, 0, 20, NULL, NULL, 'range', 2),
  ('For sale', 'furnished', 'Furnishing', 'select', '["Furnished","Semi-furnished","Unfurnished"]', NULL, NULL, NULL, NULL, 'equal', 3),
  ('Land and plots', 'size', 'Size', 'text', NULL, NULL, NULL, NULL, 40, NULL, 1),
  ('Short stays', 'bedrooms', 'Bedrooms', 'number', NULL, 0, 20, NULL, NULL, 'range', 1),
  ('Short stays', 'furnished', 'Furnishing', 'select', '["Furnished","Semi-furnished","Unfurnished"]', NULL, NULL, NULL, NULL, 'equal', 2),
  ('Phones', 'brand', 'Brand', 'select', '["Samsung","Apple","Tecno","Infinix","Xiaomi","Oppo","Nokia","Itel","Huawei","Google","Other"]', NULL, NULL, NULL, NULL, 'equal', 1),
  ('Phones', 'storage', 'Storage', 'select', '["16 GB","32 GB","64 GB","128 GB","256 GB","512 GB","1 TB","2 TB"]', NULL, NULL, NULL, NULL, 'equal', 2),
  ('Phones', 'condition', 'Condition', 'select', '["Brand new","Refurbished","Used"]', NULL, NULL, NULL, NULL, 'equal', 3),
  ('Laptops and computers', 'brand', 'Brand', 'select', '["HP","Dell","Lenovo","Apple","Asus","Acer","Microsoft","Other"]', NULL, NULL, NULL, NULL, 'equal', 1),
  ('Laptops and computers', 'ram', 'RAM', 'select', '["4 GB","8 GB","16 GB","32 GB","64 GB"]', NULL, NULL, NULL, NULL, 'equal', 2),
  ('Laptops and computers', 'storage', 'Storage', 'select', '["16 GB","32 GB","64 GB","128 GB","256 GB","512 GB","1 TB","2 TB"]', NULL, NULL, NULL, NULL, 'equal', 3),
  ('Laptops and computers', 'condition', 'Condition', 'select', '["Brand new","Refurbished","Used"]', NULL, NULL, NULL, NULL, 'equal', 4),
  ('TVs and audio', 'screen_size', 'Screen size', 'number', NULL, 10, 120, 'inches', NULL, 'range', 1),
  ('TVs and audio', 'condition', 'Condition', 'select', '["Brand new","Refurbished","Used"]', NULL, NULL, NULL, NULL, 'equal', 2),
  ('Accessories', 'condition', 'Condition', 'select', '["Brand new","Refurbished","Used"]', NULL, NULL, NULL, NULL, 'equal', 1),
  ('Gaming', 'condition', 'Condition', 'select', '["Brand new","Refurbished","Used"]', NULL, NULL, NULL, NULL, 'equal', 1),
  ('Cameras', 'condition', 'Condition', 'select', '["Brand new","Refurbished","Used"]', NULL, NULL, NULL, NULL, 'equal', 1),
  ('Home appliances', 'condition', 'Condition', 'select', '["Brand new","Refurbished","Used"]', NULL, NULL, NULL, NULL, 'equal', 1);

ALTER TABLE listings ADD COLUMN attributes jsonb NOT NULL DEFAULT '{}';

-- Every value must be a field of the ad's subcategory, of its type and within its limits: the
-- server checks the same first (app/lib/subcategories.ts) and answers with a message; this is
-- the last line, for every writer (scripts, the demo data, a future bug).
CREATE FUNCTION check_listing_attributes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad text;
BEGIN
  IF NEW.attributes IS NULL OR jsonb_typeof(NEW.attributes) <> 'object' THEN
    RAISE EXCEPTION 'listing attributes must be a JSON object' USING ERRCODE = '23514';
  END IF;
  IF NEW.attributes = '{}'::jsonb THEN
    RETURN NEW;
  END IF;
  SELECT a.key INTO bad
  FROM jsonb_each(NEW.attributes) a
  LEFT JOIN attribute_definitions d ON d.subcategory = NEW.subcategory AND d.key = a.key
  WHERE d.key IS NULL
     OR (d.type = 'number' AND (jsonb_typeof(a.value) <> 'number'
                                OR (a.value #>> '{}')::numeric <> trunc((a.value #>> '{}')::numeric)
                                OR (a.value #>> '{}')::numeric < d.min_value
                                OR (a.value #>> '{}')::numeric > d.max_value))
     OR (d.type = 'select' AND NOT (d.options @> jsonb_build_array(a.value)))
     OR (d.type = 'text' AND (jsonb_typeof(a.value) <> 'string' OR length(a.value #>> '{}') > coalesce(d.max_length, 60)))
  LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'listing attribute "%" is not a valid field of subcategory %', bad, coalesce(NEW.subcategory, '(none)') USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER listings_attributes_checked BEFORE INSERT OR UPDATE OF attributes, subcategory ON listings
  FOR EACH ROW EXECUTE FUNCTION check_listing_attributes();

-- Equal-value filters: `attributes @> '{...}'` on active ads (every search says status = 'active').
CREATE INDEX listings_attributes_idx ON listings USING gin (attributes jsonb_path_ops) WHERE status = 'active';
-- The subcategory filter, newest first, as the county and town indexes (migration 0880).
CREATE INDEX listings_subcategory_created_at_idx ON listings (subcategory, created_at DESC, id DESC) WHERE status = 'active' AND subcategory IS NOT NULL;

-- Featured ads (migration 0701) carry the same columns: search conditions run on both tables.
ALTER TABLE featured_listings
  ADD COLUMN subcategory text,
  ADD COLUMN attributes jsonb NOT NULL DEFAULT '{}';
UPDATE featured_listings f SET subcategory = l.subcategory, attributes = l.attributes FROM listings l WHERE l.id = f.id;

-- Migration 0880's copy of featured ads, with subcategory and attributes.
CREATE OR REPLACE FUNCTION sync_featured_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'active' AND NEW.featured_until IS NOT NULL AND NEW.featured_until > now() - interval '1 day' THEN
    INSERT INTO featured_listings (id, featured_until, created_at, category, location, price, currency, search_text, search_tokens, town_id, county_code, subcategory, attributes)
    VALUES (NEW.id, NEW.featured_until, NEW.created_at, NEW.category, NEW.location, NEW.price, NEW.currency, NEW.search_text, NEW.search_tokens, NEW.town_id, NEW.county_code, NEW.subcategory, NEW.attributes)
    ON CONFLICT (id) DO UPDATE SET
      featured_until = EXCLUDED.featured_until, created_at = EXCLUDED.created_at, category = EXCLUDED.category,
      location = EXCLUDED.location, price = EXCLUDED.price, currency = EXCLUDED.currency,
      search_text = EXCLUDED.search_text, search_tokens = EXCLUDED.search_tokens,
      town_id = EXCLUDED.town_id, county_code = EXCLUDED.county_code,
      subcategory = EXCLUDED.subcategory, attributes = EXCLUDED.attributes;
    DELETE FROM featured_listings WHERE featured_until < now() - interval '1 day';
  ELSE
    DELETE FROM featured_listings WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER listings_featured_updated ON listings;
CREATE TRIGGER listings_featured_updated AFTER UPDATE ON listings
  FOR EACH ROW WHEN ((NEW.featured_until IS NOT NULL OR OLD.featured_until IS NOT NULL)
    AND (OLD.featured_until, OLD.created_at, OLD.category, OLD.location, OLD.price, OLD.currency, OLD.search_text, OLD.status, OLD.town_id, OLD.county_code, OLD.subcategory, OLD.attributes)
        IS DISTINCT FROM (NEW.featured_until, NEW.created_at, NEW.category, NEW.location, NEW.price, NEW.currency, NEW.search_text, NEW.status, NEW.town_id, NEW.county_code, NEW.subcategory, NEW.attributes))
  EXECUTE FUNCTION sync_featured_listing();

-- The search cache (migration 0203) ends when an ad's attributes change, as for the other
-- columns search filters on.
DROP TRIGGER listings_search_fields_updated ON listings;
CREATE CONSTRAINT TRIGGER listings_search_fields_updated
  AFTER UPDATE ON listings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.title, OLD.description, OLD.location, OLD.category, OLD.subcategory, OLD.price, OLD.currency,
         OLD.featured_until, OLD.created_at, OLD.updated_at, OLD.owner_id, OLD.status, OLD.town_id, OLD.county_code, OLD.attributes)
        IS DISTINCT FROM
        (NEW.title, NEW.description, NEW.location, NEW.category, NEW.subcategory, NEW.price, NEW.currency,
         NEW.featured_until, NEW.created_at, NEW.updated_at, NEW.owner_id, NEW.status, NEW.town_id, NEW.county_code, NEW.attributes))
  EXECUTE FUNCTION note_listing_change();

SELECT nextval('listing_changes');
