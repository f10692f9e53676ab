-- The reporter's own "still dangerous", cast with the report. A moderator voiding a network's votes
-- (a crowd posing on a spot) keeps it: the report itself is the moderators' to judge, not a vote.
ALTER TABLE votes ADD COLUMN by_reporter boolean NOT NULL DEFAULT false;
-- A vote cast with its report shares the report's transaction, and so its time.
UPDATE votes v SET by_reporter = true
FROM spots s
WHERE v.spot_id = s.id AND v.created_at = s.created_at AND NOT s.seeded;
