-- What server/src/moderation/networks.sql.ts sends, written by npm run db:types. Do not edit.

-- networkActivity
WITH
  acts AS (
    SELECT
      network,
      'vote' AS kind,
      value,
      agent,
      device,
      updated_at AS at,
      false AS open,
      by_reporter
    FROM
      votes
    WHERE
      spot_id = $1
      AND network IS NOT NULL
    UNION ALL
    SELECT
      network,
      'flag',
      0,
      agent,
      device,
      created_at,
      resolved_at IS NULL,
      false
    FROM
      flags
    WHERE
      spot_id = $1
  ),
  peaks AS (
    SELECT
      network,
      max(n) AS peak
    FROM
      (
        SELECT
          network,
          count(*) OVER (
            PARTITION BY
              network,
              kind
            ORDER BY
              at RANGE BETWEEN interval '10 minutes' PRECEDING
              AND CURRENT ROW
          ) AS n
        FROM
          acts
      ) w
    GROUP BY
      network
  ),
  by_agent AS (
    SELECT
      network,
      max(n) AS top_agent
    FROM
      (
        SELECT
          network,
          count(*) AS n
        FROM
          acts
        GROUP BY
          network,
          agent
      ) a
    GROUP BY
      network
  )
SELECT
  a.network,
  count(*) FILTER (
    WHERE
      kind = 'vote'
      AND value = 1
  )::int AS up,
  count(*) FILTER (
    WHERE
      kind = 'vote'
      AND value = -1
  )::int AS down,
  count(*) FILTER (
    WHERE
      kind = 'flag'
  )::int AS flags,
  count(*) FILTER (
    WHERE
      kind = 'flag'
      AND open
  )::int AS open_flags,
  count(*) FILTER (
    WHERE
      kind = 'vote'
      AND NOT by_reporter
  )::int AS voidable,
  count(*)::int AS total,
  count(DISTINCT agent)::int AS agents,
  max(g.top_agent)::int AS top_agent,
  count(*) FILTER (
    WHERE
      device
  )::int AS with_device,
  min(at) AS first_at,
  max(at) AS last_at,
  max(p.peak) >= 5 AS burst
FROM
  acts a
  JOIN peaks p USING (network)
  JOIN by_agent g USING (network)
GROUP BY
  a.network
ORDER BY
  min(at),
  a.network;

-- deleteNetworkVotesOnSpot
WITH
  gone AS (
    DELETE FROM votes
    WHERE
      spot_id = $1
      AND network = $2
      AND NOT by_reporter
    RETURNING
      value
  ),
  counted AS (
    SELECT
      count(*) FILTER (
        WHERE
          value = 1
      )::int AS up,
      count(*) FILTER (
        WHERE
          value = -1
      )::int AS down
    FROM
      gone
  ),
  moved AS (
    UPDATE spots s
    SET
      confirmations = s.confirmations - c.up,
      denials = s.denials - c.down,
      updated_at = now()
    FROM
      counted c
    WHERE
      s.id = $1
      AND c.up + c.down > 0
  )
SELECT
  up,
  down
FROM
  counted;

-- lockSpotsVotedBy
SELECT
  id,
  status
FROM
  spots
WHERE
  id IN (
    SELECT DISTINCT
      spot_id
    FROM
      votes
    WHERE
      network = $1
      AND updated_at BETWEEN $2 AND $3
  )
ORDER BY
  id
FOR UPDATE;

-- deleteNetworkVotesInPeriod
WITH
  gone AS (
    DELETE FROM votes
    WHERE
      network = $1
      AND updated_at BETWEEN $2 AND $3
      AND NOT by_reporter
    RETURNING
      spot_id,
      value
  ),
  per AS (
    SELECT
      spot_id,
      count(*) FILTER (
        WHERE
          value = 1
      )::int AS up,
      count(*) FILTER (
        WHERE
          value = -1
      )::int AS down
    FROM
      gone
    GROUP BY
      spot_id
  ),
  moved AS (
    UPDATE spots s
    SET
      confirmations = s.confirmations - per.up,
      denials = s.denials - per.down,
      updated_at = now()
    FROM
      per
    WHERE
      s.id = per.spot_id
  )
SELECT
  spot_id,
  up,
  down
FROM
  per
ORDER BY
  spot_id;
