-- Webhooks for partners (docs/api.md, "Webhooks"): an admin registers a URL and a secret; spots
-- published, verified and archived are POSTed to it as JSON signed with the secret. Each delivery is
-- an outbox message (written in the transaction of its cause, sent with retries and back-off) whose
-- recipient is the webhook; its phone_hash is 'webhook:<id>:<event>', so a spot's event goes once.
CREATE TABLE webhooks (
  id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  url             text NOT NULL CHECK (char_length(url) <= 2000),
  -- The signing key the partner holds too: it must be read to sign, so it is kept as given and never
  -- sent back by the API (only its last four characters).
  secret          text NOT NULL CHECK (char_length(secret) BETWEEN 16 AND 200),
  events          text[] NOT NULL,
  created_by      text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- The last attempt's outcome, for the admin's list: an HTTP status or what went wrong.
  last_attempt_at timestamptz,
  last_outcome    text,
  last_success_at timestamptz
);

ALTER TABLE outbox
  ADD COLUMN webhook_id integer REFERENCES webhooks (id) ON DELETE CASCADE,
  DROP CONSTRAINT outbox_recipient_while_due,
  ADD CONSTRAINT outbox_recipient_while_due CHECK (
    (state IN ('queued', 'sending')) = (phone_enc IS NOT NULL OR push_id IS NOT NULL OR webhook_id IS NOT NULL)),
  DROP CONSTRAINT outbox_one_recipient,
  ADD CONSTRAINT outbox_one_recipient CHECK (num_nonnulls(phone_enc, push_id, webhook_id) <= 1),
  DROP CONSTRAINT sms_outbox_kind_check,
  ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('reply', 'alert', 'webhook')),
  -- An SMS or a push is short; a webhook carries the spot as JSON.
  DROP CONSTRAINT sms_outbox_body_check,
  ADD CONSTRAINT outbox_body_check CHECK (char_length(body) <= CASE WHEN kind = 'webhook' THEN 20000 ELSE 480 END);
