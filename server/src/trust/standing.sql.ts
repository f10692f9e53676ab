import type { Queryable } from '../db/db.ts';

/** What standing rests on: when a visitor was first seen, on how many days, and whether others agreed. */
export interface StandingRow {
  first_seen: string;
  days_seen: number;
  agreed: boolean;
}

/** Notes that a device or number was seen on `day` (YYYY-MM-DD): one more day when it is a new one. */
export async function recordSeen(db: Queryable, visitor: string, day: string): Promise<void> {
  await db.query(
    `INSERT INTO standing AS s (visitor, first_seen, last_seen) VALUES ($1, $2::date, $2::date)
     ON CONFLICT (visitor) DO UPDATE SET last_seen = EXCLUDED.last_seen, days_seen = s.days_seen + 1
     WHERE s.last_seen < EXCLUDED.last_seen`,
    [visitor, day],
  );
}

export async function findStanding(db: Queryable, visitor: string): Promise<StandingRow | undefined> {
  const rows = await db.query<StandingRow>(
    `SELECT to_char(first_seen, 'YYYY-MM-DD') AS first_seen, days_seen, agreed_at IS NOT NULL AS agreed
     FROM standing WHERE visitor = $1`,
    [visitor],
  );
  return rows[0];
}

/**
 * Others agreed with the earlier votes of `value` on a spot (the report is its reporter's vote 1):
 * each of those voters from another wide network than `from` has its agreement. Returns who gained it.
 */
export async function agreeWithVotes(
  tx: Queryable,
  spotId: number,
  value: 1 | -1,
  from: { visitor: string; wideNetwork: string } | undefined,
  at: Date,
): Promise<string[]> {
  const rows = await tx.query<{ visitor: string }>(
    agreement({ spot: '$1', value: '$2', visitor: '$3::text', wideNetwork: '$4', at: '$5' }),
    [spotId, value, from?.visitor ?? null, from?.wideNetwork ?? null, at],
  );
  return rows.map((r) => r.visitor);
}

/**
 * agreeWithVotes's statement, over parameters or variables of the caller's SQL (a null `visitor`:
 * everyone who voted `value`); returns each visitor who gained agreement. Also run inside a vote's
 * database function (community/vote.sql.ts).
 */
export function agreement(x: {
  spot: string;
  value: string;
  visitor: string;
  wideNetwork: string;
  at: string;
}) {
  return `UPDATE standing s SET agreed_at = ${x.at}
     FROM votes v
     WHERE v.spot_id = ${x.spot} AND v.value = ${x.value} AND v.visitor = s.visitor AND s.agreed_at IS NULL
       AND (${x.visitor} IS NULL OR (v.visitor <> ${x.visitor} AND v.wide_network IS DISTINCT FROM ${x.wideNetwork}))
     RETURNING s.visitor`;
}

/**
 * These visitors lose standing: their agreement is gone and their time starts again from `day`, so
 * standing is earned anew, with time and agreement.
 */
export async function loseStanding(tx: Queryable, visitors: string[], day: string, at: Date): Promise<void> {
  if (!visitors.length) return;
  await tx.query(
    `UPDATE standing SET agreed_at = NULL, lost_at = $3, first_seen = $2::date, last_seen = $2::date,
       days_seen = 1
     WHERE visitor = ANY($1::text[])`,
    [visitors, day, at],
  );
}

/** Who reported a spot (the reporter's own vote), if it was reported through the app. */
export async function reporterOf(tx: Queryable, spotId: number): Promise<string | undefined> {
  const rows = await tx.query<{ visitor: string }>(
    'SELECT visitor FROM votes WHERE spot_id = $1 AND by_reporter',
    [spotId],
  );
  return rows[0]?.visitor;
}
