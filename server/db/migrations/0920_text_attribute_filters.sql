-- Text fields become filterable by their words (issue 18, point 5): a car's model ("axio" finds
-- "Corolla Axio") and a plot's size ("50x100" finds "50x100 ft"). Every word of the filter must
-- be a whole word of the field, in any case (server/listings/search-terms.ts).
ALTER TABLE attribute_definitions DROP CONSTRAINT attribute_definitions_filter_check;
ALTER TABLE attribute_definitions ADD CONSTRAINT attribute_definitions_filter_check CHECK (filter IN ('equal', 'range', 'words'));
UPDATE attribute_definitions SET filter = 'words' WHERE (subcategory, key) IN (('Cars', 'model'), ('Land and plots', 'size'));

-- The words of an ad's text values, each as key:word ('model:corolla', 'model:axio'): lower
-- case, split at anything but a-z and 0-9 (fieldWords in app/lib/subcategories.ts splits the
-- filter the same way). One GIN index over them serves every text field, present and future, as
-- listings_attributes_idx serves every equal field: no index or migration per field. Without it
-- a rare model with no make read every car (529 ms at a million ads; docs/attributes.md).
CREATE FUNCTION attribute_words(attributes jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT a.key || ':' || w), '{}')
  FROM jsonb_each(attributes) a, regexp_split_to_table(lower(a.value #>> '{}'), '[^a-z0-9]+') w
  WHERE jsonb_typeof(a.value) = 'string' AND w <> ''
$$;
CREATE INDEX listings_attribute_words_idx ON listings USING gin (attribute_words(attributes)) WHERE status = 'active';
