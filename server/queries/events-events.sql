-- What server/src/events/events.sql.ts sends, written by npm run db:types. Do not edit.

-- changesAfter
SELECT
  c.id::text AS id,
  c.kind,
  c.spot_id,
  c.lat,
  c.lng,
  c.was_lat,
  c.was_lng,
  c.at < clock_timestamp() - make_interval(secs => $3 / 1000.0) AS settled,
  CASE
    WHEN s.publication IN ('approved', 'archived') THEN '{' || '"id":' || coalesce(to_json(s.id)::text, 'null') || ',' || '"title":' || coalesce(to_json(s.title)::text, 'null') || ',' || '"description":' || coalesce(to_json(s.description)::text, 'null') || ',' || '"lat":' || coalesce(to_json(s.lat)::text, 'null') || ',' || '"lng":' || coalesce(to_json(s.lng)::text, 'null') || ',' || '"area":' || coalesce(to_json(s.area)::text, 'null') || ',' || '"category":' || coalesce(to_json(s.category)::text, 'null') || ',' || '"severity":' || coalesce(to_json(s.severity)::text, 'null') || ',' || '"time_of_day":' || coalesce(to_json(s.time_of_day)::text, 'null') || ',' || '"incident_date":' || coalesce(to_json(s.incident_date::text)::text, 'null') || ',' || '"source_url":' || coalesce(to_json(s.source_url)::text, 'null') || ',' || '"created_at":' || coalesce(
      to_json(
        to_char(
          s.created_at AT TIME ZONE 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'
        )
      )::text,
      'null'
    ) || ',' || '"last_confirmed_at":' || coalesce(
      to_json(
        to_char(
          s.last_confirmed_at AT TIME ZONE 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'
        )
      )::text,
      'null'
    ) || ',' || '"confirmations":' || coalesce(to_json(s.confirmations)::text, 'null') || ',' || '"denials":' || coalesce(to_json(s.denials)::text, 'null') || ',' || '"status":' || coalesce(to_json(s.status)::text, 'null') || ',' || '"moderator_verified":' || coalesce(to_json(s.moderator_verified)::text, 'null') || ',' || '"seeded":' || coalesce(to_json(s.seeded)::text, 'null') || ',' || '"confidence":' || coalesce(to_json(s.confidence)::text, 'null') || ',' || '"archived":' || coalesce(to_json(s.publication = 'archived')::text, 'null') || '}'
  END AS spot
FROM
  spot_changes c
  LEFT JOIN spots s ON s.id = c.spot_id
WHERE
  c.id > $1::bigint
ORDER BY
  c.id
LIMIT
  $2;

-- changeIds
SELECT
  coalesce(max(id), 0)::text AS newest,
  min(id)::text AS oldest
FROM
  spot_changes;

-- trimChanges
DELETE FROM spot_changes
WHERE
  at < $1;
