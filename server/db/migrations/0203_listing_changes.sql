-- A change counter for listings, read by the search cache (server/listings/search-cache.ts)
-- to tell whether a cached page of results is still true. It moves on every insert and delete
-- of a listing and on every edit (which sets updated_at) or change of feature; counting a view
-- does not move it.
-- A sequence, not a counter row: nextval never blocks, so posting ads does not serialise on it.
-- The triggers run at commit (deferred), so the new value appears as close as possible to
-- the moment the change becomes visible to other sessions.
CREATE SEQUENCE listing_changes;

CREATE FUNCTION note_listing_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('listing_changes');
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER listings_inserted_or_deleted
  AFTER INSERT OR DELETE ON listings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION note_listing_change();

CREATE CONSTRAINT TRIGGER listings_search_fields_updated
  AFTER UPDATE ON listings
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD.title, OLD.description, OLD.location, OLD.category, OLD.subcategory, OLD.price, OLD.currency,
         OLD.featured_until, OLD.created_at, OLD.updated_at, OLD.owner_id)
        IS DISTINCT FROM
        (NEW.title, NEW.description, NEW.location, NEW.category, NEW.subcategory, NEW.price, NEW.currency,
         NEW.featured_until, NEW.created_at, NEW.updated_at, NEW.owner_id))
  EXECUTE FUNCTION note_listing_change();
