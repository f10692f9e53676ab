import { sql } from 'kysely';
import type { Queryable } from '../db/db.ts';
import { qb, rowsOf } from '../db/sql-builder.ts';

/** The stored values of the given setting keys (a key never written is absent). */
export async function selectSettings(db: Queryable, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await rowsOf(
    db,
    qb
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', '=', (eb) => eb.fn.any(sql<string[]>`${keys}::text[]`)),
  );
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function upsertSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await rowsOf(
    db,
    qb
      .insertInto('settings')
      .values({ key, value: sql`${JSON.stringify(value)}::jsonb` })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: sql`now()` })),
      ),
  );
}

/** Stores `value` under `name` unless a value is stored already; returns the stored one. */
export async function insertSecretOnce(
  db: Queryable,
  name: string,
  value: string,
): Promise<string | undefined> {
  await rowsOf(
    db,
    qb
      .insertInto('app_secrets')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doNothing()),
  );
  const rows = await rowsOf(db, qb.selectFrom('app_secrets').select('value').where('name', '=', name));
  return rows[0]?.value;
}
