import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { insertSecretOnce, selectSettings, upsertSetting } from './settings.sql.ts';

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
  const stored = await selectSettings(
    db,
    NAMES.map((n) => KEYS[n][0]),
  );
  const settings = {} as Record<keyof SiteSettings, unknown>;
  for (const name of NAMES) {
    const [key, fallback] = KEYS[name];
    const value = stored.get(key);
    settings[name] = typeof fallback === 'boolean' ? value === true : Number(value ?? fallback);
  }
  return settings as SiteSettings;
}

export async function writeSiteSettings(db: Queryable, changes: Partial<SiteSettings>): Promise<void> {
  for (const name of NAMES) {
    const value = changes[name];
    if (value !== undefined) await upsertSetting(db, KEYS[name][0], value);
  }
}

/**
 * A secret generated once per database and kept there (the visitor salt when VISITOR_SALT is not
 * configured, the push keys when VAPID_* are not). Concurrent first starts agree on one value: the
 * first insert wins.
 */
export async function ensureSecret(
  db: Queryable,
  name: string,
  make: () => string = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  const value = await insertSecretOnce(db, name, make());
  if (!value) throw new Error(`secret ${name} could not be stored`);
  return value;
}
