import type { Queryable } from '../db/db.ts';

/** Which budget held a newcomer's report. */
export type HeldBy = 'site' | 'network' | 'place';

/** Advisory lock of the newcomer budgets (any constant shared by every instance; see budgets.sql.ts). */
const LOCK = 4_201_103;
/** How near another report counts as the same place. */
const PLACE_RADIUS_M = 1000;
/** Events are kept a day past the week the site-wide budget's baseline looks back over. */
const KEEP_DAYS = 8;

export interface HourUse {
  /** Newcomers' reports published at once in the last hour: site-wide, from this network, near this place. */
  site: number;
  network: number;
  place: number;
}

/**
 * Takes the newcomer budgets' lock for the caller's transaction (every instance's reports take turns,
 * so no hour ever publishes more than a budget) and reads the last hour's use.
 */
export async function lockAndReadHour(
  tx: Queryable,
  at: Date,
  wideNetwork: string,
  point: { lat: number; lng: number },
): Promise<HourUse> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK]);
  const [row] = await tx.query<HourUse>(
    `WITH hour AS (
       SELECT wide_network, geog FROM report_events
       WHERE at > $1::timestamptz - interval '1 hour' AND at <= $1 AND newcomer AND held_by IS NULL
     )
     SELECT (SELECT count(*)::int FROM hour) AS site,
       (SELECT count(*)::int FROM hour WHERE wide_network = $2) AS network,
       (SELECT count(*)::int FROM hour
        WHERE ST_DWithin(geog, ST_SetSRID(ST_MakePoint($4, $3), 4326)::geography, $5)) AS place`,
    [at, wideNetwork, point.lat, point.lng, PLACE_RADIUS_M],
  );
  return row as HourUse;
}

/**
 * The median hour of the last 7 days (168 hours, quiet ones included), counting every report published
 * at once: the site's own baseline.
 */
export async function medianHour(db: Queryable, at: Date): Promise<number> {
  const [row] = await db.query<{ median: number }>(
    `SELECT coalesce(percentile_disc(0.5) WITHIN GROUP (ORDER BY n), 0)::int AS median FROM (
       SELECT (SELECT count(*) FROM report_events e
               WHERE e.held_by IS NULL AND e.at > h AND e.at <= h + interval '1 hour') AS n
       FROM generate_series($1::timestamptz - interval '168 hours', $1::timestamptz - interval '1 hour',
                            interval '1 hour') AS h
     ) hours`,
    [at],
  );
  return row?.median ?? 0;
}

export interface ReportEvent {
  spotId: number;
  at: Date;
  newcomer: boolean;
  heldBy: HeldBy | undefined;
  wideNetwork: string;
  lat: number;
  lng: number;
}

/** Records how a report was published (and forgets those older than the baseline's week). */
export async function insertReportEvent(tx: Queryable, e: ReportEvent): Promise<void> {
  await tx.query(
    `WITH old AS (DELETE FROM report_events WHERE at < $2::timestamptz - make_interval(days => $8))
     INSERT INTO report_events (spot_id, at, newcomer, held_by, wide_network, geog)
     VALUES ($1, $2, $3, $4, $5, ST_SetSRID(ST_MakePoint($7, $6), 4326)::geography)`,
    [e.spotId, e.at, e.newcomer, e.heldBy ?? null, e.wideNetwork, e.lat, e.lng, KEEP_DAYS],
  );
}
