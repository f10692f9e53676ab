-- What server/src/community/community.sql.ts sends, written by npm run db:types. Do not edit.

-- releaseAlertsOnConfirmation
UPDATE spots s
SET
  alerts_wait = false
WHERE
  s.id = $1
  AND s.alerts_wait
  AND NOT EXISTS (
    SELECT
      1
    FROM
      votes v
    WHERE
      v.spot_id = s.id
      AND v.by_reporter
      AND v.wide_network = $2
  )
RETURNING
  s.id,
  s.title,
  s.description,
  s.lat,
  s.lng,
  s.area,
  s.category,
  s.severity,
  s.time_of_day,
  s.incident_date::text AS incident_date,
  s.source_url,
  s.created_at,
  s.last_confirmed_at,
  s.confirmations,
  s.denials,
  s.status,
  s.moderator_verified,
  s.seeded,
  s.confidence,
  s.publication = 'archived' AS archived;

-- flagsReachAutoHide
SELECT
  (
    $2::int > 0
    AND (
      SELECT
        count(DISTINCT f.wide_network)
      FROM
        flags f
      WHERE
        f.spot_id = $1
        AND f.resolved_at IS NULL
        AND NOT EXISTS (
          SELECT
            1
          FROM
            flags d
          WHERE
            d.spot_id = f.spot_id
            AND d.wide_network = f.wide_network
            AND d.resolution = 'dismissed'
            AND d.resolved_at > now() - make_interval(days => 30)
        )
    ) >= $2::int
  ) AS reach;

-- votesOfVisitor
SELECT
  v.spot_id,
  v.value
FROM
  votes v
  JOIN spots s ON s.id = v.spot_id
  AND s.publication = 'approved'
WHERE
  v.visitor = $1
ORDER BY
  v.spot_id;

-- flaggedSpotsOfVisitor
SELECT
  f.spot_id
FROM
  flags f
  JOIN spots s ON s.id = f.spot_id
  AND s.publication = 'approved'
WHERE
  f.visitor = $1
ORDER BY
  f.spot_id;

-- votesByDay
SELECT
  to_char((updated_at AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS day,
  count(*) FILTER (
    WHERE
      value = 1
  )::int AS confirmations,
  count(*) FILTER (
    WHERE
      value = -1
  )::int AS denials
FROM
  votes
WHERE
  spot_id = $1
GROUP BY
  1
ORDER BY
  1 DESC
LIMIT
  $3;
