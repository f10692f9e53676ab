-- What server/src/moderation/bursts.sql.ts sends, written by npm run db:types. Do not edit.

-- findBursts
WITH
  acts AS (
    SELECT
      v.spot_id,
      v.network,
      v.updated_at AS at,
      1 AS denials,
      0 AS flags
    FROM
      votes v
    WHERE
      v.value = -1
      AND v.network IS NOT NULL
      AND v.updated_at > now() - interval '7 days'
    UNION ALL
    SELECT
      f.spot_id,
      f.network,
      f.created_at,
      0,
      1
    FROM
      flags f
    WHERE
      f.resolved_at IS NULL
      AND f.created_at > now() - interval '7 days'
  ),
  act_buckets AS (
    SELECT
      signal_bucket (at) AS bucket,
      sum(denials)::int AS denials,
      sum(flags)::int AS flags,
      count(DISTINCT network)::int AS networks,
      count(DISTINCT spot_id)::int AS spots,
      max(at) AS last_at
    FROM
      acts
    GROUP BY
      1
  ),
  events AS (
    SELECT
      kind,
      at,
      count(*) OVER (
        PARTITION BY
          kind
        ORDER BY
          at RANGE BETWEEN interval '1 hour' PRECEDING
          AND CURRENT ROW
      ) AS in_hour
    FROM
      signal_events
    WHERE
      at > now() - interval '7 days' - interval '1 hour'
  ),
  event_buckets AS (
    SELECT
      signal_bucket (at) AS bucket,
      count(*) FILTER (
        WHERE
          kind = 'hidden'
      )::int AS hidden,
      count(*) FILTER (
        WHERE
          kind = 'held'
      )::int AS held,
      count(*) FILTER (
        WHERE
          kind = 'disputed'
      )::int AS disputed,
      bool_or(
        (
          kind = 'hidden'
          AND in_hour >= $1
        )
        OR (
          kind = 'disputed'
          AND in_hour >= $2
        )
      ) AS budget_spent,
      max(at) AS last_at
    FROM
      events
    WHERE
      at > now() - interval '7 days'
    GROUP BY
      1
  ),
  refusal_buckets AS (
    SELECT
      bucket,
      sum(attempts)::int AS refused,
      max(last_at) AS last_at
    FROM
      signal_refusals
    WHERE
      bucket > now() - interval '7 days'
    GROUP BY
      1
  ),
  buckets AS (
    SELECT
      bucket,
      coalesce(a.denials, 0) AS denials,
      coalesce(a.flags, 0) AS flags,
      coalesce(r.refused, 0) AS refused,
      coalesce(e.hidden, 0) AS hidden,
      coalesce(e.held, 0) AS held,
      coalesce(e.disputed, 0) AS disputed,
      coalesce(a.networks, 0) AS networks,
      coalesce(a.spots, 0) AS spots,
      coalesce(e.budget_spent, false) AS budget_spent,
      greatest(a.last_at, e.last_at, r.last_at) AS last_at
    FROM
      act_buckets a
      FULL JOIN event_buckets e USING (bucket)
      FULL JOIN refusal_buckets r USING (bucket)
  ),
  hot AS (
    SELECT
      b.*
    FROM
      buckets b
    WHERE
      (
        (
          b.denials + b.flags >= 10
          AND b.networks >= 2
        )
        OR b.refused > 0
        OR b.held > 0
        OR b.budget_spent
      )
      AND NOT EXISTS (
        SELECT
          1
        FROM
          signal_reviews w
        WHERE
          w.from_at <= b.bucket
          AND w.to_at >= signal_bucket_end (b.bucket)
          AND w.at >= b.last_at
      )
  ),
  islands AS (
    -- Neighbouring buckets: each bucket's end is the next one's start.
    SELECT
      *,
      bucket - (signal_bucket_end (bucket) - bucket) * row_number() OVER (
        ORDER BY
          bucket
      ) AS island
    FROM
      hot
  )
