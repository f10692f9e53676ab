-- USSD and SMS (docs/channels.md). A phone number is never stored in clear: it is found by its
-- salted hash (the channel visitor) and kept encrypted only while it is needed to send an SMS.

-- Alerts a person asked for by SMS (WATCH <place>): new public dangers of severity 3 or more within
-- 1 km. Deleted on STOP, and after 90 days without an alert.
CREATE TABLE sms_watches (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone_hash    text NOT NULL,
  phone_enc     text NOT NULL,
  place         text NOT NULL CHECK (char_length(place) BETWEEN 1 AND 80),
  lat           double precision NOT NULL CHECK (lat BETWEEN -1.6 AND 4.3),
  lng           double precision NOT NULL CHECK (lng BETWEEN 29.5 AND 35.1),
  geog          geography(Point, 4326) GENERATED ALWAYS AS
                  (ST_SetSRID(ST_MakePoint(lng, lat), 4326)::geography) STORED,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_alert_at timestamptz,
  UNIQUE (phone_hash, place)
);
CREATE INDEX sms_watches_geog_idx ON sms_watches USING gist (geog);

-- Messages to send, written in the same transaction as what caused them (a spot made public, an
-- SMS answered), and sent by the outbox worker with retries. The number is erased once the message
-- is sent or given up; the row stays two days for the daily alert cap and against sending twice.
CREATE TABLE sms_outbox (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Names the message to the gateway (Idempotency-Key): unique beyond this database, unlike the id.
  send_key    uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  phone_hash  text NOT NULL,
  phone_enc   text,
  kind        text NOT NULL CHECK (kind IN ('reply', 'alert')),
  spot_id     integer REFERENCES spots (id) ON DELETE CASCADE,
  body        text NOT NULL CHECK (char_length(body) <= 480),
  state       text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
  attempts    integer NOT NULL DEFAULT 0,
  send_after  timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  last_error  text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  sent_at     timestamptz,
  UNIQUE (spot_id, phone_hash),
  CHECK ((state IN ('queued', 'sending')) = (phone_enc IS NOT NULL))
);
CREATE INDEX sms_outbox_due_idx ON sms_outbox (send_after) WHERE state IN ('queued', 'sending');
CREATE INDEX sms_outbox_phone_idx ON sms_outbox (phone_hash, created_at);

-- Callbacks already acted on (a USSD step that saved something, an SMS), by a salted hash of the
-- gateway's ids: a gateway's retry gets the first answer and changes nothing. Kept two days.
CREATE TABLE channel_receipts (
  key        text PRIMARY KEY,
  answer     text,
  created_at timestamptz NOT NULL DEFAULT now()
);
