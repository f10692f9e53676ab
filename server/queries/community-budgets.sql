-- What server/src/community/budgets.sql.ts sends, written by npm run db:types. Do not edit.

-- budgetUse
SELECT
  kind,
  count(*)::int AS used
FROM
  signal_events
WHERE
  kind IN ('hidden', 'disputed')
  AND at > now() - interval '1 hour'
GROUP BY
  kind;

-- noteRefusedDispute
WITH
  old AS (
    DELETE FROM signal_refusals
    WHERE
      bucket < now() - make_interval(days => $4)
  )
INSERT INTO
  signal_refusals AS r (spot_id, bucket, attempts, networks)
VALUES
  ($1, signal_bucket (now()), 1, ARRAY[$2::text])
ON CONFLICT (spot_id, bucket) DO UPDATE
SET
  attempts = r.attempts + 1,
  last_at = now(),
  networks = CASE
    WHEN $2 = ANY (r.networks)
    OR cardinality(r.networks) >= $3 THEN r.networks
    ELSE r.networks || $2::text
  END;
