-- What server/src/channels/outbox.sql.ts sends, written by npm run db:types. Do not edit.

-- enqueue
insert into
  "outbox" (
    "phone_hash",
    "phone_enc",
    "push_id",
    "kind",
    "body",
    "spot_id",
    "send_after",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, now(), $7)
on conflict ("spot_id", "phone_hash") do nothing
returning
  "id";

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
update "outbox"
set
  "in_flight_at" = now()
where
  "id" = $1
  and "state" = $2;

-- renewLeases
update "outbox"
set
  "lease_until" = now() + make_interval(secs => $1)
where
  "id" = any ($2::bigint[])
  and "state" = $3;

-- finish
update "outbox"
set
  "state" = $1,
  "phone_enc" = $2,
  "push_id" = $3,
  "webhook_id" = $4,
  "lease_until" = $5,
  "in_flight_at" = $6,
  "last_error" = $7,
  "sent_at" = $8
where
  "id" = $9
  and "state" = $10;

-- retryLater
update "outbox"
set
  "state" = $1,
  "lease_until" = $2,
  "in_flight_at" = $3,
  "last_error" = $4,
  "send_after" = now() + make_interval(secs => $5)
where
  "id" = $6
  and "state" = $7;

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
