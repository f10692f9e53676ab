-- What server/src/search/search.sql.ts sends, written by npm run db:types. Do not edit.

-- searchPublicSpots
SELECT
  t.ord::int - 1 AS i,
  m.word
FROM
  unnest($1::text[], $2::text[]) WITH ORDINALITY AS t (w, prefix, ord)
  CROSS JOIN LATERAL (
    (
      SELECT
        word
      FROM
        search_words
      WHERE
        word LIKE t.prefix
      ORDER BY
        length(word),
        word
      LIMIT
        $3
    )
    UNION
    (
      SELECT
        word
      FROM
        (
          SELECT
            word
          FROM
            search_words
          ORDER BY
            word <-> t.w
          LIMIT
            $4
        ) near
      WHERE
        length(t.w) >= 3
        AND similarity (word, t.w) >= $5
    )
  ) m;

-- nearbySpots
SELECT
  p.i::int - 1 AS place,
  n.id,
  n.title,
  n.area,
  n.category,
  n.severity,
  n.status,
  n.moderator_verified,
  n.lat,
  n.lng,
  round(n.d::numeric, 1)::float8 AS distance_m
FROM
  unnest($1::float8[], $2::float8[]) WITH ORDINALITY AS p (lat, lng, i)
  CROSS JOIN LATERAL (
    SELECT
      ST_SetSRID (ST_MakePoint (p.lng, p.lat), 4326)::geography AS g
  ) pt
  CROSS JOIN LATERAL (
    SELECT
      s.id,
      s.title,
      s.area,
      s.category,
      s.severity,
      s.status,
      s.moderator_verified,
      s.lat,
      s.lng,
      ST_Distance (s.geog, pt.g) AS d
    FROM
      spots s
    WHERE
      s.publication = 'approved'
    ORDER BY
      s.geog <-> pt.g
    LIMIT
      $4
  ) n
WHERE
  n.d <= $3
ORDER BY
  place,
  distance_m,
  n.id;

-- cachedPlaces
SELECT
  places
FROM
  place_cache
WHERE
  query = $1
  AND fetched_at > now() - make_interval(days => $2);

-- cachePlaces
INSERT INTO
  place_cache (query, places)
VALUES
  ($1, $2::jsonb)
ON CONFLICT (query) DO UPDATE
SET
  places = EXCLUDED.places,
  fetched_at = now();

-- nearestName
WITH
  pt AS (
    SELECT
      ST_SetSRID (ST_MakePoint ($2, $1), 4326)::geography AS g
  )
SELECT
  name,
  distance_m
FROM
  (
    (
      SELECT
        s.area AS name,
        ST_Distance (s.geog, pt.g)::float8 AS distance_m
      FROM
        spots s,
        pt
      WHERE
        s.publication = 'approved'
        AND s.area <> ''
        AND ST_DWithin (s.geog, pt.g, $3)
      ORDER BY
        s.geog <-> pt.g
      LIMIT
        1
    )
    UNION ALL
    (
      SELECT
        k.name,
        ST_Distance (k.geog, pt.g)::float8 AS distance_m
      FROM
        known_places k,
        pt
      WHERE
        ST_DWithin (k.geog, pt.g, $3)
      ORDER BY
        k.geog <-> pt.g
      LIMIT
        1
    )
  ) named
ORDER BY
  distance_m
LIMIT
  1;
