-- Web Push (docs/channels.md, "Push alerts"): a browser's subscription, kept while it has watches.
-- The endpoint is a capability URL of the browser's push service (it names no person); it is deleted
-- with its watches when the page unsubscribes, when the push service says it is gone (404, 410),
-- and with its last watch. lang is the page's language when it subscribed.
CREATE TABLE push_subscriptions (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  endpoint   text NOT NULL UNIQUE CHECK (char_length(endpoint) <= 1000),
  p256dh     text NOT NULL CHECK (char_length(p256dh) <= 200),
  auth       text NOT NULL CHECK (char_length(auth) <= 100),
  lang       text NOT NULL CHECK (char_length(lang) <= 8),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Watches and the outbox serve both ways out: a number (phone_enc, sealed with PHONE_KEY) or a push
-- subscription (push_id). A push watch's phone_hash is 'push:<id>', so the unique place per
-- recipient, the daily alert cap and the one-alert-per-spot rule hold for both alike.
ALTER TABLE sms_watches RENAME TO watches;
ALTER TABLE watches
  ALTER COLUMN phone_enc DROP NOT NULL,
  ADD COLUMN push_id integer REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  ADD CONSTRAINT watches_one_recipient CHECK ((phone_enc IS NULL) = (push_id IS NOT NULL));
CREATE INDEX watches_push_idx ON watches (push_id) WHERE push_id IS NOT NULL;

ALTER TABLE sms_outbox RENAME TO outbox;
ALTER TABLE outbox
  ADD COLUMN push_id integer REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  DROP CONSTRAINT sms_outbox_check,
  ADD CONSTRAINT outbox_recipient_while_due
    CHECK ((state IN ('queued', 'sending')) = (phone_enc IS NOT NULL OR push_id IS NOT NULL)),
  ADD CONSTRAINT outbox_one_recipient CHECK (phone_enc IS NULL OR push_id IS NULL);
