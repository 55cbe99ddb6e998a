-- Verified phones (issue 19, point 6).
--
-- phone_verified holds the number that was verified, not a flag: a seller's phone counts as
-- verified only while it equals phone_number, so changing the number clears verification by
-- itself, whichever code path changes it.
ALTER TABLE users ADD COLUMN phone_verified text;

-- One pending code per account, stored as a hash; a new request replaces it.
CREATE TABLE phone_codes (
  user_id    uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  phone      text NOT NULL,
  code_hash  text NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
