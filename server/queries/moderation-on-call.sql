-- What server/src/moderation/on-call.sql.ts sends, written by npm run db:types. Do not edit.

-- userIdOf
select
  "id"
from
  "users"
where
  "username" = $1;

-- onCallOf
SELECT
  u.id,
  u.username,
  coalesce(c.on_duty, false) AS on_duty,
  c.quiet_from,
  c.quiet_to,
  c.phone_enc,
  coalesce(
    (
      SELECT
        array_agg(
          p.id
          ORDER BY
            p.id
        )
      FROM
        push_subscriptions p
      WHERE
        p.moderator_id = u.id
    ),
    '{}'
  ) AS push_ids,
  coalesce(
    (
      SELECT
        array_agg(
          encode(sha256(convert_to(p.endpoint, 'UTF8')), 'hex')
          ORDER BY
            p.id
        )
      FROM
        push_subscriptions p
      WHERE
        p.moderator_id = u.id
    ),
    '{}'
  ) AS phone_keys,
  (
    SELECT
      p.lang
    FROM
      push_subscriptions p
    WHERE
      p.moderator_id = u.id
    ORDER BY
      p.id DESC
    LIMIT
      1
  ) AS lang,
  coalesce(
    (
      SELECT
        json_agg(
          json_build_object(
            'id',
            a.id,
            'name',
            a.name,
            'west',
            a.west,
            'south',
            a.south,
            'east',
            a.east,
            'north',
            a.north
          )
          ORDER BY
            a.id
        )
      FROM
        moderator_areas a
      WHERE
        a.user_id = u.id
    ),
    '[]'
  ) AS areas
FROM
  users u
  LEFT JOIN moderator_on_call c ON c.user_id = u.id
WHERE
  u.id = $1;

-- reachableModerators
SELECT
  *
FROM
  (
    SELECT
      u.id,
      u.username,
      coalesce(c.on_duty, false) AS on_duty,
      c.quiet_from,
      c.quiet_to,
      c.phone_enc,
      coalesce(
        (
          SELECT
            array_agg(
              p.id
              ORDER BY
                p.id
            )
          FROM
            push_subscriptions p
          WHERE
            p.moderator_id = u.id
        ),
        '{}'
      ) AS push_ids,
      coalesce(
        (
          SELECT
            array_agg(
              encode(sha256(convert_to(p.endpoint, 'UTF8')), 'hex')
              ORDER BY
                p.id
            )
          FROM
            push_subscriptions p
          WHERE
            p.moderator_id = u.id
        ),
        '{}'
      ) AS phone_keys,
      (
        SELECT
          p.lang
        FROM
          push_subscriptions p
        WHERE
          p.moderator_id = u.id
        ORDER BY
          p.id DESC
        LIMIT
          1
      ) AS lang,
      coalesce(
        (
          SELECT
            json_agg(
              json_build_object(
                'id',
                a.id,
                'name',
                a.name,
                'west',
                a.west,
                'south',
                a.south,
                'east',
                a.east,
                'north',
                a.north
              )
              ORDER BY
                a.id
            )
          FROM
            moderator_areas a
          WHERE
            a.user_id = u.id
        ),
        '[]'
      ) AS areas
    FROM
      users u
      LEFT JOIN moderator_on_call c ON c.user_id = u.id
  ) m
WHERE
  m.phone_enc IS NOT NULL
  OR cardinality(m.push_ids) > 0
ORDER BY
  m.id;

-- updateOnCall
INSERT INTO
  moderator_on_call (user_id, on_duty, quiet_from, quiet_to, phone_enc)
VALUES
  ($1, coalesce($2, false), $4, $5, $7)
ON CONFLICT (user_id) DO UPDATE
SET
  on_duty = coalesce($2, moderator_on_call.on_duty),
  quiet_from = CASE
    WHEN $3 THEN $4
    ELSE moderator_on_call.quiet_from
  END,
  quiet_to = CASE
    WHEN $3 THEN $5
    ELSE moderator_on_call.quiet_to
  END,
  phone_enc = CASE
    WHEN $6 THEN $7
    ELSE moderator_on_call.phone_enc
  END;

-- insertArea
INSERT INTO
  moderator_areas (user_id, name, west, south, east, north)
SELECT
  $1,
  $2,
  $3,
  $4,
  $5,
  $6
WHERE
  (
    SELECT
      count(*)
    FROM
      moderator_areas
    WHERE
      user_id = $1
  ) < $7
RETURNING
  id;

-- deleteArea
delete from "moderator_areas"
where
  "id" = $1
  and "user_id" = $2
returning
  "id";

-- heldWaitingSince
SELECT
  s.id,
  s.lat,
  s.lng,
  coalesce(s.area, '') AS area,
  min(e.at) AS at
FROM
  report_events e
  JOIN spots s ON s.id = e.spot_id
WHERE
  e.held_by IS NOT NULL
  AND e.at <= $1
  AND s.publication = 'pending'
GROUP BY
  s.id
ORDER BY
  at,
  s.id
LIMIT
  $2;

-- pagesOf
select
  "alarm",
  "stage",
  "at"
from
  "moderator_pages"
where
  "alarm" = any ($1::text[]);

-- recordPage
insert into
  "moderator_pages" ("alarm", "stage", "at", "sent_to")
values
  ($1, $2, $3, $4)
on conflict do nothing
returning
  "alarm";

-- purgePages
delete from "moderator_pages"
where
  "at" < $1;
