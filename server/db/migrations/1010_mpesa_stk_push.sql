-- M-Pesa Express (Daraja STK Push) payments, beside Flutterwave's (issue 46; server/payments/mpesa/).
-- A payment of provider 'mpesa' keeps the ids Daraja gave its push, the number prompted and the
-- shortcode paid, and the SHA-256 of the secret in its callback URL: the callback is unsigned, so
-- only a request to that one URL is listened to, and a leaked database does not reveal it.
-- What the callback and the query said is kept for the seller's message and for support.
ALTER TABLE payments
  ADD COLUMN mpesa_merchant_request_id text,
  ADD COLUMN mpesa_checkout_request_id text,
  ADD COLUMN mpesa_callback_token_hash text,
  ADD COLUMN mpesa_phone text,
  ADD COLUMN mpesa_shortcode text,
  ADD COLUMN mpesa_result_code integer,
  ADD COLUMN mpesa_result_desc text,
  ADD COLUMN mpesa_receipt text,
  ADD COLUMN mpesa_callback_amount numeric(12, 2);

CREATE UNIQUE INDEX payments_mpesa_checkout_request_id_key ON payments (mpesa_checkout_request_id) WHERE mpesa_checkout_request_id IS NOT NULL;
CREATE UNIQUE INDEX payments_mpesa_callback_token_hash_key ON payments (mpesa_callback_token_hash) WHERE mpesa_callback_token_hash IS NOT NULL;
