import type { Queryable } from '../db/db.ts';
import { COUNTS_AS_DANGER, SPOT_COLUMNS, type SpotRow } from '../spots/index.ts';
import { LineIndex, lineGeoJson } from './line-geometry.ts';
import type { MeasuredDanger } from './route.schema.ts';

/** Spots near a line, column by column, in id order. */
interface SpotsNearLine {
  length: number;
  ids: Int32Array;
  lats: Float64Array;
  lngs: Float64Array;
  severities: Uint8Array;
  confidences: Float32Array;
}

/**
 * Bytes of one spot in the packed answer: id (int4), lat and lng (float8), severity (int2),
 * confidence (float4).
 */
const RECORD = 26;

/**
 * Public spots that count as dangers (not disputed, or protected: spots/protection.ts) that may
 * lie within bufferM of a line (packed [lng, lat] pairs): the index finds them, the caller
 * measures them exactly.
 * A long line's bounding box is huge, so an index filter on it lets through most spots of a city
 * (a 20 km diagonal at 1M spots: 54 s with ST_DWithin). Instead the line's buffer (geography, so in
 * metres) is cut into small pieces (ST_Subdivide) whose tight boxes the point index answers.
 * The buffer is a little wider than bufferM because its chords lie just inside the true distance.
 *
 * The spots come back packed in one bytea (26 bytes each, in PostgreSQL's binary send formats):
 * ten thousand rows as objects cost the server a parse of each row and a garbage collection after,
 * in one stretch of the event loop that held it for over 100 ms while a route check ran.
 */
async function spotsNearLine(
  db: Queryable,
  coordinates: Float64Array,
  bufferM: number,
  timesOfDay: string[],
): Promise<SpotsNearLine> {
  const [row] = await db.query<{ packed: Uint8Array }>(
    `WITH pieces AS MATERIALIZED (
       SELECT ST_Subdivide(ST_Buffer(ST_SetSRID(ST_GeomFromGeoJSON($1), 4326)::geography, $2 + 5)::geometry, 16) AS p
     ),
     near AS (
       SELECT DISTINCT ON (c.id) c.* FROM pieces CROSS JOIN LATERAL (
         SELECT s.id, s.lat, s.lng, s.severity, s.confidence FROM spots s
         WHERE s.publication = 'approved' AND ${COUNTS_AS_DANGER} AND s.time_of_day = ANY($3::text[])
           AND ST_Intersects(ST_SetSRID(ST_MakePoint(s.lng, s.lat), 4326), pieces.p)
       ) c
       ORDER BY c.id
     )
     SELECT coalesce(string_agg(int4send(id) || float8send(lat) || float8send(lng) || int2send(severity) || float4send(confidence),
       ''::bytea ORDER BY id), ''::bytea) AS packed
     FROM near`,
    [lineGeoJson(coordinates), bufferM, timesOfDay],
  );
  const packed = row?.packed ?? new Uint8Array();
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const length = packed.byteLength / RECORD;
  const spots: SpotsNearLine = {
    length,
    ids: new Int32Array(length),
    lats: new Float64Array(length),
    lngs: new Float64Array(length),
    severities: new Uint8Array(length),
    confidences: new Float32Array(length),
  };
  for (let i = 0, at = 0; i < length; i++, at += RECORD) {
    spots.ids[i] = view.getInt32(at);
    spots.lats[i] = view.getFloat64(at + 4);
    spots.lngs[i] = view.getFloat64(at + 12);
    spots.severities[i] = view.getInt16(at + 20);
    spots.confidences[i] = view.getFloat32(at + 22);
  }
  return spots;
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
  const spots = await spotsNearLine(db, coordinates, bufferM, timesOfDay);
  const n = spots.length;
  if (n >= ORDER) throw new Error(`${n} spots along one route: more than can be ordered`);
  const line = new LineIndex(coordinates, bufferM);
  const keys = new Float64Array(n);
  const distances = new Float64Array(n);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % MEASURED_PER_TURN === 0) await new Promise((r) => setImmediate(r));
    const { distance, along } = line.measureAt(spots.lats[i] as number, spots.lngs[i] as number);
    if (distance > bufferM) continue;
    distances[i] = Math.round(distance * 10) / 10;
    keys[kept++] = Math.round(along * 10) * ORDER + i;
  }
  return Array.from(keys.subarray(0, kept).sort(), (key) => {
    const i = key % ORDER;
    return {
      id: spots.ids[i] as number,
      lat: spots.lats[i] as number,
      lng: spots.lngs[i] as number,
      severity: spots.severities[i] as number,
      // Stored as real; one decimal as the spot's own field says it.
      confidence: Math.round((spots.confidences[i] as number) * 10) / 10,
      distance: distances[i] as number,
      along: (key - i) / ORDER / 10,
    };
  });
}

/** The spots with these ids (those still there), for the dangers an answer lists. */
export function spotsByIds(db: Queryable, ids: number[]): Promise<SpotRow[]> {
  return db.query<SpotRow>(`SELECT ${SPOT_COLUMNS} FROM spots s WHERE s.id = ANY($1::int[])`, [ids]);
}