SELECT
  min(bucket) AS from_at,
  signal_bucket_end (max(bucket)) AS to_at,
  sum(denials)::int AS denials,
  sum(flags)::int AS flags,
  sum(refused)::int AS refused,
  sum(hidden)::int AS hidden,
  sum(held)::int AS held,
  sum(disputed)::int AS disputed,
  max(networks)::int AS networks,
  max(spots)::int AS spots,
  bool_or(budget_spent) AS budget_spent
FROM
  islands
GROUP BY
  island
ORDER BY
  min(bucket) DESC
LIMIT
  10;

-- burstNetworks
WITH
  acts AS (
    SELECT
      v.spot_id,
      v.network,
      v.updated_at AS at,
      1 AS denials,
      0 AS flags
    FROM
      votes v
    WHERE
      v.value = -1
      AND v.network IS NOT NULL
      AND v.updated_at BETWEEN $1 AND $2
    UNION ALL
    SELECT
      f.spot_id,
      f.network,
      f.created_at,
      0,
      1
    FROM
      flags f
    WHERE
      f.resolved_at IS NULL
      AND f.created_at BETWEEN $1 AND $2
  ),
  by_acts AS (
    SELECT
      network,
      sum(denials)::int AS denials,
      sum(flags)::int AS flags,
      min(at) AS first_at
    FROM
      acts
    GROUP BY
      network
  ),
  by_refusals AS (
    SELECT
      n AS network,
      count(DISTINCT r.spot_id)::int AS refused_spots
    FROM
      signal_refusals r
      CROSS JOIN LATERAL unnest(r.networks) AS n
    WHERE
      r.bucket >= signal_bucket ($1)
      AND r.bucket < $2
    GROUP BY
      n
  )
SELECT
  network,
  coalesce(a.denials, 0) AS denials,
  coalesce(a.flags, 0) AS flags,
  coalesce(r.refused_spots, 0) AS refused_spots,
  a.first_at
FROM
  by_acts a
  FULL JOIN by_refusals r USING (network)
ORDER BY
  coalesce(a.denials, 0) + coalesce(a.flags, 0) DESC,
  a.first_at NULLS LAST,
  network
LIMIT
  $3;

-- burstSpots
WITH
  acts AS (
    SELECT
      v.spot_id,
      v.network,
      v.updated_at AS at,
      1 AS denials,
      0 AS flags
    FROM
      votes v
    WHERE
      v.value = -1
      AND v.network IS NOT NULL
      AND v.updated_at BETWEEN $1 AND $2
    UNION ALL
    SELECT
      f.spot_id,
      f.network,
      f.created_at,
      0,
      1
    FROM
      flags f
    WHERE
      f.resolved_at IS NULL
      AND f.created_at BETWEEN $1 AND $2
  ),
  per_spot AS (
    SELECT
      spot_id,
      sum(denials)::int AS denials,
      sum(flags)::int AS flags,
      0 AS refused
    FROM
      acts
    GROUP BY
      spot_id
    UNION ALL
    SELECT
      spot_id,
      0,
      0,
      sum(attempts)::int
    FROM
      signal_refusals
    WHERE
      bucket >= signal_bucket ($1)
      AND bucket < $2
    GROUP BY
      spot_id
  ),
  totals AS (
    SELECT
      spot_id,
      sum(denials)::int AS denials,
      sum(flags)::int AS flags,
      sum(refused)::int AS refused
    FROM
      per_spot
    GROUP BY
      spot_id
  )
SELECT
  s.id,
  s.title,
  s.status,
  s.publication,
  s.auto_hidden_at IS NOT NULL AS auto_hidden,
  s.review_reason,
  t.denials,
  t.flags,
  t.refused
FROM
  totals t
  JOIN spots s ON s.id = t.spot_id
ORDER BY
  t.denials + t.flags + t.refused DESC,
  s.id
LIMIT
  $3;

