-- Hatari schema, version 1. Forward-only: later changes are new numbered files.
CREATE EXTENSION IF NOT EXISTS postgis;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE spots (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title              text NOT NULL CHECK (char_length(title) BETWEEN 3 AND 80),
  description        text NOT NULL DEFAULT '' CHECK (char_length(description) <= 600),
  area               text NOT NULL DEFAULT '' CHECK (char_length(area) <= 80),
  lat                double precision NOT NULL CHECK (lat BETWEEN -1.6 AND 4.3),
  lng                double precision NOT NULL CHECK (lng BETWEEN 29.5 AND 35.1),
  -- Derived from lat/lng so the two can never disagree; used for distances (ST_DWithin).
  geog               geography(Point, 4326) GENERATED ALWAYS AS
                       (ST_SetSRID(ST_MakePoint(lng, lat), 4326)::geography) STORED,
  category           text NOT NULL CHECK (category IN
                       ('murder', 'mob_action', 'boda_gang', 'robbery', 'stabbing', 'kidnapping', 'other')),
  severity           smallint NOT NULL CHECK (severity BETWEEN 1 AND 5),
  time_of_day        text NOT NULL CHECK (time_of_day IN ('day', 'night', 'any')),
  incident_date      date,
  source_url         text CHECK (source_url ~ '^https?://' AND char_length(source_url) <= 300),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  last_confirmed_at  timestamptz,
  confirmations      integer NOT NULL DEFAULT 0 CHECK (confirmations >= 0),
  denials            integer NOT NULL DEFAULT 0 CHECK (denials >= 0),
  -- The seed spec's community status table, derived in one place from the counts.
  status             text GENERATED ALWAYS AS (CASE
                       WHEN confirmations - denials >= 3 THEN 'confirmed'
                       WHEN denials - confirmations > 2 THEN 'disputed'
                       ELSE 'unverified' END) STORED,
  moderator_verified boolean NOT NULL DEFAULT false,
  seeded             boolean NOT NULL DEFAULT false,
  -- Stable key of a seed entry, so the seed is loaded once and never duplicated.
  seed_key           text UNIQUE,
  publication        text NOT NULL DEFAULT 'approved'
                       CHECK (publication IN ('approved', 'pending', 'rejected')),
  -- Set when open flags took the spot off the public map; cleared by a moderator's decision.
  auto_hidden_at     timestamptz
);

-- Public reads only ever touch approved spots: partial indexes keep them small.
CREATE INDEX spots_public_order_idx ON spots (severity DESC, id DESC) WHERE publication = 'approved';
CREATE INDEX spots_public_point_gix ON spots
  USING gist ((ST_SetSRID(ST_MakePoint(lng, lat), 4326))) WHERE publication = 'approved';
CREATE INDEX spots_public_geog_gix ON spots USING gist (geog) WHERE publication = 'approved';
CREATE INDEX spots_created_idx ON spots (created_at) WHERE publication = 'approved';
CREATE INDEX spots_publication_idx ON spots (publication) WHERE publication <> 'approved';

-- One vote per visitor per spot; `visitor` is a salted hash, never an address.
CREATE TABLE votes (
  spot_id    integer NOT NULL REFERENCES spots (id) ON DELETE CASCADE,
  visitor    text NOT NULL,
  value      smallint NOT NULL CHECK (value IN (1, -1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (spot_id, visitor)
);
CREATE INDEX votes_visitor_idx ON votes (visitor);

-- One flag per visitor per spot; `network` (salted hash) makes auto-hide count distinct networks.
CREATE TABLE flags (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  spot_id     integer NOT NULL REFERENCES spots (id) ON DELETE CASCADE,
  visitor     text NOT NULL,
  network     text NOT NULL,
  reason      text NOT NULL DEFAULT 'other' CHECK (reason IN
                ('inaccurate', 'names_person', 'duplicate', 'abusive', 'resolved', 'other')),
  note        text NOT NULL DEFAULT '' CHECK (char_length(note) <= 300),
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- Set when a moderator dismisses or acts on the flag; open flags have it null.
  resolved_at timestamptz,
  UNIQUE (spot_id, visitor)
);
CREATE INDEX flags_open_idx ON flags (spot_id) WHERE resolved_at IS NULL;
CREATE INDEX flags_visitor_idx ON flags (visitor);

-- Site settings that moderators change at run time (require_approval, auto_hide_flag_threshold, ...).
CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO settings (key, value) VALUES
  ('require_approval', 'false'),
  ('auto_hide_flag_threshold', '3');

-- Secrets the app generates once per database (the visitor salt); never served by any endpoint.
CREATE TABLE app_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Markers of one-time jobs (seed data loaded), so they run once per database.
CREATE TABLE app_events (
  name       text PRIMARY KEY,
  done_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username            text NOT NULL CHECK (username ~ '^[a-z0-9_.-]{3,40}$'),
  password_hash       text NOT NULL,
  role                text NOT NULL CHECK (role IN ('moderator', 'admin')),
  created_at          timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_idx ON users (username);

-- Sessions live in the database so they hold across instances and restarts.
-- Only a hash of the session token is stored.
CREATE TABLE sessions (
  token_hash  text PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expiry_idx ON sessions (expires_at);

CREATE TABLE mod_log (
  id       integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at       timestamptz NOT NULL DEFAULT now(),
  actor    text NOT NULL,
  action   text NOT NULL,
  spot_id  integer,
  detail   jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX mod_log_at_idx ON mod_log (at DESC);
