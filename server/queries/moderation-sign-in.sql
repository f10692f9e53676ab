-- What server/src/moderation/sign-in.sql.ts sends, written by npm run db:types. Do not edit.

-- claimAttempt
WITH
  old AS (
    DELETE FROM sign_in_attempts
    WHERE
      last_at < now() - interval '24 hours'
      AND bucket <> $1
  )
INSERT INTO
  sign_in_attempts AS a (bucket, attempts, last_at, next_at)
VALUES
  (
    $1,
    1,
    now(),
    now() + CASE
      WHEN 1 < 5 THEN interval '0'
      ELSE make_interval(secs => least(900, power(2, 1 - 5)))
    END
  )
ON CONFLICT (bucket) DO UPDATE
SET
  attempts = CASE
    WHEN a.last_at < now() - interval '24 hours' THEN 1
    ELSE a.attempts + 1
  END,
  last_at = now(),
  next_at = now() + CASE
    WHEN CASE
      WHEN a.last_at < now() - interval '24 hours' THEN 1
      ELSE a.attempts + 1
    END < 5 THEN interval '0'
    ELSE make_interval(
      secs => least(
        900,
        power(
          2,
          CASE
            WHEN a.last_at < now() - interval '24 hours' THEN 1
            ELSE a.attempts + 1
          END - 5
        )
      )
    )
  END
WHERE
  a.next_at <= now()
  OR a.last_at < now() - interval '24 hours'
RETURNING
  attempts;

-- claimAttempt
SELECT
  ceil(
    extract(
      epoch
      FROM
        next_at - now()
    )
  )::int AS wait
FROM
  sign_in_attempts
WHERE
  bucket = $1;

-- clearAttempts
DELETE FROM sign_in_attempts
WHERE
  bucket = $1;

-- countAccountAttempt
INSERT INTO
  sign_in_attempts AS a (bucket, attempts, last_at, next_at)
VALUES
  ($1, 1, now(), now())
ON CONFLICT (bucket) DO UPDATE
SET
  attempts = CASE
    WHEN a.last_at < now() - interval '24 hours' THEN 1
    ELSE a.attempts + 1
  END,
  last_at = now(),
  next_at = now();

-- accountAttempts
SELECT
  CASE
    WHEN last_at < now() - interval '24 hours' THEN 0
    ELSE attempts
  END AS attempts
FROM
  sign_in_attempts
WHERE
  bucket = $1;
