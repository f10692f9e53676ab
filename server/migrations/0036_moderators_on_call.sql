-- Moderators reached where they are (docs/moderators.md, "On call"): whether a moderator is on duty,
-- their quiet hours (hours on the region's clocks, across midnight when from > to), and a number for
-- SMS sealed with PHONE_KEY as watchers' numbers are. Their phones' push subscriptions are kept in
-- push_subscriptions, named by moderator_id, and outlive having no watch.
CREATE TABLE moderator_on_call (
  user_id    integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  on_duty    boolean NOT NULL DEFAULT false,
  quiet_from smallint CHECK (quiet_from BETWEEN 0 AND 23),
  quiet_to   smallint CHECK (quiet_to BETWEEN 0 AND 23),
  phone_enc  text CHECK (char_length(phone_enc) <= 200),
  CHECK ((quiet_from IS NULL AND quiet_to IS NULL) OR quiet_from <> quiet_to)
);

ALTER TABLE push_subscriptions ADD COLUMN moderator_id integer REFERENCES users (id) ON DELETE CASCADE;
CREATE INDEX push_subscriptions_moderator_idx ON push_subscriptions (moderator_id) WHERE moderator_id IS NOT NULL;

-- The places a moderator covers: boxes drawn on the console's map. A moderator with none covers all.
CREATE TABLE moderator_areas (
  id      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name    text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  west    float8 NOT NULL,
  south   float8 NOT NULL,
  east    float8 NOT NULL,
  north   float8 NOT NULL,
  CHECK (west < east AND south < north)
);
CREATE INDEX moderator_areas_user_idx ON moderator_areas (user_id);

-- Which alarms were paged, and when: first to the on-duty moderators of the place, then to all.
-- An alarm is 'held:<spot id>' or 'burst:<its start>'.
CREATE TABLE moderator_pages (
  alarm   text NOT NULL CHECK (char_length(alarm) <= 80),
  stage   text NOT NULL CHECK (stage IN ('first', 'all')),
  at      timestamptz NOT NULL,
  sent_to integer NOT NULL,
  PRIMARY KEY (alarm, stage)
);
CREATE INDEX moderator_pages_at_idx ON moderator_pages (at);

-- A page is the outbox's fourth kind: it counts against no watcher's caps or the alert budget.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check,
  ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('reply', 'alert', 'webhook', 'page'));

INSERT INTO settings (key, value) VALUES ('held_alert_minutes', '15'), ('escalate_minutes', '30')
  ON CONFLICT (key) DO NOTHING;

-- The pager reads the held reports still waiting, oldest first, every few seconds.
CREATE INDEX report_events_held_at_idx ON report_events (at) WHERE held_by IS NOT NULL;
