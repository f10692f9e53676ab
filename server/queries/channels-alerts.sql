-- What server/src/channels/alerts.sql.ts sends, written by npm run db:types. Do not edit.

-- watchesNear
WITH
  p AS (
    SELECT
      ST_SetSRID (ST_MakePoint ($2, $1), 4326)::geography AS g
  ),
  -- A place's watches by their point, a trip's by its way: each through its own index.
  near AS (
    SELECT
      w.*,
      ST_Distance (w.geog, p.g) AS d
    FROM
      watches w,
      p
    WHERE
      w.route IS NULL
      AND ST_DWithin (w.geog, p.g, $3)
      AND ST_DWithin (w.geog, p.g, w.radius_m)
    UNION ALL
    SELECT
      w.*,
      ST_Distance (w.route, p.g) AS d
    FROM
      watches w,
      p
    WHERE
      w.route IS NOT NULL
      AND ST_DWithin (w.route, p.g, $3)
      AND ST_DWithin (w.route, p.g, w.radius_m)
  )
SELECT DISTINCT
  ON (w.phone_hash) w.id,
  w.phone_hash,
  w.phone_enc,
  w.push_id,
  w.place,
  w.from_hour,
  w.to_hour,
  coalesce(
    (
      SELECT
        n.lang
      FROM
        channel_numbers n
      WHERE
        n.phone_hash = w.phone_hash
    ),
    (
      SELECT
        s.lang
      FROM
        push_subscriptions s
      WHERE
        s.id = w.push_id
    )
  ) AS lang,
  round(w.d)::float8 AS distance_m,
  (
    SELECT
      count(*)::int
    FROM
      outbox o
    WHERE
      o.phone_hash = w.phone_hash
      AND o.kind = 'alert'
      AND o.created_at > $4::timestamptz - interval '1 day'
  ) AS alerts_today
FROM
  near w
WHERE
  w.confirmed_at IS NOT NULL
ORDER BY
  w.phone_hash,
  distance_m;

-- markWatchesAlerted
UPDATE watches
SET
  last_alert_at = $2
WHERE
  id = ANY ($1::int[]);

-- lockAndCountAlertsInHour
SELECT
  pg_advisory_xact_lock($1);

-- lockAndCountAlertsInHour
SELECT
  count(*)::int AS n
FROM
  outbox
WHERE
  kind = 'alert'
  AND created_at > $1::timestamptz - interval '1 hour';

-- alertsInHour
SELECT
  count(*)::int AS n
FROM
  outbox
WHERE
  kind = 'alert'
  AND created_at > $1::timestamptz - interval '1 hour';
