-- What server/src/spots/spots.sql.ts sends, written by npm run db:types. Do not edit.

-- releaseWaitingAlerts
UPDATE spots s
SET
  alerts_wait = false
WHERE
  s.id = $1
  AND s.alerts_wait
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

-- findPublicSpotById
SELECT
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
  s.publication = 'archived' AS archived
FROM
  spots s
WHERE
  s.id = $1
  AND (
    s.publication = 'approved'
    OR s.publication = 'archived'
  );

-- findNewestPublicSpots
SELECT
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
  s.publication = 'archived' AS archived
FROM
  spots s
WHERE
  (
    s.publication = 'approved'
    OR s.publication = 'archived'
  )
  AND s.category = ANY ($1::text[])
  AND s.status = ANY ($2::text[])
  AND s.moderator_verified
  AND s.created_at >= now() - make_interval(days => $3::int)
  AND s.created_at >= $4::timestamptz
  AND s.created_at <= $5::timestamptz
  AND ST_SetSRID (ST_MakePoint (s.lng, s.lat), 4326) && ST_MakeEnvelope (
    $6::float8,
    $7::float8,
    $8::float8,
    $9::float8,
    4326
  )
  AND ST_SetSRID (ST_MakePoint (s.lng, s.lat), 4326) && ST_MakeEnvelope (
    $10::float8,
    $11::float8,
    $12::float8,
    $13::float8,
    4326
  )
  AND ST_DWithin (
    ST_SetSRID (ST_MakePoint (s.lng, s.lat), 4326)::geography,
    ST_SetSRID (ST_MakePoint ($14::float8, $15::float8), 4326)::geography,
    $16::float8
  )
ORDER BY
  s.id DESC
LIMIT
  $17::int;

-- findPublicSpots
SELECT
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
  s.publication = 'archived' AS archived
FROM
  spots s
WHERE
  (
    s.publication = 'approved'
    OR s.publication = 'archived'
  )
  AND s.category = ANY ($1::text[])
  AND s.status = ANY ($2::text[])
  AND s.moderator_verified
  AND s.created_at >= now() - make_interval(days => $3::int)
  AND s.created_at >= $4::timestamptz
  AND s.created_at <= $5::timestamptz
  AND ST_SetSRID (ST_MakePoint (s.lng, s.lat), 4326) && ST_MakeEnvelope (
    $6::float8,
    $7::float8,
    $8::float8,
    $9::float8,
    4326
  )
  AND ST_SetSRID (ST_MakePoint (s.lng, s.lat), 4326) && ST_MakeEnvelope (
    $10::float8,
    $11::float8,
    $12::float8,
    $13::float8,
    4326
  )
  AND ST_DWithin (
    ST_SetSRID (ST_MakePoint (s.lng, s.lat), 4326)::geography,
    ST_SetSRID (ST_MakePoint ($14::float8, $15::float8), 4326)::geography,
    $16::float8
  )
  AND (s.severity, s.id) < ($17::int, $18::int)
ORDER BY
  s.severity DESC,
  s.id DESC
LIMIT
  $19::int;

-- spotTextsAfter
SELECT
  id,
  title,
  description,
  area
FROM
  spots
WHERE
  id > $1
ORDER BY
  id
LIMIT
  $2;

-- setSpotTexts
UPDATE spots
SET
  title = $2,
  description = $3,
  area = $4
WHERE
  id = $1;

-- flagNotesAfter
SELECT
  id,
  note
FROM
  flags
WHERE
  id > $1
  AND note <> ''
ORDER BY
  id
LIMIT
  $2;

-- setFlagNote
UPDATE flags
SET
  note = $2
WHERE
  id = $1;

-- publicSpotsInIdOrder
SELECT
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
  s.publication = 'archived' AS archived
FROM
  spots s
WHERE
  (
    s.publication = 'approved'
    OR s.publication = 'archived'
  )
  AND s.category = ANY ($1::text[])
  AND s.status = ANY ($2::text[])
  AND s.moderator_verified
  AND s.created_at >= now() - make_interval(days => $3::int)
  AND s.created_at >= $4::timestamptz
  AND s.created_at <= $5::timestamptz
  AND ST_SetSRID (ST_MakePoint (s.lng, s.lat), 4326) && ST_MakeEnvelope (
    $6::float8,
    $7::float8,
    $8::float8,
    $9::float8,
    4326
  )
  AND ST_SetSRID (ST_MakePoint (s.lng, s.lat), 4326) && ST_MakeEnvelope (
    $10::float8,
    $11::float8,
    $12::float8,
    $13::float8,
    4326
  )
  AND ST_DWithin (
    ST_SetSRID (ST_MakePoint (s.lng, s.lat), 4326)::geography,
    ST_SetSRID (ST_MakePoint ($14::float8, $15::float8), 4326)::geography,
    $16::float8
  )
  AND s.id > $17::int
ORDER BY
  s.id
LIMIT
  $18::int;

-- countPublicSpots
SELECT
  count(*)::int AS n
FROM
  spots s
WHERE
  (
    s.publication = 'approved'
    OR s.publication = 'archived'
  )
  AND s.category = ANY ($1::text[])
  AND s.status = ANY ($2::text[])
  AND s.moderator_verified
  AND s.created_at >= now() - make_interval(days => $3::int)
  AND s.created_at >= $4::timestamptz
  AND s.created_at <= $5::timestamptz
  AND ST_SetSRID (ST_MakePoint (s.lng, s.lat), 4326) && ST_MakeEnvelope (
    $6::float8,
    $7::float8,
    $8::float8,
    $9::float8,
    4326
  )
  AND ST_SetSRID (ST_MakePoint (s.lng, s.lat), 4326) && ST_MakeEnvelope (
    $10::float8,
    $11::float8,
    $12::float8,
    $13::float8,
    4326
  )
  AND ST_DWithin (
    ST_SetSRID (ST_MakePoint (s.lng, s.lat), 4326)::geography,
    ST_SetSRID (ST_MakePoint ($14::float8, $15::float8), 4326)::geography,
    $16::float8
  );
