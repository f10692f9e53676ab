-- One person, one voice. Votes and flags keep where they came from, as salted hashes only: the
-- network (IPv4 address or IPv6 /56), a short hash of the user agent, and whether a device
-- credential named the visitor. Moderators see them grouped by network and can void a network's
-- votes or flags; nothing here can be turned back into an address.
ALTER TABLE votes
  ADD COLUMN network text,
  ADD COLUMN agent   text,
  ADD COLUMN device  boolean NOT NULL DEFAULT false;
CREATE INDEX votes_network_idx ON votes (network, updated_at);
CREATE INDEX votes_updated_idx ON votes (updated_at);

-- How a flag was closed: `actioned` (the spot was approved or rejected), `dismissed` (the flags were
-- wrong: their networks do not count towards hiding the spot again for 30 days), `voided` (a
-- moderator voided one network's flags).
ALTER TABLE flags
  ADD COLUMN agent      text,
  ADD COLUMN device     boolean NOT NULL DEFAULT false,
  ADD COLUMN resolution text CHECK (resolution IN ('actioned', 'dismissed', 'voided'));
UPDATE flags SET resolution = 'actioned' WHERE resolved_at IS NOT NULL;
CREATE INDEX flags_network_idx ON flags (network, created_at);

-- Community votes never take a moderator-verified spot, or a seeded spot with its source, out of
-- route dangers, statistics or the map. Disputed spots are otherwise left out.
ALTER TABLE spots ADD COLUMN counts_as_danger boolean GENERATED ALWAYS AS (
  denials - confirmations <= 2 OR moderator_verified OR (seeded AND source_url IS NOT NULL)) STORED;

-- Why a spot waits in the moderators' review queue (a protected spot the community disputed);
-- cleared by the next moderator decision on it.
ALTER TABLE spots
  ADD COLUMN review_reason text CHECK (review_reason IN ('disputed')),
  ADD COLUMN review_since  timestamptz;
CREATE INDEX spots_review_idx ON spots (review_since) WHERE review_reason IS NOT NULL;
