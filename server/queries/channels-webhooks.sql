-- What server/src/channels/webhooks.sql.ts sends, written by npm run db:types. Do not edit.

-- listWebhooks
select
  "w".*,
  (
    select
      count(*)::int as "n"
    from
      "outbox" as "o"
    where
      "o"."webhook_id" = "w"."id"
  ) as "waiting"
from
  "webhooks" as "w"
order by
  "w"."id";

-- countWebhooks
select
  count(*)::int as "n"
from
  "webhooks";

-- insertWebhook
insert into
  "webhooks" ("url", "secret", "events", "created_by")
values
  ($1, $2, $3::text[], $4)
returning
  *,
  0 as "waiting";

-- deleteWebhook
delete from "webhooks"
where
  "id" = $1
returning
  "id";

-- webhookTarget
select
  "url",
  "secret"
from
  "webhooks"
where
  "id" = $1;

-- recordAttempt
update "webhooks"
set
  "last_attempt_at" = now(),
  "last_outcome" = $1,
  "last_success_at" = CASE
    WHEN $2 THEN now()
    ELSE last_success_at
  END
where
  "id" = $3;

-- enqueueWebhookDeliveries
INSERT INTO
  outbox (phone_hash, webhook_id, kind, body, spot_id)
SELECT
  'webhook:' || w.id || ':' || $1,
  w.id,
  'webhook',
  d.body,
  d.spot_id
FROM
  webhooks w
  CROSS JOIN unnest($2::int[], $3::text[]) AS d (spot_id, body)
WHERE
  $1 = ANY (w.events)
ON CONFLICT (spot_id, phone_hash) DO NOTHING
RETURNING
  id;
