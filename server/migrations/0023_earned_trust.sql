-- Earned trust (docs/api.md, "Earned trust"): standing for device credentials and channel numbers,
-- budgets on newcomers' reports, and alerts that wait for a second voice.

-- A device credential's or a channel number's standing, under its visitor key (a salted hash: never
-- the credential or the number). Days are the region's calendar days. `agreed_at`: when others first
-- agreed with one of its reports or votes since it last lost standing; `lost_at`: when a moderator
-- last rejected or removed its report, or reverted a burst it took part in.
CREATE TABLE standing (
  visitor    text PRIMARY KEY,
  first_seen date NOT NULL,
  last_seen  date NOT NULL,
  days_seen  integer NOT NULL DEFAULT 1 CHECK (days_seen >= 1),
  agreed_at  timestamptz,
  lost_at    timestamptz
);

-- Every report of the last 7 days and how it was published: the newcomer budgets count the last hour
-- of them, the site-wide one follows the median hour of the week, and the moderators' alarm lists the
-- held ones. `held_by`: the budget that held a newcomer's report (site, network or place); null when
-- it was published at once. `newcomer`: the reporter had no standing. The place is the report's;
-- the network a salted hash (the IPv4 /24, the IPv6 /48, or a phone's operator).
CREATE TABLE report_events (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  spot_id      integer REFERENCES spots (id) ON DELETE CASCADE,
  at           timestamptz NOT NULL,
  newcomer     boolean NOT NULL,
  held_by      text CHECK (held_by IN ('site', 'network', 'place')),
  wide_network text NOT NULL,
  geog         geography(Point, 4326) NOT NULL
);
CREATE INDEX report_events_at_idx ON report_events (at);
CREATE INDEX report_events_geog_gix ON report_events USING gist (geog);

-- A newcomer's spot is public but its SMS and push alerts wait for a second voice: a confirmation by a
-- device with standing from another wide network, or a moderator's approval or verification.
ALTER TABLE spots ADD COLUMN alerts_wait boolean NOT NULL DEFAULT false;

-- Alerts queued in the last hour, site-wide: the alert budget counts them.
CREATE INDEX outbox_alerts_idx ON outbox (created_at) WHERE kind = 'alert';
