-- Views are counted once per viewer (account or device) per listing per day, and a phone
-- number revealed to a device is remembered, so showing it again costs that device nothing
-- (server/listings/engagement.ts). Old rows are pruned as new ones arrive.
CREATE TABLE listing_views (
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  viewer text NOT NULL,
  day date NOT NULL,
  PRIMARY KEY (listing_id, viewer, day)
);
CREATE INDEX listing_views_day ON listing_views (day);

CREATE TABLE phone_reveals (
  device_id text NOT NULL,
  listing_id uuid NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  revealed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, listing_id)
);
CREATE INDEX phone_reveals_listing ON phone_reveals (listing_id);
CREATE INDEX phone_reveals_revealed_at ON phone_reveals (revealed_at);
