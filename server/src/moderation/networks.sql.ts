import type { Queryable } from '../db/db.ts';

/**
 * Votes and flags seen by network, for moderators. A network is a salted hash (an IPv4 address or
 * IPv6 /56); moderators see it by the start of its key (common/domain.ts, networkName), and pass the
 * key back to void it. Voiding keeps a reporter's own vote on their report.
 */

/** A burst: this many votes (or flags) from one network on one spot within BURST_MINUTES. */
export const BURST = { count: 5, minutes: 10, lookbackDays: 7 } as const;

const WITHIN = `RANGE BETWEEN interval '${BURST.minutes} minutes' PRECEDING AND CURRENT ROW`;
const RECENT = `now() - interval '${BURST.lookbackDays} days'`;

/** EXISTS-able: a burst on the spot `s` of the enclosing query. */
export const BURSTS_OF_SPOT = `SELECT 1 FROM (
    SELECT count(*) OVER (PARTITION BY v.network ORDER BY v.updated_at ${WITHIN}) AS n
    FROM votes v WHERE v.spot_id = s.id AND v.network IS NOT NULL AND v.updated_at > ${RECENT}
    UNION ALL
    SELECT count(*) OVER (PARTITION BY f.network ORDER BY f.created_at ${WITHIN})
    FROM flags f WHERE f.spot_id = s.id AND f.created_at > ${RECENT}
  ) b WHERE b.n >= ${BURST.count}`;

/** The ids of spots with a recent burst, found in one pass over the recent votes and flags. */
export const SPOTS_WITH_BURSTS = `SELECT b.spot_id FROM (
    SELECT v.spot_id, count(*) OVER (PARTITION BY v.spot_id, v.network ORDER BY v.updated_at ${WITHIN}) AS n
    FROM votes v WHERE v.network IS NOT NULL AND v.updated_at > ${RECENT}
    UNION ALL
    SELECT f.spot_id, count(*) OVER (PARTITION BY f.spot_id, f.network ORDER BY f.created_at ${WITHIN})
    FROM flags f WHERE f.created_at > ${RECENT}
  ) b WHERE b.n >= ${BURST.count}`;

export interface NetworkActivityRow {
  network: string;
  up: number;
  down: number;
  flags: number;
  open_flags: number;
  total: number;
  agents: number;
  top_agent: number;
  with_device: number;
  first_at: Date | string;
  last_at: Date | string;
  burst: boolean;
  /** Its votes a void would take: all but the reporter's own. */
  voidable: number;
}

/** One row per network that voted on or flagged the spot, in order of its first act. */
export function networkActivity(db: Queryable, spotId: number): Promise<NetworkActivityRow[]> {
  return db.query<NetworkActivityRow>(
    `WITH acts AS (
       SELECT network, 'vote' AS kind, value, agent, device, updated_at AS at, false AS open, by_reporter
       FROM votes WHERE spot_id = $1 AND network IS NOT NULL
       UNION ALL
       SELECT network, 'flag', 0, agent, device, created_at, resolved_at IS NULL, false
       FROM flags WHERE spot_id = $1
     ), peaks AS (
       SELECT network, max(n) AS peak FROM (
         SELECT network, count(*) OVER (PARTITION BY network, kind ORDER BY at ${WITHIN}) AS n FROM acts
       ) w GROUP BY network
     ), by_agent AS (
       SELECT network, max(n) AS top_agent FROM (
         SELECT network, count(*) AS n FROM acts GROUP BY network, agent
       ) a GROUP BY network
     )
     SELECT a.network,
       count(*) FILTER (WHERE kind = 'vote' AND value = 1)::int AS up,
       count(*) FILTER (WHERE kind = 'vote' AND value = -1)::int AS down,
       count(*) FILTER (WHERE kind = 'flag')::int AS flags,
       count(*) FILTER (WHERE kind = 'flag' AND open)::int AS open_flags,
       count(*) FILTER (WHERE kind = 'vote' AND NOT by_reporter)::int AS voidable,
       count(*)::int AS total,
       count(DISTINCT agent)::int AS agents,
       max(g.top_agent)::int AS top_agent,
       count(*) FILTER (WHERE device)::int AS with_device,
       min(at) AS first_at, max(at) AS last_at,
       max(p.peak) >= ${BURST.count} AS burst
     FROM acts a JOIN peaks p USING (network) JOIN by_agent g USING (network)
     GROUP BY a.network ORDER BY min(at), a.network`,
    [spotId],
  );
}

/** Deletes one network's votes on a spot and takes them off its counts; returns what was removed. */
export async function deleteNetworkVotesOnSpot(
  tx: Queryable,
  spotId: number,
  network: string,
): Promise<{ up: number; down: number }> {
  const rows = await tx.query<{ up: number; down: number }>(
    `WITH gone AS (DELETE FROM votes WHERE spot_id = $1 AND network = $2 AND NOT by_reporter RETURNING value),
     counted AS (SELECT count(*) FILTER (WHERE value = 1)::int AS up,
                        count(*) FILTER (WHERE value = -1)::int AS down FROM gone),
     moved AS (UPDATE spots s SET confirmations = s.confirmations - c.up, denials = s.denials - c.down,
                 updated_at = now()
               FROM counted c WHERE s.id = $1 AND c.up + c.down > 0)
     SELECT up, down FROM counted`,
    [spotId, network],
  );
  return rows[0] ?? { up: 0, down: 0 };
}

/** Locks, in id order, the spots a network voted on in a period (before their votes are deleted). */
export function lockSpotsVotedBy(
  tx: Queryable,
  network: string,
  from: Date,
  to: Date,
): Promise<Array<{ id: number; status: string }>> {
  return tx.query<{ id: number; status: string }>(
    `SELECT id, status FROM spots WHERE id IN (
       SELECT DISTINCT spot_id FROM votes WHERE network = $1 AND updated_at BETWEEN $2 AND $3)
     ORDER BY id FOR UPDATE`,
    [network, from, to],
  );
}

/** Deletes a network's votes cast in a period on every spot; returns what went, per spot. */
export function deleteNetworkVotesInPeriod(
  tx: Queryable,
  network: string,
  from: Date,
  to: Date,
): Promise<Array<{ spot_id: number; up: number; down: number }>> {
  return tx.query(
    `WITH gone AS (
       DELETE FROM votes WHERE network = $1 AND updated_at BETWEEN $2 AND $3 AND NOT by_reporter
       RETURNING spot_id, value),
     per AS (SELECT spot_id, count(*) FILTER (WHERE value = 1)::int AS up,
                    count(*) FILTER (WHERE value = -1)::int AS down FROM gone GROUP BY spot_id),
     moved AS (UPDATE spots s SET confirmations = s.confirmations - per.up, denials = s.denials - per.down,
                 updated_at = now() FROM per WHERE s.id = per.spot_id)
     SELECT spot_id, up, down FROM per ORDER BY spot_id`,
    [network, from, to],
  );
}
