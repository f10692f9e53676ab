import { sql } from 'kysely';
import type { Queryable } from '../db/db.ts';
import { qb, rowsOf } from '../db/sql-builder.ts';

/** What standing rests on: when a visitor was first seen, on how many days, and whether others agreed. */
export type StandingRow = NonNullable<Awaited<ReturnType<typeof findStanding>>>;

/** Notes that a device or number was seen on `day` (YYYY-MM-DD): one more day when it is a new one. */
export async function recordSeen(db: Queryable, visitor: string, day: string): Promise<void> {
  await rowsOf(
    db,
    qb
      .insertInto('standing')
      .values({ visitor, first_seen: day, last_seen: day })
      .onConflict((oc) =>
        oc
          .column('visitor')
          .doUpdateSet((eb) => ({
            last_seen: eb.ref('excluded.last_seen'),
            days_seen: eb('standing.days_seen', '+', 1),
          }))
          .whereRef('standing.last_seen', '<', 'excluded.last_seen'),
      ),
  );
}

export async function findStanding(db: Queryable, visitor: string) {
  const rows = await rowsOf(
    db,
    qb
      .selectFrom('standing')
      .select((eb) => [
        sql<string>`to_char(first_seen, 'YYYY-MM-DD')`.as('first_seen'),
        'days_seen',
        eb('agreed_at', 'is not', null).$castTo<boolean>().as('agreed'),
      ])
      .where('visitor', '=', visitor),
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
  await rowsOf(
    tx,
    qb
      .updateTable('standing')
      .set({
        agreed_at: null,
        lost_at: at,
        first_seen: day,
        last_seen: day,
        days_seen: 1,
      })
      .where('visitor', '=', (eb) => eb.fn.any(sql<string[]>`${visitors}::text[]`)),
  );
}

/** Who reported a spot (the reporter's own vote), if it was reported through the app. */
export async function reporterOf(tx: Queryable, spotId: number): Promise<string | undefined> {
  const rows = await rowsOf(
    tx,
    qb.selectFrom('votes').select('visitor').where('spot_id', '=', spotId).where('by_reporter', '=', true),
  );
  return rows[0]?.visitor;
}
