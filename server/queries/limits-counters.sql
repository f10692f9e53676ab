-- What server/src/limits/counters.sql.ts sends, written by npm run db:types. Do not edit.

-- hitCounters
WITH
  t AS (
    SELECT
      floor(
        extract(
          epoch
          FROM
            clock_timestamp()
        ) * 1000
      )::bigint AS ms
  ),
  h AS (
    SELECT
      h.key,
      h.ord,
      t.ms / h.window_ms AS window_index,
      h.ttl,
      h.n
    FROM
      unnest($1::text[], $2::bigint[], $3::float8[], $4::int[]) WITH ORDINALITY AS h (key, window_ms, ttl, n, ord),
      t
  ),
  up AS (
    INSERT INTO
      rate_counters AS r (key, window_index, count, expires_at)
    SELECT
      key,
      window_index,
      sum(n)::int,
      clock_timestamp() + make_interval(secs => max(ttl))
    FROM
      h
    GROUP BY
      key,
      window_index
    ORDER BY
      key,
      window_index
    ON CONFLICT (key, window_index) DO UPDATE
    SET
      count = r.count + EXCLUDED.count
    RETURNING
      r.key,
      r.window_index,
      r.count
  )
SELECT
  up.count AS current,
  coalesce(p.count, 0) AS previous,
  (
    SELECT
      ms
    FROM
      t
  )::float8 AS now_ms
FROM
  h
  JOIN up ON up.key = h.key
  AND up.window_index = h.window_index
  LEFT JOIN rate_counters p ON p.key = h.key
  AND p.window_index = h.window_index - 1
ORDER BY
  h.ord;

-- deleteExpiredCounters
DELETE FROM rate_counters
WHERE
  expires_at < now();

-- claimSlot
INSERT INTO
  app_slots AS a (key, until)
VALUES
  (
    $1,
    clock_timestamp() + make_interval(secs => $2::float8)
  )
ON CONFLICT (key) DO UPDATE
SET
  until = EXCLUDED.until
WHERE
  a.until <= clock_timestamp()
RETURNING
  key;
