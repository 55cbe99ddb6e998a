-- Each person's unread messages over all their conversations, kept by triggers on conversations
-- (issue 43 point 8; docs/decisions/messages.md, "Header count"). The header shows this count on
-- every page, and the live tag of the messages pages includes it: summed from conversations it
-- read every conversation with something unread, about 1,700 rows (3 ms) for a seller in 2,500
-- conversations. Here it is one primary-key read. The triggers follow every writer of the unread
-- columns (a send, reading, deleting for me, a moderator's release) and the accounts' deletion
-- (their side set to NULL), so no code path has to remember it.
CREATE TABLE message_unread_totals (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  unread  integer NOT NULL DEFAULT 0
);

-- Adds delta to one person's total. Rows are made on the first unread message and stay (at 0)
-- afterwards, so the usual case is an update of one row; a decrease never makes a row.
CREATE FUNCTION message_unread_add(person uuid, delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF person IS NULL OR delta = 0 THEN
    RETURN;
  ELSIF delta > 0 THEN
    INSERT INTO message_unread_totals AS t (user_id, unread) VALUES (person, delta)
      ON CONFLICT (user_id) DO UPDATE SET unread = t.unread + delta;
  ELSE
    UPDATE message_unread_totals SET unread = unread + delta WHERE user_id = person;
  END IF;
END $$;

-- Each side: what the old row gave its person is taken away, what the new row gives is added
-- (the same person: only the difference).
CREATE FUNCTION message_unread_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_buyer uuid; old_buyer_n integer := 0; old_seller uuid; old_seller_n integer := 0;
  new_buyer uuid; new_buyer_n integer := 0; new_seller uuid; new_seller_n integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_buyer := OLD.buyer_id; old_buyer_n := OLD.buyer_unread; old_seller := OLD.seller_id; old_seller_n := OLD.seller_unread;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_buyer := NEW.buyer_id; new_buyer_n := NEW.buyer_unread; new_seller := NEW.seller_id; new_seller_n := NEW.seller_unread;
  END IF;
  IF old_buyer IS NOT DISTINCT FROM new_buyer THEN
    PERFORM message_unread_add(new_buyer, new_buyer_n - old_buyer_n);
  ELSE
    PERFORM message_unread_add(old_buyer, -old_buyer_n);
    PERFORM message_unread_add(new_buyer, new_buyer_n);
  END IF;
  IF old_seller IS NOT DISTINCT FROM new_seller THEN
    PERFORM message_unread_add(new_seller, new_seller_n - old_seller_n);
  ELSE
    PERFORM message_unread_add(old_seller, -old_seller_n);
    PERFORM message_unread_add(new_seller, new_seller_n);
  END IF;
  RETURN NULL;
END $$;

-- The WHEN clauses keep the function from being called for writes that change no count (most
-- conversations start at 0, reading an already read thread sets 0 again).
CREATE TRIGGER conversations_unread_insert AFTER INSERT ON conversations
  FOR EACH ROW WHEN (NEW.buyer_unread <> 0 OR NEW.seller_unread <> 0) EXECUTE FUNCTION message_unread_follow();
CREATE TRIGGER conversations_unread_update AFTER UPDATE OF buyer_id, seller_id, buyer_unread, seller_unread ON conversations
  FOR EACH ROW WHEN (OLD.buyer_unread IS DISTINCT FROM NEW.buyer_unread OR OLD.seller_unread IS DISTINCT FROM NEW.seller_unread
    OR (OLD.buyer_id IS DISTINCT FROM NEW.buyer_id AND (OLD.buyer_unread <> 0 OR NEW.buyer_unread <> 0))
    OR (OLD.seller_id IS DISTINCT FROM NEW.seller_id AND (OLD.seller_unread <> 0 OR NEW.seller_unread <> 0)))
  EXECUTE FUNCTION message_unread_follow();
CREATE TRIGGER conversations_unread_delete AFTER DELETE ON conversations
  FOR EACH ROW WHEN (OLD.buyer_unread <> 0 OR OLD.seller_unread <> 0) EXECUTE FUNCTION message_unread_follow();

-- The totals of the conversations already there (the triggers' lock on conversations holds
-- writers off until this commits, so none is missed or counted twice).
INSERT INTO message_unread_totals (user_id, unread)
SELECT person, sum(n)::int FROM (
  SELECT buyer_id AS person, buyer_unread AS n FROM conversations WHERE buyer_unread > 0 AND buyer_id IS NOT NULL
  UNION ALL
  SELECT seller_id, seller_unread FROM conversations WHERE seller_unread > 0 AND seller_id IS NOT NULL
) s GROUP BY person;
