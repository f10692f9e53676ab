-- What server/src/stats/stats.sql.ts sends, written by npm run db:types. Do not edit.

-- totals
SELECT
  count(*)::int AS total,
  count(*) FILTER (
    WHERE
      status = 'confirmed'
      OR moderator_verified
  )::int AS confirmed,
  count(*) FILTER (
    WHERE
      status <> 'confirmed'
      AND NOT moderator_verified
  )::int AS unverified,
  count(*) FILTER (
    WHERE
      NOT seeded
      AND created_at >= now() - interval '7 days'
  )::int AS this_week,
  count(*) FILTER (
    WHERE
      confidence >= $1
  )::int AS likely,
  count(*) FILTER (
    WHERE
      confidence >= $2
      AND confidence < $1
  )::int AS possible,
  count(*) FILTER (
    WHERE
      confidence < $2
  )::int AS unconfirmed
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
  );

-- countsByCategory
SELECT
  category,
  count(*)::int AS count
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
GROUP BY
  category
ORDER BY
  count DESC,
  category;

-- topAreas
SELECT
  area,
  count(*)::int AS count,
  max(severity)::int AS max_severity
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
  AND area <> ''
GROUP BY
  area
ORDER BY
  count DESC,
  max_severity DESC,
  area
LIMIT
  $1;
