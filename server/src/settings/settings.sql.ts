import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';

/** Site settings moderators change at run time; the defaults are inserted by the migrations. */
export interface SiteSettings {
  requireApproval: boolean;
  autoHideFlagThreshold: number;
  /** Auto-hides by flags allowed in any hour, site-wide; past it, flagged spots wait for review. */
  autoHideBudgetPerHour: number;
  /** Spots votes may move into `disputed` in any hour, site-wide; past it, such votes are refused. */
  disputeBudgetPerHour: number;
  /** Every moderator must sign in with a second factor (TOTP). */
  requireTwoFactor: boolean;
}

/** Each setting's row key and its value when the row is missing. */
const KEYS: { [K in keyof SiteSettings]: [key: string, fallback: SiteSettings[K]] } = {
  requireApproval: ['require_approval', false],
  autoHideFlagThreshold: ['auto_hide_flag_threshold', 3],
  autoHideBudgetPerHour: ['auto_hide_budget_per_hour', 5],
  disputeBudgetPerHour: ['dispute_budget_per_hour', 20],
  requireTwoFactor: ['require_two_factor', false],
};
const NAMES = Object.keys(KEYS) as Array<keyof SiteSettings>;

export async function readSiteSettings(db: Queryable): Promise<SiteSettings> {
  const rows = await db.query<{ key: string; value: unknown }>(
    'SELECT key, value FROM settings WHERE key = ANY($1::text[])',
    [NAMES.map((n) => KEYS[n][0])],
  );
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  const settings = {} as Record<keyof SiteSettings, unknown>;
  for (const name of NAMES) {
    const [key, fallback] = KEYS[name];
    const value = stored.get(key);
    settings[name] = typeof fallback === 'boolean' ? value === true : Number(value ?? fallback);
  }
  return settings as SiteSettings;
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
  for (const name of NAMES) {
    const value = changes[name];
    if (value === undefined) continue;
    await db.query(
      `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [KEYS[name][0], JSON.stringify(value)],
    );
  }
}
