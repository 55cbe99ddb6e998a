-- Initial schema. Ids are UUIDs; money is an integer of the currency's unit.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email         text NOT NULL,
  password_hash text NOT NULL,
  first_name    text NOT NULL,
  last_name     text NOT NULL,
  username      text NOT NULL,
  phone_number  text,
  location      text,
  address       text,
  city          text,
  country       text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_username_key ON users (username);

CREATE TABLE sessions (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash   text NOT NULL,
  persistent   boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE UNIQUE INDEX sessions_token_hash_key ON sessions (token_hash);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE password_resets (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE UNIQUE INDEX password_resets_token_hash_key ON password_resets (token_hash);
CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);

CREATE TABLE listings (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title          text NOT NULL,
  description    text NOT NULL,
  category       text NOT NULL,
  subcategory    text,
  price          bigint CHECK (price IS NULL OR price >= 0),
  currency       text NOT NULL DEFAULT 'KES' CHECK (currency IN ('KES', 'USD', 'EUR', 'GBP')),
  location       text NOT NULL,
  featured_until timestamptz,
  views          integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  -- What search matches against: one lower-cased text so one trigram index serves every word.
  search_text    text GENERATED ALWAYS AS (lower(title || ' ' || description || ' ' || location)) STORED
);
CREATE INDEX listings_owner_id_idx ON listings (owner_id, created_at DESC);
CREATE INDEX listings_created_at_idx ON listings (created_at DESC, id DESC);
CREATE INDEX listings_category_created_at_idx ON listings (lower(category), created_at DESC, id DESC);
CREATE INDEX listings_featured_until_idx ON listings (featured_until DESC) WHERE featured_until IS NOT NULL;
CREATE INDEX listings_search_text_trgm_idx ON listings USING gin (search_text gin_trgm_ops);
CREATE INDEX listings_location_trgm_idx ON listings USING gin (lower(location) gin_trgm_ops);

CREATE TABLE listing_images (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id  uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  position    integer NOT NULL,
  -- Server-made base name; variants are stored as <key>-<width>.webp.
  storage_key text NOT NULL,
  width       integer NOT NULL,
  height      integer NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX listing_images_storage_key_key ON listing_images (storage_key);
CREATE INDEX listing_images_listing_id_idx ON listing_images (listing_id, position);

CREATE TABLE payments (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tx_ref          text NOT NULL,
  listing_id      uuid REFERENCES listings (id) ON DELETE SET NULL,
  user_id         uuid REFERENCES users (id) ON DELETE SET NULL,
  provider        text NOT NULL,
  amount          integer NOT NULL,
  currency        text NOT NULL DEFAULT 'KES',
  status          text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled', 'expired')),
  provider_txn_id text,
  callback_url    text NOT NULL,
  failure_reason  text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  settled_at      timestamptz
);
CREATE UNIQUE INDEX payments_tx_ref_key ON payments (tx_ref);
CREATE UNIQUE INDEX payments_provider_txn_id_key ON payments (provider, provider_txn_id);
CREATE INDEX payments_pending_idx ON payments (created_at) WHERE status = 'pending';
CREATE INDEX payments_listing_id_idx ON payments (listing_id);

CREATE TABLE webhook_events (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider     text NOT NULL,
  dedupe_key   text NOT NULL,
  payload      jsonb NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz
);
CREATE UNIQUE INDEX webhook_events_dedupe_key ON webhook_events (provider, dedupe_key);

CREATE TABLE contact_messages (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  name       text NOT NULL,
  email      text NOT NULL,
  subject    text NOT NULL,
  message    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
