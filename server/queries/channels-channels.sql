-- What server/src/channels/channels.sql.ts sends, written by npm run db:types. Do not edit.

-- matchingAreas
SELECT
  a.name,
  '' AS detail,
  c.lat,
  c.lng
FROM
  (
    SELECT
      key,
      name
    FROM
      spot_areas
    WHERE
      key LIKE lower($1)
    ORDER BY
      key = lower($2) DESC,
      length(key),
      key
    LIMIT
      50
  ) a
  CROSS JOIN LATERAL (
    SELECT
      avg(lat)::float8 AS lat,
      avg(lng)::float8 AS lng,
      count(*)::int AS n
    FROM
      (
        SELECT
          lat,
          lng
        FROM
          spots
        WHERE
          publication = 'approved'
          AND lower(area) = a.key
        ORDER BY
          id DESC
        LIMIT
          1000
      ) s
  ) c
WHERE
  c.n > 0
ORDER BY
  a.key = lower($2) DESC,
  c.n DESC,
  a.key
LIMIT
  $3;

-- nearestDangers
SELECT
  id,
  title,
  category,
  severity,
  time_of_day,
  round(d)::float8 AS distance_m,
  last_word
FROM
  (
    SELECT
      ST_SetSRID (ST_MakePoint ($2, $1), 4326)::geography AS g
  ) p
  CROSS JOIN LATERAL (
    SELECT
      s.id,
      s.title,
      s.category,
      s.severity,
      s.time_of_day,
      ST_Distance (s.geog, p.g) AS d,
      coalesce(
        s.last_confirmed_at,
        CASE
          WHEN s.seeded THEN s.incident_date::timestamptz
        END,
        s.created_at
      ) AS last_word
    FROM
      spots s
    WHERE
      s.publication = 'approved'
      AND (
        s.status <> 'disputed'
        OR (
          s.moderator_verified
          OR (
            s.seeded
            AND s.source_url IS NOT NULL
          )
          OR coalesce(s.restored_until > now(), false)
        )
      )
    ORDER BY
      s.geog <-> p.g
    LIMIT
      $4
  ) s
WHERE
  d <= $3
ORDER BY
  distance_m,
  id;

-- upsertWatch
INSERT INTO
  watches (
    phone_hash,
    phone_enc,
    push_id,
    place,
    lat,
    lng,
    radius_m,
    from_hour,
    to_hour,
    route,
    confirmed_at
  )
SELECT
  $1,
  $2,
  $11,
  $3,
  $4,
  $5,
  $7,
  $8,
  $9,
  ST_GeomFromGeoJSON ($10)::geography,
  CASE
    WHEN $11::int IS NOT NULL
    OR EXISTS (
      SELECT
        1
      FROM
        watches
      WHERE
        phone_hash = $1
        AND confirmed_at IS NOT NULL
    ) THEN now()
  END
WHERE
  (
    SELECT
      count(*)
    FROM
      watches
    WHERE
      phone_hash = $1
      AND place <> $3
  ) < $6
ON CONFLICT (phone_hash, place) DO UPDATE
SET
  phone_enc = EXCLUDED.phone_enc,
  lat = EXCLUDED.lat,
  lng = EXCLUDED.lng,
  radius_m = EXCLUDED.radius_m,
  from_hour = EXCLUDED.from_hour,
  to_hour = EXCLUDED.to_hour,
  route = EXCLUDED.route,
  created_at = now()
RETURNING
  (xmax = 0) AS inserted,
  confirmed_at IS NOT NULL AS confirmed,
  id;

-- confirmWatchesOf
update "watches"
set
  "confirmed_at" = now()
where
  "phone_hash" = $1
  and "confirmed_at" is null
returning
  "place",
  "from_hour",
  "to_hour";

-- forgetNumber
delete from "watches"
where
  "phone_hash" = $1
returning
  "id";

-- forgetNumber
delete from "channel_numbers"
where
  "phone_hash" = $1
returning
  "phone_hash";

-- forgetNumber
delete from "outbox"
where
  "phone_hash" = $1
  and "state" in ($2, $3);

-- purgeChannelData
DELETE FROM channel_receipts
WHERE
  created_at < now() - interval '2 days';

-- purgeChannelData
DELETE FROM outbox
WHERE
  state IN ('sent', 'failed')
  AND created_at < now() - interval '2 days';

-- purgeChannelData
DELETE FROM watches
WHERE
  coalesce(last_alert_at, created_at) < now() - make_interval(days => $1);

-- purgeChannelData
DELETE FROM watches
WHERE
  confirmed_at IS NULL
  AND created_at < now() - interval '1 day';

-- purgeChannelData
delete from "push_subscriptions" as "s"
where
  s.created_at < now() - make_interval(days => $1)
  and "s"."moderator_id" is null
  and not exists (
    select
      "w"."id"
    from
      "watches" as "w"
    where
      "w"."push_id" = "s"."id"
  );

-- purgeChannelData
DELETE FROM channel_numbers
WHERE
  updated_at < now() - interval '180 days';
