-- Corrections to migration 0880's towns after checking app/lib/kenya-locations.ts against
-- published sources (docs/locations.md, "Checked against"): Kehancha, Migori's fourth
-- municipality, was missing; Lugari is Kakamega's sub-county, whose main town is Lumakanda
-- (Lugari stays: people type it, and ads already name it).
INSERT INTO towns (id, name, county_code) VALUES
  ('kehancha', 'Kehancha', '044'),
  ('lumakanda', 'Lumakanda', '037');

INSERT INTO location_names (name, town_id, county_code) VALUES
  ('kehancha', 'kehancha', '044'),
  ('kehancha, migori', 'kehancha', '044'),
  ('kehancha, migori county', 'kehancha', '044'),
  ('lumakanda', 'lumakanda', '037'),
  ('lumakanda, kakamega', 'lumakanda', '037'),
  ('lumakanda, kakamega county', 'lumakanda', '037');

-- Ads that already name them: matched as migration 0880 matched every ad, and their featured copies.
UPDATE listings l SET town_id = n.town_id, county_code = n.county_code
FROM location_names n
WHERE n.name = location_key(l.location) AND n.town_id IN ('kehancha', 'lumakanda');
UPDATE featured_listings f SET town_id = l.town_id, county_code = l.county_code
FROM listings l
WHERE l.id = f.id AND l.town_id IN ('kehancha', 'lumakanda');