-- burstPlaces
WITH
  acts AS (
    SELECT
      v.spot_id,
      v.network,
      v.updated_at AS at,
      1 AS denials,
      0 AS flags
    FROM
      votes v
    WHERE
      v.value = -1
      AND v.network IS NOT NULL
      AND v.updated_at BETWEEN $1 AND $2
    UNION ALL
    SELECT
      f.spot_id,
      f.network,
      f.created_at,
      0,
      1
    FROM
      flags f
    WHERE
      f.resolved_at IS NULL
      AND f.created_at BETWEEN $1 AND $2
  ),
  touched AS (
    SELECT
      spot_id,
      count(*) AS n
    FROM
      acts
    GROUP BY
      spot_id
    UNION ALL
    SELECT
      spot_id,
      sum(attempts)
    FROM
      signal_refusals
    WHERE
      bucket >= signal_bucket ($1)
      AND bucket < $2
    GROUP BY
      spot_id
    UNION ALL
    SELECT
      spot_id,
      count(*)
    FROM
      signal_events
    WHERE
      at BETWEEN $1 AND $2
      AND spot_id IS NOT NULL
    GROUP BY
      spot_id
  )
SELECT
  s.lat,
  s.lng,
  coalesce(s.area, '') AS area
FROM
  touched t
  JOIN spots s ON s.id = t.spot_id
GROUP BY
  s.id
ORDER BY
  sum(t.n) DESC,
  s.id
LIMIT
  $3;

-- lockBurstSpots
SELECT
  id
FROM
  spots
WHERE
  id IN (
    SELECT
      spot_id
    FROM
      votes
    WHERE
      value = -1
      AND updated_at BETWEEN $1 AND $2
      AND (
        $4::text[] IS NULL
        OR network = ANY ($4::text[])
      )
    UNION
    SELECT
      spot_id
    FROM
      flags
    WHERE
      resolved_at IS NULL
      AND created_at BETWEEN $1 AND $2
      AND (
        $4::text[] IS NULL
        OR network = ANY ($4::text[])
      )
    UNION
    SELECT
      spot_id
    FROM
      signal_events
    WHERE
      kind = 'held'
      AND at BETWEEN $1 AND $2
      AND $3
  )
ORDER BY
  id
FOR UPDATE;

-- voidDenials
WITH
  gone AS (
    DELETE FROM votes
    WHERE
      value = -1
      AND updated_at BETWEEN $1 AND $2
      AND (
        $3::text[] IS NULL
        OR network = ANY ($3::text[])
      )
    RETURNING
      spot_id
  ),
  per AS (
    SELECT
      spot_id,
      count(*)::int AS down
    FROM
      gone
    GROUP BY
      spot_id
  ),
  moved AS (
    UPDATE spots s
    SET
      denials = s.denials - per.down,
      updated_at = now()
    FROM
      per
    WHERE
      s.id = per.spot_id
  )
SELECT
  spot_id,
  down
FROM
  per
ORDER BY
  spot_id;

-- burstVisitors
SELECT
  visitor
FROM
  votes
WHERE
  value = -1
  AND updated_at BETWEEN $1 AND $2
  AND (
    $3::text[] IS NULL
    OR network = ANY ($3::text[])
  )
UNION
SELECT
  visitor
FROM
  flags
WHERE
  resolved_at IS NULL
  AND created_at BETWEEN $1 AND $2
  AND (
    $3::text[] IS NULL
    OR network = ANY ($3::text[])
  );

-- dismissFlagsIn
WITH
  done AS (
    UPDATE flags
    SET
      resolved_at = now(),
      resolution = 'dismissed'
    WHERE
      resolved_at IS NULL
      AND created_at BETWEEN $1 AND $2
      AND (
        $3::text[] IS NULL
        OR network = ANY ($3::text[])
      )
    RETURNING
      spot_id
  )
SELECT
  spot_id,
  count(*)::int AS flags
FROM
  done
GROUP BY
  spot_id
ORDER BY
  spot_id;

-- recordReview
INSERT INTO
  signal_reviews (from_at, to_at, actor, action)
VALUES
  ($1, $2, $3, $4);
