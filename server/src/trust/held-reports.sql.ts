import type { Queryable } from '../db/db.ts';

/** Held reports still waiting: a held event whose spot is still pending. */
const WAITING = `FROM report_events e JOIN spots s ON s.id = e.spot_id
  WHERE e.held_by IS NOT NULL AND s.publication = 'pending'`;
const LISTED = 20;

export interface HeldSummaryRow {
  reports: number;
  from_at: Date | string;
  to_at: Date | string;
  site: number;
  network: number;
  place: number;
}

export async function heldSummary(db: Queryable): Promise<HeldSummaryRow | undefined> {
  const [row] = await db.query<HeldSummaryRow>(
    `SELECT count(*)::int AS reports, min(e.at) AS from_at, max(e.at) AS to_at,
       count(*) FILTER (WHERE e.held_by = 'site')::int AS site,
       count(*) FILTER (WHERE e.held_by = 'network')::int AS network,
       count(*) FILTER (WHERE e.held_by = 'place')::int AS place
     ${WAITING}`,
  );
  return row?.reports ? row : undefined;
}

export function heldNetworks(db: Queryable): Promise<Array<{ network: string; reports: number }>> {
  return db.query(
    `SELECT e.wide_network AS network, count(*)::int AS reports ${WAITING}
     GROUP BY e.wide_network ORDER BY reports DESC, network LIMIT ${LISTED}`,
  );
}

/** Where the held reports are, by squares of 0.01° (about 1.1 km), with one of their area names. */
export function heldPlaces(
  db: Queryable,
): Promise<Array<{ lat: number; lng: number; area: string; reports: number }>> {
  return db.query(
    `SELECT round(avg(s.lat)::numeric, 4)::float8 AS lat, round(avg(s.lng)::numeric, 4)::float8 AS lng,
       coalesce(max(nullif(s.area, '')), '') AS area, count(*)::int AS reports ${WAITING}
     GROUP BY round(s.lat::numeric, 2), round(s.lng::numeric, 2) ORDER BY reports DESC, lat, lng LIMIT ${LISTED}`,
  );
}

/** The held reports still waiting that were held in [from, to], locked for the moderator's decision. */
export async function lockHeldIn(tx: Queryable, from: Date, to: Date): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `SELECT s.id FROM spots s WHERE s.publication = 'pending' AND s.id IN (
       SELECT e.spot_id FROM report_events e WHERE e.held_by IS NOT NULL AND e.at >= $1 AND e.at <= $2)
     ORDER BY s.id FOR UPDATE`,
    [from, to],
  );
  return rows.map((r) => r.id);
}

/** Newcomers' reports published at once in the hour before `at`. */
export async function newcomerPublishedInHour(db: Queryable, at: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM report_events
     WHERE newcomer AND held_by IS NULL AND at > $1::timestamptz - interval '1 hour' AND at <= $1`,
    [at],
  );
  return row?.n ?? 0;
}
