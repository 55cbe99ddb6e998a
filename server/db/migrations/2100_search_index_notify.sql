-- Every change note also wakes the servers' search indexes (server/search/memory/search-index.ts):
-- on PostgreSQL each server LISTENs on this channel and catches up with the notes only after a
-- notification (or a write of its own), instead of asking before every search. One
-- notification a statement; PostgreSQL folds identical ones of a transaction into one, sent at
-- commit. The channel is the same for every schema: a server of another schema only catches up
-- once for nothing.
CREATE FUNCTION notify_search_index_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('soko_search_index_changes', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER search_index_changes_notify
  AFTER INSERT ON search_index_changes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_search_index_change();
