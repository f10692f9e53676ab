import type { Queryable } from '../db/db.ts';
import { SPOT_COLUMNS, type SpotRow } from '../spots/spots.sql.ts';
import { LineIndex, lineGeoJson } from './line-geometry.ts';
import type { MeasuredDanger, SlimSpot } from './route.schema.ts';

/**
 * Public spots that count as dangers (not disputed, or protected: see counts_as_danger) that may
 * lie within bufferM of a line (packed [lng, lat] pairs), slim: the index finds them, the caller
 * measures them exactly.
 * A long line's bounding box is huge, so an index filter on it lets through most spots of a city
 * (a 20 km diagonal at 1M spots: 54 s with ST_DWithin). Instead the line's buffer (geography, so in
 * metres) is cut into small pieces (ST_Subdivide) whose tight boxes the point index answers.
 * The buffer is a little wider than bufferM because its chords lie just inside the true distance.
 */
export async function spotsNearLine(
  db: Queryable,
  coordinates: Float64Array,
  bufferM: number,
  timesOfDay: string[],
): Promise<SlimSpot[]> {
  return db.query<SlimSpot>(
    `WITH pieces AS MATERIALIZED (
       SELECT ST_Subdivide(ST_Buffer(ST_SetSRID(ST_GeomFromGeoJSON($1), 4326)::geography, $2 + 5)::geometry, 16) AS p
     )
     SELECT DISTINCT ON (c.id) c.* FROM pieces CROSS JOIN LATERAL (
       SELECT s.id, s.lat, s.lng, s.severity FROM spots s
       WHERE s.publication = 'approved' AND s.counts_as_danger AND s.time_of_day = ANY($3::text[])
         AND ST_Intersects(ST_SetSRID(ST_MakePoint(s.lng, s.lat), 4326), pieces.p)
     ) c
     ORDER BY c.id`,
    [lineGeoJson(coordinates), bufferM, timesOfDay],
  );
}

/** Spots measured between two turns of the event loop, so health and reads stay quick during a check. */
const MEASURED_PER_TURN = 2000;
/**
 * Dangers are put in travel order by sorting plain numbers: (along in tenths of a metre) × ORDER +
 * the spot's index among the rows, which come in id order, so equal distances along keep id order.
 * Exact while along stays under 2^31 tenths of a metre (214,748 km) and the rows under ORDER.
 */
const ORDER = 2 ** 22;

/**
 * The dangers along a line: spots within bufferM, with their distance from it and how far along it
 * they lie, in travel order. Measured through a grid index of the line's segments, a slice at a
 * time, yielding to other requests between slices; sorted as a typed array, without a comparator.
 */
export async function dangersAlong(
  db: Queryable,
  coordinates: Float64Array,
  bufferM: number,
  timesOfDay: string[],
): Promise<MeasuredDanger[]> {
  const rows = await spotsNearLine(db, coordinates, bufferM, timesOfDay);
  if (rows.length >= ORDER) throw new Error(`${rows.length} spots along one route: more than can be ordered`);
  const line = new LineIndex(coordinates, bufferM);
  const keys = new Float64Array(rows.length);
  const distances = new Float64Array(rows.length);
  let kept = 0;
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % MEASURED_PER_TURN === 0) await new Promise((r) => setImmediate(r));
    const { distance, along } = line.measure(rows[i] as SlimSpot);
    if (distance > bufferM) continue;
    distances[i] = Math.round(distance * 10) / 10;
    keys[kept++] = Math.round(along * 10) * ORDER + i;
  }
  return Array.from(keys.subarray(0, kept).sort(), (key) => {
    const i = key % ORDER;
    const { id, lat, lng, severity } = rows[i] as SlimSpot;
    return { id, lat, lng, severity, distance: distances[i] as number, along: (key - i) / ORDER / 10 };
  });
}

/** The spots with these ids (those still there), for the dangers an answer lists. */
export function spotsByIds(db: Queryable, ids: number[]): Promise<SpotRow[]> {
  return db.query<SpotRow>(`SELECT ${SPOT_COLUMNS} FROM spots s WHERE s.id = ANY($1::int[])`, [ids]);
}
