-- What server/src/channels/numbers.sql.ts sends, written by npm run db:types. Do not edit.

-- numberChoices
select
  "lang",
  "near_place",
  "near_lat",
  "near_lng",
  "near_shown"
from
  "channel_numbers"
where
  "phone_hash" = $1;

-- rememberLang
insert into
  "channel_numbers" ("phone_hash", "lang")
values
  ($1, $2)
on conflict ("phone_hash") do update
set
  "lang" = "excluded"."lang",
  "updated_at" = now();

-- rememberNear
insert into
  "channel_numbers" (
    "phone_hash",
    "near_place",
    "near_lat",
    "near_lng",
    "near_shown"
  )
values
  ($1, $2, $3, $4, $5)
on conflict ("phone_hash") do update
set
  "near_place" = "excluded"."near_place",
  "near_lat" = "excluded"."near_lat",
  "near_lng" = "excluded"."near_lng",
  "near_shown" = "excluded"."near_shown",
  "updated_at" = now();
