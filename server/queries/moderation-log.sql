-- What server/src/moderation/log.sql.ts sends, written by npm run db:types. Do not edit.

-- appendLog
insert into
  "mod_log" ("actor", "action", "spot_id", "detail", "at")
values
  (
    $1,
    $2,
    $3,
    $4::jsonb,
    coalesce($5::timestamptz, now())
  );

-- recentLog
select
  "at",
  "actor",
  "action",
  "spot_id",
  "detail"
from
  "mod_log"
order by
  "at" desc,
  "id" desc
limit
  $1;
