-- What server/src/trust/standing.sql.ts sends, written by npm run db:types. Do not edit.

-- recordSeen
INSERT INTO
  standing AS s (visitor, first_seen, last_seen)
VALUES
  ($1, $2::date, $2::date)
ON CONFLICT (visitor) DO UPDATE
SET
  last_seen = EXCLUDED.last_seen,
  days_seen = s.days_seen + 1
WHERE
  s.last_seen < EXCLUDED.last_seen;

-- findStanding
SELECT
  to_char(first_seen, 'YYYY-MM-DD') AS first_seen,
  days_seen,
  agreed_at IS NOT NULL AS agreed
FROM
  standing
WHERE
  visitor = $1;

-- agreeWithVotes
UPDATE standing s
SET
  agreed_at = $5
FROM
  votes v
WHERE
  v.spot_id = $1
  AND v.value = $2
  AND v.visitor = s.visitor
  AND s.agreed_at IS NULL
  AND (
    $3::text IS NULL
    OR (
      v.visitor <> $3::text
      AND v.wide_network IS DISTINCT FROM $4
    )
  )
RETURNING
  s.visitor;

-- loseStanding
UPDATE standing
SET
  agreed_at = NULL,
  lost_at = $3,
  first_seen = $2::date,
  last_seen = $2::date,
  days_seen = 1
WHERE
  visitor = ANY ($1::text[]);

-- reporterOf
SELECT
  visitor
FROM
  votes
WHERE
  spot_id = $1
  AND by_reporter;
