-- What server/src/db/one-time-jobs.sql.ts sends, written by npm run db:types. Do not edit.

-- claimOneTimeJob
insert into
  "app_events" ("name")
values
  ($1)
on conflict ("name") do nothing
returning
  "name";

-- oneTimeJobDone
select
  "name"
from
  "app_events"
where
  "name" = $1;
