import type { Queryable } from '../db/db.ts';
import { SPOT_COLUMNS, type SpotRow, toSpot } from '../spots/spots.sql.ts';
import type { RouteDanger } from './route.schema.ts';

/**
 * Public, non-disputed spots within bufferM of a line ([lng, lat] pairs), with their distance from
 * it and how far along it they lie, in travel order. ST_DWithin on geography uses the GiST index.
 */
export async function dangersAlong(
  db: Queryable,
  coordinates: Array<[number, number]>,
  bufferM: number,
  timesOfDay: string[],
): Promise<RouteDanger[]> {
  const rows = await db.query<SpotRow & { distance: number; along: number }>(
    `WITH line AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1), 4326) AS g)
     SELECT ${SPOT_COLUMNS},
       round(ST_Distance(s.geog, line.g::geography)::numeric, 1)::float8 AS distance,
       round((ST_LineLocatePoint(line.g, ST_SetSRID(ST_MakePoint(s.lng, s.lat), 4326))
         * ST_Length(line.g::geography))::numeric, 1)::float8 AS along
     FROM spots s, line
     WHERE s.publication = 'approved' AND s.status <> 'disputed'
       AND s.time_of_day = ANY($3::text[])
       AND ST_DWithin(s.geog, line.g::geography, $2)
     ORDER BY along, s.id`,
    [JSON.stringify({ type: 'LineString', coordinates }), bufferM, timesOfDay],
  );
  return rows.map(({ distance, along, ...row }) => ({ spot: toSpot(row), distance, along }));
}
