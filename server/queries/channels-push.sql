-- What server/src/channels/push.sql.ts sends, written by npm run db:types. Do not edit.

-- upsertSubscription
INSERT INTO
  push_subscriptions (endpoint, p256dh, auth, lang, moderator_id)
VALUES
  ($1, $2, $3, $4, $5)
ON CONFLICT (endpoint) DO UPDATE
SET
  p256dh = EXCLUDED.p256dh,
  auth = EXCLUDED.auth,
  lang = EXCLUDED.lang,
  moderator_id = coalesce(
    EXCLUDED.moderator_id,
    push_subscriptions.moderator_id
  )
RETURNING
  id;

-- keepNewestModeratorPhones
UPDATE push_subscriptions
SET
  moderator_id = NULL
WHERE
  moderator_id = $1
  AND id NOT IN (
    SELECT
      id
    FROM
      push_subscriptions
    WHERE
      moderator_id = $1
    ORDER BY
      id DESC
    LIMIT
      $2
  )
RETURNING
  id;

-- keepNewestModeratorPhones
DELETE FROM push_subscriptions s
WHERE
  s.id = ANY ($1::int[])
  AND s.moderator_id IS NULL
  AND NOT EXISTS (
    SELECT
      1
    FROM
      watches w
    WHERE
      w.push_id = s.id
  );

-- dropModeratorPhone
UPDATE push_subscriptions
SET
  moderator_id = NULL
WHERE
  endpoint = $1
  AND moderator_id = $2
RETURNING
  id;

-- dropModeratorPhone
DELETE FROM push_subscriptions s
WHERE
  s.endpoint = $1
  AND s.moderator_id IS NULL
  AND NOT EXISTS (
    SELECT
      1
    FROM
      watches w
    WHERE
      w.push_id = s.id
  );

-- dropIdleSubscriptions
DELETE FROM push_subscriptions s
WHERE
  s.created_at < now() - make_interval(days => $1)
  AND s.moderator_id IS NULL
  AND NOT EXISTS (
    SELECT
      1
    FROM
      watches w
    WHERE
      w.push_id = s.id
  );

-- subscriptionId
SELECT
  id
FROM
  push_subscriptions
WHERE
  endpoint = $1;

-- pushTarget
SELECT
  endpoint,
  p256dh,
  auth
FROM
  push_subscriptions
WHERE
  id = $1;

-- forgetSubscription
DELETE FROM push_subscriptions
WHERE
  id = $1;

-- pushWatches
SELECT
  id,
  place,
  lat,
  lng,
  radius_m,
  from_hour,
  to_hour,
  route IS NOT NULL AS trip
FROM
  watches
WHERE
  push_id = $1
ORDER BY
  id;

-- dropPushWatch
DELETE FROM watches
WHERE
  id = $1
  AND push_id = $2
RETURNING
  id;

-- dropPushWatch
DELETE FROM push_subscriptions s
WHERE
  s.id = ANY ($1::int[])
  AND s.moderator_id IS NULL
  AND NOT EXISTS (
    SELECT
      1
    FROM
      watches w
    WHERE
      w.push_id = s.id
  );
