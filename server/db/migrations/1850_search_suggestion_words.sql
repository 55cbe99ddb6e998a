-- Suggestions in the header search (issue 42, point 2; docs/decisions/search-suggestions.md):
-- the commonest words of active ads with their counts, for the database's answer when the
-- memory index cannot give one. Counting a prefix's words over the ads' token index at each
-- keystroke would read every ad of every common word (at 1M ads far past the 30 ms budget), so a
-- job counts them all now and then (server/search/database/database-suggest.ts) and a
-- suggestion reads a range of this table. COLLATE "C": a prefix is a range of the primary key
-- whatever the database's collation.
-- INCLUDE (ads): a prefix's words and counts come from the index alone (a prefix of two letters
-- can hold ten thousand words; the job vacuums the table after each refresh).
CREATE TABLE search_suggestion_words (
  word text COLLATE "C" NOT NULL,
  ads integer NOT NULL,
  PRIMARY KEY (word) INCLUDE (ads)
);
