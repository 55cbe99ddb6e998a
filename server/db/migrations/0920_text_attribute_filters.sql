-- Text fields become filterable by their words (issue 18, point 5): a car's model ("axio" finds
-- "Corolla Axio") and a plot's size ("50x100" finds "50x100 ft"). Every word of the filter must
-- be a whole word of the field, in any case (server/listings/search-terms.ts). As ranges are,
-- it is tested on the ads the subcategory and the other conditions find: no index of its own,
-- no column (docs/attributes.md).
ALTER TABLE attribute_definitions DROP CONSTRAINT attribute_definitions_filter_check;
ALTER TABLE attribute_definitions ADD CONSTRAINT attribute_definitions_filter_check CHECK (filter IN ('equal', 'range', 'words'));
UPDATE attribute_definitions SET filter = 'words' WHERE (subcategory, key) IN (('Cars', 'model'), ('Land and plots', 'size'));
