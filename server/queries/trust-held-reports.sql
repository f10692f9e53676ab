-- What server/src/trust/held-reports.sql.ts sends, written by npm run db:types. Do not edit.

-- heldSummary
SELECT
  count(*)::int AS reports,
  min(e.at) AS from_at,
  max(e.at) AS to_at,
  count(*) FILTER (
    WHERE
      e.held_by = 'site'
  )::int AS site,
  count(*) FILTER (
    WHERE
      e.held_by = 'network'
  )::int AS network,
  count(*) FILTER (
    WHERE
      e.held_by = 'place'
  )::int AS place
FROM
  report_events e
  JOIN spots s ON s.id = e.spot_id
WHERE
  e.held_by IS NOT NULL
  AND s.publication = 'pending';

-- heldNetworks
SELECT
  e.wide_network AS network,
  count(*)::int AS reports
FROM
  report_events e
  JOIN spots s ON s.id = e.spot_id
WHERE
  e.held_by IS NOT NULL
  AND s.publication = 'pending'
GROUP BY
  e.wide_network
ORDER BY
  reports DESC,
  network
LIMIT
  20;

-- heldPlaces
SELECT
  round(avg(s.lat)::numeric, 4)::float8 AS lat,
  round(avg(s.lng)::numeric, 4)::float8 AS lng,
  coalesce(max(nullif(s.area, '')), '') AS area,
  count(*)::int AS reports
FROM
  report_events e
  JOIN spots s ON s.id = e.spot_id
WHERE
  e.held_by IS NOT NULL
  AND s.publication = 'pending'
GROUP BY
  round(s.lat::numeric, 2),
  round(s.lng::numeric, 2)
ORDER BY
  reports DESC,
  lat,
  lng
LIMIT
  20;

-- lockHeldIn
SELECT
  s.id
FROM
  spots s
WHERE
  s.publication = 'pending'
  AND s.id IN (
    SELECT
      e.spot_id
    FROM
      report_events e
    WHERE
      e.held_by IS NOT NULL
      AND e.at >= $1
      AND e.at <= $2
  )
ORDER BY
  s.id
FOR UPDATE;

-- newcomerPublishedInHour
SELECT
  count(*)::int AS n
FROM
  report_events
WHERE
  newcomer
  AND held_by IS NULL
  AND at > $1::timestamptz - interval '1 hour'
  AND at <= $1;
