-- What server/src/settings/settings.sql.ts sends, written by npm run db:types. Do not edit.

-- selectSettings
select
  "key",
  "value"
from
  "settings"
where
  "key" = any ($1::text[]);

-- upsertSetting
insert into
  "settings" ("key", "value")
values
  ($1, $2::jsonb)
on conflict ("key") do update
set
  "value" = "excluded"."value",
  "updated_at" = now();

-- insertSecretOnce
insert into
  "app_secrets" ("name", "value")
values
  ($1, $2)
on conflict ("name") do nothing;

-- insertSecretOnce
select
  "value"
from
  "app_secrets"
where
  "name" = $1;
