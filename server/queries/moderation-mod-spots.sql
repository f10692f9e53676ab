-- What server/src/moderation/mod-spots.sql.ts sends, written by npm run db:types. Do not edit.

-- findModSpots
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
  s.publication = 'archived' AS archived,
  s.publication,
  s.auto_hidden_at IS NOT NULL AS auto_hidden,
  s.review_reason,
  (
    s.moderator_verified
    OR (
      s.seeded
      AND s.source_url IS NOT NULL
    )
    OR coalesce(s.restored_until > now(), false)
  ) AS protected,
  CASE
    WHEN s.restored_until > now() THEN s.restored_until
  END AS restored_until,
  EXISTS (
    SELECT
      1
    FROM
      (
        SELECT
          count(*) OVER (
            PARTITION BY
              v.network
            ORDER BY
              v.updated_at RANGE BETWEEN interval '10 minutes' PRECEDING
              AND CURRENT ROW
          ) AS n
        FROM
          votes v
        WHERE
          v.spot_id = s.id
          AND v.network IS NOT NULL
          AND v.updated_at > now() - interval '7 days'
        UNION ALL
        SELECT
          count(*) OVER (
            PARTITION BY
              f.network
            ORDER BY
              f.created_at RANGE BETWEEN interval '10 minutes' PRECEDING
              AND CURRENT ROW
          )
        FROM
          flags f
        WHERE
          f.spot_id = s.id
          AND f.created_at > now() - interval '7 days'
      ) b
    WHERE
      b.n >= 5
  ) AS burst,
  (
    SELECT
      count(*)::int
    FROM
      flags f
    WHERE
      f.spot_id = s.id
      AND f.resolved_at IS NULL
  ) AS flag_count,
  (
    SELECT
      coalesce(
        json_agg(
          json_build_object(
            'reason',
            f.reason,
            'note',
            f.note,
            'created_at',
            f.created_at,
            'duplicate_of',
            CASE
              WHEN d.id IS NOT NULL THEN json_build_object(
                'id',
                d.id,
                'title',
                d.title,
                'lat',
                d.lat,
                'lng',
                d.lng
              )
            END
          )
          ORDER BY
            f.created_at DESC
        ),
        '[]'::json
      )
    FROM
      flags f
      LEFT JOIN spots d ON d.id = f.duplicate_of
    WHERE
      f.spot_id = s.id
      AND f.resolved_at IS NULL
  ) AS flags
FROM
  spots s
WHERE
  s.publication <> 'rejected'
  AND EXISTS (
    SELECT
      1
    FROM
      flags f
    WHERE
      f.spot_id = s.id
      AND f.resolved_at IS NULL
  )
  AND (
    $2::text IS NULL
    OR NOT EXISTS (
      SELECT
        1
      FROM
        moderator_areas a
        JOIN users u ON u.id = a.user_id
      WHERE
        u.username = $2
    )
    OR EXISTS (
      SELECT
        1
      FROM
        moderator_areas a
        JOIN users u ON u.id = a.user_id
      WHERE
        u.username = $2
        AND s.lat BETWEEN a.south AND a.north
        AND s.lng BETWEEN a.west AND a.east
    )
  )
ORDER BY
  s.id DESC
LIMIT
  $1;

-- countQueues
SELECT
  (
    SELECT
      count(*)::int
    FROM
      (
        SELECT
          1
        FROM
          spots s
        WHERE
          s.publication = 'pending'
        LIMIT
          $1
      ) capped
  ) AS pending,
  (
    SELECT
      count(*)::int
    FROM
      (
        SELECT
          1
        FROM
          spots s
        WHERE
          s.publication <> 'rejected'
          AND EXISTS (
            SELECT
              1
            FROM
              flags f
            WHERE
              f.spot_id = s.id
              AND f.resolved_at IS NULL
          )
        LIMIT
          $1
      ) capped
  ) AS flagged,
  (
    SELECT
      count(*)::int
    FROM
      (
        SELECT
          1
        FROM
          spots s
        WHERE
          s.publication = 'rejected'
        LIMIT
          $1
      ) capped
  ) AS rejected,
  (
    SELECT
      count(*)::int
    FROM
      (
        SELECT
          1
        FROM
          spots s
        WHERE
          s.publication = 'approved'
        LIMIT
          $1
      ) capped
  ) AS approved,
  (
    SELECT
      count(*)::int
    FROM
      (
        SELECT
          1
        FROM
          spots s
        WHERE
          s.publication = 'archived'
        LIMIT
          $1
      ) capped
  ) AS archived,
  (
    SELECT
      count(*)::int
    FROM
      (
        SELECT
          1
        FROM
          spots s
        WHERE
          s.review_reason IS NOT NULL
        LIMIT
          $1
      ) capped
  ) AS review,
  (
    SELECT
      count(*)::int
    FROM
      (
        SELECT
          1
        FROM
          spots s
        WHERE
          s.publication <> 'rejected'
          AND s.id IN (
            SELECT
              b.spot_id
            FROM
              (
                SELECT
                  v.spot_id,
                  count(*) OVER (
                    PARTITION BY
                      v.spot_id,
                      v.network
                    ORDER BY
                      v.updated_at RANGE BETWEEN interval '10 minutes' PRECEDING
                      AND CURRENT ROW
                  ) AS n
                FROM
                  votes v
                WHERE
                  v.network IS NOT NULL
                  AND v.updated_at > now() - interval '7 days'
                UNION ALL
                SELECT
                  f.spot_id,
                  count(*) OVER (
                    PARTITION BY
                      f.spot_id,
                      f.network
                    ORDER BY
                      f.created_at RANGE BETWEEN interval '10 minutes' PRECEDING
                      AND CURRENT ROW
                  )
                FROM
                  flags f
                WHERE
                  f.created_at > now() - interval '7 days'
              ) b
            WHERE
              b.n >= 5
          )
        LIMIT
          $1
      ) capped
  ) AS bursts,
  (
    SELECT
      count(*)::int
    FROM
      (
        SELECT
          1
        FROM
          spots s
        WHERE
          true
        LIMIT
          $1
      ) capped
  ) AS all;

