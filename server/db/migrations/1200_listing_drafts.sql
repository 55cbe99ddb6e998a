-- Drafts of new ads (issue 48, point 3; docs/decisions/drafts-and-photo-shrinking.md). With
-- JavaScript the post form keeps a started ad here as its photos upload one by one, so a dropped
-- connection loses nothing. A draft is its owner's alone, never public (not in listings: search,
-- sitemaps and pages never see it); publishing it runs the same rules as a post and moves its
-- photos into listing_images. Untouched drafts are swept with their files (server/listings/drafts.ts).
CREATE TABLE listing_drafts (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The form's text as last saved, unchecked (checked when published): title, price, attributes, ...
  fields      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listing_drafts_owner_idx ON listing_drafts (owner_id, updated_at DESC);
CREATE INDEX listing_drafts_updated_idx ON listing_drafts (updated_at);

-- A photo uploaded to a draft: stored by the same pipeline as a post's (server/media/images.ts
-- storeUpload: its widest WebP and its hash); sha256 and size are of the bytes received, for the
-- duplicate-ad fingerprint. The media sweep counts these storage keys as used.
CREATE TABLE listing_draft_photos (
  storage_key  text PRIMARY KEY,
  draft_id     uuid NOT NULL REFERENCES listing_drafts (id) ON DELETE CASCADE,
  width        integer NOT NULL,
  height       integer NOT NULL,
  photo_hash   text,
  sha256       text NOT NULL,
  size         integer NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX listing_draft_photos_draft_idx ON listing_draft_photos (draft_id, created_at);
