-- What server/src/spots/archive.sql.ts sends, written by npm run db:types. Do not edit.

-- archiveAged
UPDATE spots AS s
SET
  publication = 'archived',
  archived_at = $1,
  updated_at = now()
WHERE
  s.id IN (
    SELECT
      s.id
    FROM
      spots s
    WHERE
      s.publication = 'approved'
      AND greatest(
        coalesce(
          s.last_confirmed_at,
          CASE
            WHEN s.seeded THEN s.incident_date::timestamptz
          END,
          s.created_at
        ),
        s.kept_at
      ) < $1::timestamptz - make_interval(
        months => CASE
          WHEN s.severity >= 4 THEN $2::int
          ELSE $3::int
        END
      )
    LIMIT
      $4
  )
  AND s.publication = 'approved'
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
