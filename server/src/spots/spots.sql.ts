import type { Spot } from '../../../common/api.ts';
import type { Queryable } from '../db/db.ts';
import { SPOT_COLUMNS, type SpotRow, toSpot } from './spot-row.ts';

/**
 * Lets a spot's waiting alerts go (a newcomer's second voice came, a moderator approved or verified
 * it, or its reporter with standing has just reported it): the spot when they waited, in the
 * caller's transaction, which queues them.
 */
export async function releaseWaitingAlerts(tx: Queryable, id: number): Promise<SpotRow | undefined> {
  const rows = await tx.query<SpotRow>(
    `UPDATE spots s SET alerts_wait = false WHERE s.id = $1 AND s.alerts_wait RETURNING ${SPOT_COLUMNS}`,
    [id],
  );
  return rows[0];
}

export async function findPublicSpotById(db: Queryable, id: number): Promise<SpotRow | undefined> {
  const rows = await db.query<SpotRow>(
    `SELECT ${SPOT_COLUMNS} FROM spots s WHERE s.id = $1 AND ${ON_MAP_OR_ARCHIVED}`,
    [id],
    { prepared: true },
  );
  return rows[0];
}

/**
 * Public spots: on the map, or archived (aged out: open by their link, in open data and in the list
 * when asked for). Written as two arms so that each can use its partial index.
 */
const ON_MAP_OR_ARCHIVED = `(s.publication = 'approved' OR s.publication = 'archived')`;

export interface PublicSpotConditions {
  /** Archived spots too (by default only those on the map). */
  includeArchived?: boolean;
  categories?: string[];
  sinceDays?: number;
  bbox?: { minLng: number; minLat: number; maxLng: number; maxLat: number };
  statuses?: string[];
  verifiedOnly?: boolean;
  /** Within `radiusM` metres of a point. */
  near?: { lat: number; lng: number; radiusM: number };
  /** Reported within this interval (either end open, both inclusive). */
  reported?: { from?: Date; to?: Date };
}

export interface PublicSpotFilter extends PublicSpotConditions {
  /** Keyset position: spots after (severity, id) in the list order. */
  after?: { severity: number; id: number };
  limit: number;
}

/** Collects query parameters and hands back their placeholders. */
export function sqlParams() {
  const values: unknown[] = [];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  return { values, param };
}

