-- Which rules of server/alerts/match-keys.ts filed a saved search under its key. The rules
-- changed with forgiving search words (issue 42): a search filed under a piece only its typed
-- word has ("nes" of "phones") would miss ads that match by another form or by its category.
-- Keys filed under older rules are filed again by server/saved/refile-search-keys.ts.
ALTER TABLE saved_search_keys ADD COLUMN rules smallint NOT NULL DEFAULT 1;
