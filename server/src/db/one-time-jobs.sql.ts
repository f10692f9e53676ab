import type { Queryable } from './db.ts';
import { qb, rowsOf } from './sql-builder.ts';

/**
 * Claims a one-time job (loading the seed, a data repair) for this database; true only for the one
 * caller that claimed it, however many instances start at once.
 */
export async function claimOneTimeJob(tx: Queryable, name: string): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    qb
      .insertInto('app_events')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name'),
  );
  return rows.length === 1;
}

export async function oneTimeJobDone(db: Queryable, name: string): Promise<boolean> {
  const rows = await rowsOf(db, qb.selectFrom('app_events').select('name').where('name', '=', name));
  return rows.length > 0;
}