/** The WHERE conditions (on alias `s`) of public spots matching the list filters. */
export function publicSpotWhere(f: PublicSpotConditions, param: (v: unknown) => string): string[] {
  const where = [f.includeArchived ? ON_MAP_OR_ARCHIVED : `s.publication = 'approved'`];
  if (f.categories) where.push(`s.category = ANY(${param(f.categories)}::text[])`);
  if (f.statuses) where.push(`s.status = ANY(${param(f.statuses)}::text[])`);
  if (f.verifiedOnly) where.push('s.moderator_verified');
  if (f.sinceDays) where.push(`s.created_at >= now() - make_interval(days => ${param(f.sinceDays)}::int)`);
  if (f.reported?.from) where.push(`s.created_at >= ${param(f.reported.from)}::timestamptz`);
  if (f.reported?.to) where.push(`s.created_at <= ${param(f.reported.to)}::timestamptz`);
  if (f.bbox) {
    const b = f.bbox;
    // Matches the expression of the GiST index spots_public_point_gix.
    where.push(
      `ST_SetSRID(ST_MakePoint(s.lng, s.lat), 4326) && ST_MakeEnvelope(${param(b.minLng)}::float8, ${param(
        b.minLat,
      )}::float8, ${param(b.maxLng)}::float8, ${param(b.maxLat)}::float8, 4326)`,
    );
  }
  if (f.near) {
    const { lat, lng, radiusM } = f.near;
    // The box around the circle first (the GiST index's expression), then the exact distance.
    const dLat = radiusM / 111_320;
    const dLng = radiusM / (111_320 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
    where.push(
      `ST_SetSRID(ST_MakePoint(s.lng, s.lat), 4326) && ST_MakeEnvelope(${param(lng - dLng)}::float8, ${param(
        lat - dLat,
      )}::float8, ${param(lng + dLng)}::float8, ${param(lat + dLat)}::float8, 4326)`,
    );
    where.push(
      `ST_DWithin(ST_SetSRID(ST_MakePoint(s.lng, s.lat), 4326)::geography, ST_SetSRID(ST_MakePoint(${param(
        lng,
      )}::float8, ${param(lat)}::float8), 4326)::geography, ${param(radiusM)}::float8)`,
    );
  }
  return where;
}

/** The newest public spots matching the conditions (a feed's entries), newest first. */
export function findNewestPublicSpots(
  db: Queryable,
  f: PublicSpotConditions,
  limit: number,
): Promise<SpotRow[]> {
  const { values, param } = sqlParams();
  const where = publicSpotWhere(f, param);
  return db.query<SpotRow>(
    `SELECT ${SPOT_COLUMNS} FROM spots s WHERE ${where.join(' AND ')} ORDER BY s.id DESC LIMIT ${param(limit)}::int`,
    values,
  );
}

/** Public spots, severity descending then id descending; keyset-paginated so deep pages stay fast. */
export async function findPublicSpots(db: Queryable, f: PublicSpotFilter): Promise<SpotRow[]> {
  const { values, param } = sqlParams();
  const where = publicSpotWhere(f, param);
  if (f.after) {
    where.push(`(s.severity, s.id) < (${param(f.after.severity)}::int, ${param(f.after.id)}::int)`);
  }
  return db.query<SpotRow>(
    `SELECT ${SPOT_COLUMNS} FROM spots s WHERE ${where.join(' AND ')}
     ORDER BY s.severity DESC, s.id DESC LIMIT ${param(f.limit)}::int`,
    values,
  );
}

export interface SpotTexts {
  id: number;
  title: string;
  description: string;
  area: string;
}

/** Every spot's free text, a batch at a time in id order (for redacting it again). */
export function spotTextsAfter(db: Queryable, after: number, limit: number): Promise<SpotTexts[]> {
  return db.query('SELECT id, title, description, area FROM spots WHERE id > $1 ORDER BY id LIMIT $2', [
    after,
    limit,
  ]);
}

export async function setSpotTexts(db: Queryable, s: SpotTexts): Promise<void> {
  await db.query('UPDATE spots SET title = $2, description = $3, area = $4 WHERE id = $1', [
    s.id,
    s.title,
    s.description,
    s.area,
  ]);
}

export function flagNotesAfter(
  db: Queryable,
  after: number,
  limit: number,
): Promise<Array<{ id: number; note: string }>> {
  return db.query(`SELECT id, note FROM flags WHERE id > $1 AND note <> '' ORDER BY id LIMIT $2`, [
    after,
    limit,
  ]);
}

export async function setFlagNote(db: Queryable, id: number, note: string): Promise<void> {
  await db.query('UPDATE flags SET note = $2 WHERE id = $1', [id, note]);
}

/**
 * Up to `limit` public spots matching the filters in id order: those with ids above `after`, or the
 * last ones below `before` (a page back), keyset on the primary key so deep pages stay fast.
 */
export async function publicSpotsInIdOrder(
  db: Queryable,
  f: PublicSpotConditions,
  page: { after?: number; before?: number; limit: number },
): Promise<Spot[]> {
  const { values, param } = sqlParams();
  const where = publicSpotWhere(f, param);
  const back = page.before !== undefined;
  where.push(back ? `s.id < ${param(page.before)}::int` : `s.id > ${param(page.after ?? 0)}::int`);
  const rows = await db.query<SpotRow>(
    `SELECT ${SPOT_COLUMNS} FROM spots s WHERE ${where.join(' AND ')}
     ORDER BY s.id ${back ? 'DESC' : ''} LIMIT ${param(page.limit)}::int`,
    values,
  );
  const spots = rows.map(toSpot);
  return back ? spots.reverse() : spots;
}

/** How many public spots match the filters. */
export async function countPublicSpots(db: Queryable, f: PublicSpotConditions): Promise<number> {
  const { values, param } = sqlParams();
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM spots s WHERE ${publicSpotWhere(f, param).join(' AND ')}`,
    values,
  );
  return rows[0]?.n ?? 0;
}