-- findModSpot
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
  s.publication = 'archived' AS archived,
  s.publication,
  s.auto_hidden_at IS NOT NULL AS auto_hidden,
  s.review_reason,
  (
    s.moderator_verified
    OR (
      s.seeded
      AND s.source_url IS NOT NULL
    )
    OR coalesce(s.restored_until > now(), false)
  ) AS protected,
  CASE
    WHEN s.restored_until > now() THEN s.restored_until
  END AS restored_until,
  EXISTS (
    SELECT
      1
    FROM
      (
        SELECT
          count(*) OVER (
            PARTITION BY
              v.network
            ORDER BY
              v.updated_at RANGE BETWEEN interval '10 minutes' PRECEDING
              AND CURRENT ROW
          ) AS n
        FROM
          votes v
        WHERE
          v.spot_id = s.id
          AND v.network IS NOT NULL
          AND v.updated_at > now() - interval '7 days'
        UNION ALL
        SELECT
          count(*) OVER (
            PARTITION BY
              f.network
            ORDER BY
              f.created_at RANGE BETWEEN interval '10 minutes' PRECEDING
              AND CURRENT ROW
          )
        FROM
          flags f
        WHERE
          f.spot_id = s.id
          AND f.created_at > now() - interval '7 days'
      ) b
    WHERE
      b.n >= 5
  ) AS burst,
  (
    SELECT
      count(*)::int
    FROM
      flags f
    WHERE
      f.spot_id = s.id
      AND f.resolved_at IS NULL
  ) AS flag_count,
  (
    SELECT
      coalesce(
        json_agg(
          json_build_object(
            'reason',
            f.reason,
            'note',
            f.note,
            'created_at',
            f.created_at,
            'duplicate_of',
            CASE
              WHEN d.id IS NOT NULL THEN json_build_object(
                'id',
                d.id,
                'title',
                d.title,
                'lat',
                d.lat,
                'lng',
                d.lng
              )
            END
          )
          ORDER BY
            f.created_at DESC
        ),
        '[]'::json
      )
    FROM
      flags f
      LEFT JOIN spots d ON d.id = f.duplicate_of
    WHERE
      f.spot_id = s.id
      AND f.resolved_at IS NULL
  ) AS flags
FROM
  spots s
WHERE
  s.id = $1;

-- lockSpot
select
  "publication",
  "auto_hidden_at" is not null as "auto_hidden",
  "status"
from
  "spots"
where
  "id" = $1
for update;

-- setPublication
update "spots"
set
  "publication" = $1,
  "auto_hidden_at" = $2,
  "updated_at" = now()
where
  "id" = $3;

-- restoreSpot
UPDATE spots
SET
  restored_until = now() + make_interval(days => 30)
WHERE
  id = $1;

-- showHiddenAgain
update "spots"
set
  "publication" = $1,
  "auto_hidden_at" = $2,
  "updated_at" = now()
where
  "id" = any ($3::int[])
  and "publication" = $4
  and "auto_hidden_at" is not null
returning
  "id";

-- restoreClearedDisputes
UPDATE spots
SET
  restored_until = now() + make_interval(days => 30)
WHERE
  id = ANY ($1::int[])
  AND status <> 'disputed'
RETURNING
  id;

-- clearReview
update "spots"
set
  "review_reason" = $1,
  "review_since" = $2
where
  "id" = $3;

-- setVerified
update "spots"
set
  "moderator_verified" = $1,
  "kept_at" = $2,
  "updated_at" = now()
where
  "id" = $3;

-- setArchived
update "spots"
set
  "publication" = $1,
  "archived_at" = $2,
  "updated_at" = now()
where
  "id" = $3
  and "publication" = $4
returning
  "id";

-- resolveOpenFlags
update "flags"
set
  "resolved_at" = now(),
  "resolution" = $1
where
  "spot_id" = $2
  and "resolved_at" is null
  and "network" = $3
returning
  "id";

-- updateSpotFields
update "spots"
set
  "title" = $1,
  "severity" = $2,
  "updated_at" = now()
where
  "id" = $3;

-- deleteSpot
delete from "spots"
where
  "id" = $1
returning
  "id";
