-- The same ad posted twice by one account (same title, price and photos) is refused
-- (server/listings/posting-rules.ts): a digest of those, per listing, looked up per owner.
ALTER TABLE listings ADD COLUMN fingerprint text;
CREATE INDEX listings_owner_fingerprint ON listings (owner_id, fingerprint) WHERE fingerprint IS NOT NULL;
