-- What server/src/limits/counters.sql.ts sends, written by npm run db:types. Do not edit.

-- hitCounter
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
  up AS (
    INSERT INTO
      rate_counters AS r (key, window_index, count, expires_at)
    SELECT
      $1,
      t.ms / $2::bigint,
      $4::int,
      clock_timestamp() + make_interval(secs => $3::float8)
    FROM
      t
    ON CONFLICT (key, window_index) DO UPDATE
    SET
      count = r.count + $4::int
    RETURNING
      r.count,
      r.window_index
  )
SELECT
  up.count AS current,
  coalesce(
    (
      SELECT
        p.count
      FROM
        rate_counters p
      WHERE
        p.key = $1
        AND p.window_index = up.window_index - 1
    ),
    0
  ) AS previous,
  (
    SELECT
      ms
    FROM
      t
  )::float8 AS now_ms
FROM
  up;

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
