-- The language of each person's e-mails and text messages (issue 45; docs/decisions/swahili-i18n.md,
-- plan step 7): the language of the pages on which they last registered, signed in or saved their
-- details (English at /, Swahili at /sw). Everyone registered before is English.
ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'sw'));
