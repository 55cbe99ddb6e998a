-- Which ads changed, in commit order as far as it matters, for each server's search index in
-- memory (server/search-index/). Every insert, delete and search-relevant update of a listing
-- notes the ad's id with the id of the transaction that made it; a server asks for the notes of
-- transactions its last snapshot could not see (begun after it, or running then: xid at or past
-- pg_snapshot_xmax, or in pg_snapshot_xip) and reads those ads again. A sequence number alone would not do:
-- numbers are taken in one order and committed in another, so a reader could pass over a number
-- whose transaction had not committed yet and never see it.
--
-- Counting a view (views = views + 1) changes nothing a search reads, so it notes nothing.
-- Notes older than a day are deleted by the servers as they go (search-index.ts).
CREATE TABLE search_index_changes (
  seq bigserial PRIMARY KEY,
  xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  listing_id uuid NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_index_changes_xid_idx ON search_index_changes (xid);
CREATE INDEX search_index_changes_at_idx ON search_index_changes (at);

CREATE FUNCTION note_search_index_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_index_changes (listing_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END
$$;

CREATE TRIGGER listings_search_index_inserted_or_deleted
  AFTER INSERT OR DELETE ON listings
  FOR EACH ROW EXECUTE FUNCTION note_search_index_change();

CREATE TRIGGER listings_search_index_updated
  AFTER UPDATE ON listings
  FOR EACH ROW
  WHEN ((OLD.search_tokens, OLD.title, OLD.location, OLD.category, OLD.subcategory, OLD.price, OLD.currency,
         OLD.featured_until, OLD.created_at, OLD.status, OLD.town_id, OLD.county_code)
        IS DISTINCT FROM
        (NEW.search_tokens, NEW.title, NEW.location, NEW.category, NEW.subcategory, NEW.price, NEW.currency,
         NEW.featured_until, NEW.created_at, NEW.status, NEW.town_id, NEW.county_code))
  EXECUTE FUNCTION note_search_index_change();
