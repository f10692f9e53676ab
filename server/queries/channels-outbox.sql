-- What server/src/channels/outbox.sql.ts sends, written by npm run db:types. Do not edit.

-- enqueue
INSERT INTO
  outbox (
    phone_hash,
    phone_enc,
    push_id,
    kind,
    body,
    spot_id,
    send_after,
    created_at
  )
VALUES
  (
    $1,
    $2,
    $3,
    $4,
    $5,
    $6,
    coalesce($7::timestamptz, now()),
    coalesce($8::timestamptz, now())
  )
ON CONFLICT (spot_id, phone_hash) DO NOTHING
RETURNING
  id;

-- claimDue
UPDATE outbox
SET
  state = 'sending',
  attempts = attempts + 1,
  lease_until = now() + make_interval(secs => $2)
WHERE
  id IN (
    SELECT
      id
    FROM
      outbox
    WHERE
      (
        (
          state = 'queued'
          AND send_after <= now()
        )
        OR (
          state = 'sending'
          AND lease_until < now()
        )
      )
      AND CASE
        WHEN push_id IS NOT NULL THEN 'push'
        WHEN webhook_id IS NOT NULL THEN 'webhook'
        ELSE 'sms'
      END = $3
    ORDER BY
      send_after,
      id
    LIMIT
      $1
    FOR UPDATE
      SKIP LOCKED
  )
RETURNING
  id::text,
  kind,
  send_key::text,
  phone_enc,
  push_id,
  webhook_id,
  spot_id,
  body,
  attempts,
  created_at,
  in_flight_at;

-- markInFlight
UPDATE outbox
SET
  in_flight_at = now()
WHERE
  id = $1::bigint
  AND state = 'sending';

-- renewLeases
UPDATE outbox
SET
  lease_until = now() + make_interval(secs => $2)
WHERE
  id = ANY ($1::bigint[])
  AND state = 'sending';

-- finish
UPDATE outbox
SET
  state = $2,
  phone_enc = NULL,
  push_id = NULL,
  webhook_id = NULL,
  lease_until = NULL,
  in_flight_at = NULL,
  last_error = $3,
  sent_at = CASE
    WHEN $2 = 'sent' THEN now()
  END
WHERE
  id = $1::bigint
  AND state = 'sending';

-- retryLater
UPDATE outbox
SET
  state = 'queued',
  lease_until = NULL,
  in_flight_at = NULL,
  last_error = $3,
  send_after = now() + make_interval(secs => $2)
WHERE
  id = $1::bigint
  AND state = 'sending';

-- outboxBacklog
SELECT
  count(*)::int AS due,
  extract(
    epoch
    FROM
      now() - min(send_after)
  )::float8 AS lag
FROM
  outbox
WHERE
  state IN ('queued', 'sending')
  AND send_after <= now();
