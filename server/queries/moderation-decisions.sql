-- What server/src/moderation/decisions.sql.ts sends, written by npm run db:types. Do not edit.

-- heldDecisionTimes
SELECT
  count(*)::int AS decided,
  percentile_cont(0.5) WITHIN GROUP (
    ORDER BY
      took
  ) AS median_seconds,
  percentile_cont(0.9) WITHIN GROUP (
    ORDER BY
      took
  ) AS p90_seconds
FROM
  (
    SELECT
      extract(
        epoch
        FROM
          min(l.at) - min(s.created_at)
      )::float8 AS took
    FROM
      mod_log l
      JOIN spots s ON s.id = l.spot_id
    WHERE
      l.at >= $1
      AND l.action IN ('approve', 'reject')
      AND l.detail ->> 'from' = 'pending'
    GROUP BY
      l.spot_id
  ) d;

-- alarmActionTimes
SELECT
  count(*)::int AS decided,
  percentile_cont(0.5) WITHIN GROUP (
    ORDER BY
      took
  ) AS median_seconds,
  percentile_cont(0.9) WITHIN GROUP (
    ORDER BY
      took
  ) AS p90_seconds
FROM
  (
    SELECT
      greatest(
        0,
        extract(
          epoch
          FROM
            at - to_at
        )
      )::float8 AS took
    FROM
      signal_reviews
    WHERE
      at >= now() - make_interval(days => $1)
  ) d;
