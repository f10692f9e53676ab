import type { Queryable } from '../db/db.ts';

/** The stored values of the given setting keys (a key never written is absent). */
export async function selectSettings(db: Queryable, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db.query<{ key: string; value: unknown }>(
    'SELECT key, value FROM settings WHERE key = ANY($1::text[])',
    [keys],
  );
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function upsertSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

/** Stores `value` under `name` unless a value is stored already; returns the stored one. */
export async function insertSecretOnce(
  db: Queryable,
  name: string,
  value: string,
): Promise<string | undefined> {
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    value,
  ]);
  const rows = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  return rows[0]?.value;
}
