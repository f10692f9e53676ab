-- What server/src/channels/push.sql.ts sends, written by npm run db:types. Do not edit.

-- upsertSubscription
insert into
  "push_subscriptions" (
    "endpoint",
    "p256dh",
    "auth",
    "lang",
    "moderator_id"
  )
values
  ($1, $2, $3, $4, $5)
on conflict ("endpoint") do update
set
  "p256dh" = "excluded"."p256dh",
  "auth" = "excluded"."auth",
  "lang" = "excluded"."lang",
  "moderator_id" = coalesce(
    "excluded"."moderator_id",
    "push_subscriptions"."moderator_id"
  )
returning
  "id";

-- keepNewestModeratorPhones
update "push_subscriptions"
set
  "moderator_id" = $1
where
  "moderator_id" = $2
  and "id" not in (
    select
      "id"
    from
      "push_subscriptions"
    where
      "moderator_id" = $3
    order by
      "id" desc
    limit
      $4
  )
returning
  "id";

-- keepNewestModeratorPhones
delete from "push_subscriptions" as "s"
where
  s.id = ANY ($1::int[])
  and "s"."moderator_id" is null
  and not exists (
    select
      "w"."id"
    from
      "watches" as "w"
    where
      "w"."push_id" = "s"."id"
  );

-- dropModeratorPhone
update "push_subscriptions"
set
  "moderator_id" = $1
where
  "endpoint" = $2
  and "moderator_id" = $3
returning
  "id";

-- dropModeratorPhone
delete from "push_subscriptions" as "s"
where
  s.endpoint = $1
  and "s"."moderator_id" is null
  and not exists (
    select
      "w"."id"
    from
      "watches" as "w"
    where
      "w"."push_id" = "s"."id"
  );

-- dropIdleSubscriptions
delete from "push_subscriptions" as "s"
where
  s.created_at < now() - make_interval(days => $1)
  and "s"."moderator_id" is null
  and not exists (
    select
      "w"."id"
    from
      "watches" as "w"
    where
      "w"."push_id" = "s"."id"
  );

-- subscriptionId
select
  "id"
from
  "push_subscriptions"
where
  "endpoint" = $1;

-- pushTarget
select
  "endpoint",
  "p256dh",
  "auth"
from
  "push_subscriptions"
where
  "id" = $1;

-- forgetSubscription
delete from "push_subscriptions"
where
  "id" = $1;

-- pushWatches
select
  "id",
  "place",
  "lat",
  "lng",
  "radius_m",
  "from_hour",
  "to_hour",
  "route" is not null as "trip"
from
  "watches"
where
  "push_id" = $1
order by
  "id";

-- dropPushWatch
delete from "watches"
where
  "id" = $1
  and "push_id" = $2
returning
  "id";

-- dropPushWatch
delete from "push_subscriptions" as "s"
where
  s.id = ANY ($1::int[])
  and "s"."moderator_id" is null
  and not exists (
    select
      "w"."id"
    from
      "watches" as "w"
    where
      "w"."push_id" = "s"."id"
  );
