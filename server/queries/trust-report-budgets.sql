-- What server/src/trust/report-budgets.sql.ts sends, written by npm run db:types. Do not edit.

-- medianHour
SELECT
  (
    SELECT
      coalesce(
        percentile_disc(0.5) WITHIN GROUP (
          ORDER BY
            n
        ),
        0
      )::int
    FROM
      (
        SELECT
          (
            SELECT
              count(*)
            FROM
              report_events e
            WHERE
              e.held_by IS NULL
              AND e.at > h
              AND e.at <= h + interval '1 hour'
          ) AS n
        FROM
          generate_series(
            $1::timestamptz - interval '168 hours',
            $1::timestamptz - interval '1 hour',
            interval '1 hour'
          ) AS h
      ) hours
  ) AS median;
