-- What server/src/moderation/users.sql.ts sends, written by npm run db:types. Do not edit.

-- findUserByName
select
  "id",
  "username",
  "role",
  "password_hash",
  "created_at",
  "totp_secret",
  totp_last_step::text as "totp_last_step",
  "recovery_codes"
from
  "users"
where
  "username" = $1;

-- setPendingTotp
update "users"
set
  "totp_pending" = $1
where
  "username" = $2;

-- pendingTotp
select
  "totp_pending"
from
  "users"
where
  "username" = $1;

-- confirmTotp
update "users"
set
  "totp_secret" = "totp_pending",
  "totp_pending" = $1,
  "totp_last_step" = $2,
  "recovery_codes" = $3::text[]
where
  "username" = $4
  and "totp_pending" is not null
returning
  "id";

-- clearTotp
update "users"
set
  "totp_secret" = $1,
  "totp_pending" = $2,
  "totp_last_step" = $3,
  "recovery_codes" = '{}'
where
  "username" = $4
returning
  "id";

-- useTotpStep
update "users"
set
  "totp_last_step" = $1
where
  "id" = $2
  and (
    "totp_last_step" is null
    or "totp_last_step" < $3
  )
returning
  "id";

-- useRecoveryCode
update "users"
set
  "recovery_codes" = array_remove(recovery_codes, $1)
where
  "id" = $2
  and $3 = ANY (recovery_codes)
returning
  "id";

-- listUsers
select
  "username",
  "role",
  "created_at"
from
  "users"
order by
  "username";

-- countAdmins
select
  count(*)::int as "n"
from
  "users"
where
  "role" = $1;

-- insertUser
insert into
  "users" ("username", "password_hash", "role")
values
  ($1, $2, $3)
on conflict ("username") do nothing
returning
  "id";

-- updatePassword
update "users"
set
  "password_hash" = $1,
  "password_changed_at" = now()
where
  "username" = $2
returning
  "id";

-- updatePassword
delete from "sessions"
where
  "user_id" = $1;

-- updateRole
update "users"
set
  "role" = $1
where
  "username" = $2
returning
  "id";

-- deleteUser
delete from "users"
where
  "username" = $1
returning
  "id";

-- insertSession
insert into
  "sessions" (
    "token_hash",
    "user_id",
    "expires_at",
    "two_factor"
  )
values
  (
    $1,
    $2,
    $3::timestamptz + make_interval(secs => $4),
    $5
  );

-- findSessionUser
select
  "u"."username",
  "u"."role",
  "s"."two_factor",
  "u"."totp_secret" is not null as "totp"
from
  "sessions" as "s"
  inner join "users" as "u" on "u"."id" = "s"."user_id"
where
  "s"."token_hash" = $1
  and "s"."expires_at" > $2;

-- markSessionTwoFactor
update "sessions"
set
  "two_factor" = $1
where
  "token_hash" = $2;

-- deleteSession
delete from "sessions"
where
  "token_hash" = $1;

-- deleteExpiredSessions
delete from "sessions"
where
  "expires_at" <= $1;
