-- Deferred image work (issue 49, point 3; docs/decisions/deferred-image-files.md). Posting an ad
-- stores one WebP per photo (the largest size) and its hash; the other sizes, and the cover's
-- card files and link preview, are made after the ad is saved. This row, written in the ad's
-- own transaction, says which photos still need them, so the work survives a restart and is
-- shared by every instance (claimed with a lease, run_after). queued_at moves when a row is
-- queued again (a kept photo became the cover), so a pass that claimed the older request does
-- not remove the newer one.
CREATE TABLE pending_image_files (
  storage_key text PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  run_after timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX pending_image_files_run_after_idx ON pending_image_files (run_after);
