-- What server/src/trust/standing.sql.ts sends, written by npm run db:types. Do not edit.

-- recordSeen
insert into
  "standing" ("visitor", "first_seen", "last_seen")
values
  ($1, $2, $3)
on conflict ("visitor") do update
set
  "last_seen" = "excluded"."last_seen",
  "days_seen" = "standing"."days_seen" + $4
where
  "standing"."last_seen" < "excluded"."last_seen";

-- findStanding
select
  to_char(first_seen, 'YYYY-MM-DD') as "first_seen",
  "days_seen",
  "agreed_at" is not null as "agreed"
from
  "standing"
where
  "visitor" = $1;

-- agreeWithVotes
UPDATE standing s
SET
  agreed_at = $5
FROM
  votes v
WHERE
  v.spot_id = $1
  AND v.value = $2
  AND v.visitor = s.visitor
  AND s.agreed_at IS NULL
  AND (
    $3::text IS NULL
    OR (
      v.visitor <> $3::text
      AND v.wide_network IS DISTINCT FROM $4
    )
  )
RETURNING
  s.visitor;

-- loseStanding
update "standing"
set
  "agreed_at" = $1,
  "lost_at" = $2,
  "first_seen" = $3,
  "last_seen" = $4,
  "days_seen" = $5
where
  "visitor" = any ($6::text[]);

-- reporterOf
select
  "visitor"
from
  "votes"
where
  "spot_id" = $1
  and "by_reporter" = $2;
