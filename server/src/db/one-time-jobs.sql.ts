import type { Queryable } from './db.ts';

/**
 * Claims a one-time job (loading the seed, a data repair) for this database; true only for the one
 * caller that claimed it, however many instances start at once.
 */
export async function claimOneTimeJob(tx: Queryable, name: string): Promise<boolean> {
  const rows = await tx.query(
    'INSERT INTO app_events (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING name',
    [name],
  );
  return rows.length === 1;
}

export async function oneTimeJobDone(db: Queryable, name: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM app_events WHERE name = $1', [name]);
  return rows.length > 0;
}
