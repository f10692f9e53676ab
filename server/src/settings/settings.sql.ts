import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';

/** Site settings moderators change at run time; the defaults are inserted by the first migration. */
export interface SiteSettings {
  requireApproval: boolean;
  autoHideFlagThreshold: number;
}

export async function readSiteSettings(db: Queryable): Promise<SiteSettings> {
  const rows = await db.query<{ key: string; value: unknown }>(
    `SELECT key, value FROM settings WHERE key IN ('require_approval', 'auto_hide_flag_threshold')`,
  );
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  return {
    requireApproval: value('require_approval') === true,
    autoHideFlagThreshold: Number(value('auto_hide_flag_threshold') ?? 3),
  };
}

/**
 * A secret generated once per database and kept there (the visitor salt when VISITOR_SALT is not
 * configured). Concurrent first starts agree on one value: the first insert wins.
 */
export async function ensureSecret(db: Queryable, name: string): Promise<string> {
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const rows = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  const value = rows[0]?.value;
  if (!value) throw new Error(`secret ${name} could not be stored`);
  return value;
}

export async function writeSiteSettings(db: Queryable, changes: Partial<SiteSettings>): Promise<void> {
  const keyed: Array<[string, unknown]> = [
    ['require_approval', changes.requireApproval],
    ['auto_hide_flag_threshold', changes.autoHideFlagThreshold],
  ];
  for (const [key, value] of keyed) {
    if (value === undefined) continue;
    await db.query(
      `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [key, JSON.stringify(value)],
    );
  }
}
