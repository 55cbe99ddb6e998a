-- Seller reviews (issue 44; server/reviews/, docs/decisions/reviews.md).
--
-- One review per buyer and ad, written only by a buyer the seller answered in messages about that
-- ad (checked by the domain against conversations/messages). listing_id has no foreign key: a
-- deleted ad keeps its reviews (they are about the seller); listing_title keeps its name.
-- An account's deletion takes its reviews with it (either side), and the aggregate follows.
-- status: published (counts and shows), held (waits for a moderator: new account, repeat
-- reviewer of the seller, or a verified phone shared with the seller), hidden (a moderator
-- rejected it). The seller has one public reply; nobody but a moderator can remove a review.
CREATE TABLE reviews (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  listing_id    uuid NOT NULL,
  listing_title text NOT NULL,
  seller_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  author_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  stars         smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
  outcome       text NOT NULL CHECK (outcome IN ('deal_done', 'no_deal')),
  body          text NOT NULL DEFAULT '' CHECK (char_length(body) <= 500),
  status        text NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'held', 'hidden')),
  held_reason   text,
  reply         text CHECK (char_length(reply) BETWEEN 1 AND 500),
  replied_at    timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (author_id <> seller_id)
);
CREATE UNIQUE INDEX reviews_listing_author_idx ON reviews (listing_id, author_id);
-- The seller page: published reviews, newest first.
CREATE INDEX reviews_seller_published_idx ON reviews (seller_id, created_at DESC, id DESC) WHERE status = 'published';
-- "Already reviewed this seller's other ads".
CREATE INDEX reviews_author_seller_idx ON reviews (author_id, seller_id);
-- The moderators' queue of held reviews.
CREATE INDEX reviews_held_idx ON reviews (created_at DESC) WHERE status = 'held';

-- The seller's published reviews, summed: every card and ad page reads one row, never the reviews.
-- Kept by the trigger below in the same transaction as the change of a review, so an edit, a
-- moderator's decision or an author's deletion moves it at once.
CREATE TABLE seller_review_stats (
  seller_id    uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  review_count integer NOT NULL DEFAULT 0 CHECK (review_count >= 0),
  star_total   integer NOT NULL DEFAULT 0 CHECK (star_total >= 0)
);

CREATE FUNCTION reviews_keep_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'published' THEN
    UPDATE seller_review_stats SET review_count = review_count - 1, star_total = star_total - OLD.stars WHERE seller_id = OLD.seller_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'published' THEN
    INSERT INTO seller_review_stats (seller_id, review_count, star_total) VALUES (NEW.seller_id, 1, NEW.stars)
    ON CONFLICT (seller_id) DO UPDATE SET review_count = seller_review_stats.review_count + 1, star_total = seller_review_stats.star_total + NEW.stars;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER reviews_keep_stats AFTER INSERT OR DELETE OR UPDATE OF status, stars, seller_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_keep_stats();

-- Reports of a review by its author or its seller: the moderation queue. One per person per review.
CREATE TABLE review_reports (
  review_id   uuid NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason      text NOT NULL CHECK (reason IN ('fake', 'abusive', 'private_details', 'other')),
  details     text NOT NULL DEFAULT '' CHECK (char_length(details) <= 500),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (review_id, reporter_id)
);
CREATE INDEX review_reports_created_at_idx ON review_reports (created_at DESC);
