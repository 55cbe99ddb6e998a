-- What sellers see of each ad in Manage ads (issue 44 point 5): one row per ad per day with
-- a counter per kind of event, bumped in the transaction that writes the event
-- (server/listings/ad-stats.ts). A page of ads then reads its 7-day and total figures in one
-- grouped query over this primary key, and the per-viewer rows behind views and WhatsApp
-- taps (kept only to count each viewer once a day) can still be pruned after two days.
-- docs/decisions/ad-stats-counters.md
CREATE TABLE listing_stats_daily (
  listing_id    uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  day           date NOT NULL,
  views         integer NOT NULL DEFAULT 0,
  phone_reveals integer NOT NULL DEFAULT 0,
  whatsapp_taps integer NOT NULL DEFAULT 0,
  messages      integer NOT NULL DEFAULT 0,
  -- Ads saved that day and still saved: removing a save takes it off the day it was made.
  saves         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, day)
);

-- A WhatsApp tap goes through /listing/:id/whatsapp and counts once per viewer per day, as views do.
CREATE TABLE listing_whatsapp_taps (
  listing_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  viewer     text NOT NULL,
  day        date NOT NULL,
  PRIMARY KEY (listing_id, viewer, day)
);
CREATE INDEX listing_whatsapp_taps_day ON listing_whatsapp_taps (day);

-- What happened before this table, on the day it happened where that is known: reveals, saves
-- and buyers' delivered messages have their dates; views older than the per-viewer rows
-- (two days) only have the running total, put on the day the ad was posted.
INSERT INTO listing_stats_daily (listing_id, day, views, phone_reveals, messages, saves)
SELECT listing_id, day, sum(views)::int, sum(phone_reveals)::int, sum(messages)::int, sum(saves)::int
FROM (
  SELECT l.id AS listing_id, l.created_at::date AS day,
         greatest(l.views - (SELECT count(*) FROM listing_views v WHERE v.listing_id = l.id), 0) AS views,
         0 AS phone_reveals, 0 AS messages, 0 AS saves
  FROM listings l WHERE l.views > 0
  UNION ALL
  SELECT v.listing_id, v.day, count(*), 0, 0, 0 FROM listing_views v GROUP BY v.listing_id, v.day
  UNION ALL
  SELECT r.listing_id, r.revealed_at::date, 0, count(*), 0, 0 FROM phone_reveals r GROUP BY r.listing_id, r.revealed_at::date
  UNION ALL
  SELECT c.listing_id, m.created_at::date, 0, 0, count(*), 0
  FROM messages m JOIN conversations c ON c.id = m.conversation_id JOIN listings l ON l.id = c.listing_id
  WHERE m.sender_id = c.buyer_id AND NOT m.withheld
  GROUP BY c.listing_id, m.created_at::date
  UNION ALL
  SELECT s.listing_id, s.saved_at::date, 0, 0, 0, count(*)
  FROM saved_ads s JOIN listings l ON l.id = s.listing_id
  GROUP BY s.listing_id, s.saved_at::date
) events
GROUP BY listing_id, day;

-- Moderators' actions on reviews go to the same log as their actions on ads.
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_action_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_action_check
  CHECK (action IN ('approve', 'hide', 'ban', 'auto_hold', 'resubmit', 'approve_review', 'hide_review', 'restore_review'));
-- The review acted on (no foreign key: the log outlives what it names).
ALTER TABLE moderation_log ADD COLUMN review_id uuid;
