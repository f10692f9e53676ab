import type { Queryable } from '../db/db.ts';

/** Advisory lock of the newcomer budgets (any constant shared by every instance; see budgets.sql.ts). */
const LOCK = 4_201_103;
/** How near another report counts as the same place. */
const PLACE_RADIUS_M = 1000;
/** Events are kept a day past the week the site-wide budget's baseline looks back over. */
const KEEP_DAYS = 8;

/** The site-wide budget follows the site: at least this many times its median hour of the last week. */
export const BASELINE_TIMES = 3;

/** The last hour's use of the budgets up to `at`, over the caller's SQL (columns site, network, place). */
const hourUse = (at: string, wideNetwork: string, lat: string, lng: string) =>
  `WITH hour AS (
     SELECT wide_network, geog FROM report_events
     WHERE at > ${at}::timestamptz - interval '1 hour' AND at <= ${at} AND newcomer AND held_by IS NULL
   )
   SELECT (SELECT count(*)::int FROM hour) AS site,
     (SELECT count(*)::int FROM hour WHERE wide_network = ${wideNetwork}) AS network,
     (SELECT count(*)::int FROM hour
      WHERE ST_DWithin(geog, ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326)::geography, ${PLACE_RADIUS_M})) AS place`;

/** The median hour of the last 7 days before `at`, over the caller's SQL (medianHour). */
const medianHourSql = (at: string) =>
  `SELECT coalesce(percentile_disc(0.5) WITHIN GROUP (ORDER BY n), 0)::int FROM (
     SELECT (SELECT count(*) FROM report_events e
             WHERE e.held_by IS NULL AND e.at > h AND e.at <= h + interval '1 hour') AS n
     FROM generate_series(${at}::timestamptz - interval '168 hours', ${at}::timestamptz - interval '1 hour',
                          interval '1 hour') AS h
   ) hours`;

/**
 * Whether a newcomer's report is held for a moderator (docs/api.md, "Earned trust"), and by which
 * budget, as a block of a report's database function (spots/report.sql.ts) over its parameters and
 * variables: sets `into` to 'place' near a place that already had its newcomer reports this hour,
 * 'network' from a wide network that had its own, 'site' past the site's (the setting, or three times
 * the week's median hour if larger); leaves it null to publish at once. Under the budgets' lock, so
 * concurrent reports on any instance take turns and no hour publishes more than a budget. A phone's
 * network is its operator, shared by millions: numbers are held by the site and place budgets only.
 * A budget of 0 is off.
 */
export function newcomerHoldBlock(x: {
  into: string;
  budgets: { site: string; network: string; place: string };
  wideNetwork: string;
  phone: string;
  lat: string;
  lng: string;
  at: string;
}): string {
  const { site, network, place } = x.budgets;
  return `IF ${site} > 0 OR ${network} > 0 OR ${place} > 0 THEN
    DECLARE u_site integer; u_network integer; u_place integer;
    BEGIN
      PERFORM pg_advisory_xact_lock(${LOCK});
      SELECT u.site, u.network, u.place INTO u_site, u_network, u_place
        FROM (${hourUse(x.at, x.wideNetwork, x.lat, x.lng)}) u;
      IF ${place} > 0 AND u_place >= ${place} THEN ${x.into} := 'place';
      ELSIF ${network} > 0 AND NOT ${x.phone} AND u_network >= ${network} THEN ${x.into} := 'network';
      ELSIF ${site} > 0 AND u_site >= ${site}
        AND u_site >= ${BASELINE_TIMES} * (${medianHourSql(x.at)}) THEN ${x.into} := 'site';
      END IF;
    END;
  END IF`;
}

/**
 * The median hour of the last 7 days (168 hours, quiet ones included), counting every report published
 * at once: the site's own baseline.
 */
export async function medianHour(db: Queryable, at: Date): Promise<number> {
  const [row] = await db.query<{ median: number }>(`SELECT (${medianHourSql('$1')}) AS median`, [at]);
  return row?.median ?? 0;
}

/**
 * Records how a report was published (and forgets events older than the baseline's week), as a
 * statement of a report's database function over its parameters and variables; `heldBy` null when it
 * was published at once.
 */
export function reportEventStatement(e: {
  spotId: string;
  at: string;
  newcomer: string;
  heldBy: string;
  wideNetwork: string;
  lat: string;
  lng: string;
}): string {
  return `WITH old AS (DELETE FROM report_events WHERE at < ${e.at}::timestamptz - interval '${KEEP_DAYS} days')
     INSERT INTO report_events (spot_id, at, newcomer, held_by, wide_network, geog)
     VALUES (${e.spotId}, ${e.at}, ${e.newcomer}, ${e.heldBy}, ${e.wideNetwork},
       ST_SetSRID(ST_MakePoint(${e.lng}, ${e.lat}), 4326)::geography)`;
}
