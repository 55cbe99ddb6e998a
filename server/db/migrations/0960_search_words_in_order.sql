-- Two ads written at the same moment that bring the same new words could deadlock (40P01):
-- migration 0700's trigger noted an ad's words in token order (title words, then description
-- words, then location words), so one writer could hold "corolla" while waiting for "axio" and the
-- other the reverse, and PostgreSQL aborted one of the two. Seen when the demo data was seeded
-- four ads at a time on PostgreSQL; a seller posting at the same moment as another would get the
-- same failure. Noting each ad's words in one sorted order means two writers wait for each other's
-- first shared word, holding none of the rest: one waits, neither fails.
CREATE OR REPLACE FUNCTION note_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_vocabulary (word)
  SELECT DISTINCT w FROM unnest(NEW.search_tokens) AS w WHERE w !~ '^[tcp]:' AND length(w) <= 100
  ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
