import { randomBytes } from 'node:crypto';
import {
  DEFAULT_ALERT_MIN_CONFIDENCE,
  DEFAULT_ARCHIVE_MONTHS,
  DEFAULT_HALF_LIVES,
} from '../../../common/confidence.ts';
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
  /**
   * Newcomers' reports published at once in any hour (docs/api.md, "Earned trust"): site-wide (or
   * three times the median hour of the last 7 days, if larger), per wide network, and within 1 km of a
   * place. Past one the report is held for review. 0 turns a budget off.
   */
  reportBudgetPerHour: number;
  reportBudgetPerNetworkPerHour: number;
  reportBudgetPerPlacePerHour: number;
  /** Standing: first seen at least this many days ago, and seen on at least standingActiveDays of them. */
  standingDays: number;
  standingActiveDays: number;
  /** SMS and push alerts queued in any hour, site-wide; past it a spot's alerts are not sent. */
  alertBudgetPerHour: number;
  /** Confidence is halved every this many days without a confirmation: severity 4–5, and the rest. */
  halfLifeDaysSevere: number;
  halfLifeDays: number;
  /** Alerts (SMS, push, the page's nearby alert) skip spots whose confidence is below this. */
  alertMinConfidence: number;
  /** A spot nobody confirmed for this many months is archived: severity 4–5, and the rest. */
  archiveMonthsSevere: number;
  archiveMonths: number;
  /** A held report waiting this many minutes pages the on-duty moderators of its place. */
  heldAlertMinutes: number;
  /** An alarm nobody acted on this many minutes after its first page pages every moderator. */
  escalateMinutes: number;
}

/** Each setting's row key and its value when the row is missing. */
const KEYS: { [K in keyof SiteSettings]: [key: string, fallback: SiteSettings[K]] } = {
  requireApproval: ['require_approval', false],
  autoHideFlagThreshold: ['auto_hide_flag_threshold', 3],
  autoHideBudgetPerHour: ['auto_hide_budget_per_hour', 5],
  disputeBudgetPerHour: ['dispute_budget_per_hour', 20],
  requireTwoFactor: ['require_two_factor', false],
  reportBudgetPerHour: ['report_budget_per_hour', 30],
  reportBudgetPerNetworkPerHour: ['report_budget_per_network_per_hour', 5],
  reportBudgetPerPlacePerHour: ['report_budget_per_place_per_hour', 3],
  standingDays: ['standing_days', 3],
  standingActiveDays: ['standing_active_days', 2],
  alertBudgetPerHour: ['alert_budget_per_hour', 120],
  halfLifeDaysSevere: ['half_life_days_severe', DEFAULT_HALF_LIVES.severeDays],
  halfLifeDays: ['half_life_days', DEFAULT_HALF_LIVES.otherDays],
  alertMinConfidence: ['alert_min_confidence', DEFAULT_ALERT_MIN_CONFIDENCE],
  archiveMonthsSevere: ['archive_months_severe', DEFAULT_ARCHIVE_MONTHS.severe],
  archiveMonths: ['archive_months', DEFAULT_ARCHIVE_MONTHS.other],
  heldAlertMinutes: ['held_alert_minutes', 15],
  escalateMinutes: ['escalate_minutes', 30],
};
/** A default kept by the configuration (an environment variable) sits under this prefix. */
const DEFAULT_PREFIX = 'default:';
const NAMES = Object.keys(KEYS) as Array<keyof SiteSettings>;

/**
 * The settings: what a moderator set, else the configured default (setConfiguredDefaults), else the
 * built-in one.
 */
export async function readSiteSettings(db: Queryable): Promise<SiteSettings> {
  const keys = NAMES.map((n) => KEYS[n][0]);
  const stored = await selectSettings(db, [...keys, ...keys.map((k) => DEFAULT_PREFIX + k)]);
  const settings = {} as Record<keyof SiteSettings, unknown>;
  for (const name of NAMES) {
    const [key, fallback] = KEYS[name];
    const value = stored.get(key) ?? stored.get(DEFAULT_PREFIX + key);
    settings[name] = typeof fallback === 'boolean' ? value === true : Number(value ?? fallback);
  }
  return settings as SiteSettings;
}

/**
 * One setting as a SQL expression, read as readSiteSettings reads it (what a moderator set, else the
 * configured default, else the built-in one): a boolean for a boolean setting, else a double
 * precision. A write's database function reads the settings it needs this way inside its own
 * statement, rather than taking them as arguments read in a round trip before it: under the vote
 * row's load that read cost about a tenth of the votes (bench/NOTES.md, "A vote's settings in its
 * statement, and the tile functions"). The keys are the code's own constants, never user input.
 */
export function settingSql(name: keyof SiteSettings): string {
  const [key, fallback] = KEYS[name];
  const stored = (k: string) =>
    `nullif((SELECT s.value FROM settings s WHERE s.key = '${k}'), 'null'::jsonb)`;
  const value = `coalesce(${stored(key)}, ${stored(DEFAULT_PREFIX + key)}, '${JSON.stringify(fallback)}'::jsonb)`;
  return typeof fallback === 'boolean'
    ? `(${value} = 'true'::jsonb)`
    : `((${value}) #>> '{}')::double precision`;
}

export async function writeSiteSettings(db: Queryable, changes: Partial<SiteSettings>): Promise<void> {
  for (const name of NAMES) {
    const value = changes[name];
    if (value !== undefined) await upsertSetting(db, KEYS[name][0], value);
  }
}

/**
 * The defaults this instance's configuration gives (environment variables), kept beside the settings
 * so every reader sees them; a value a moderator set still wins. Written at start.
 */
export async function setConfiguredDefaults(db: Queryable, defaults: Partial<SiteSettings>): Promise<void> {
  for (const name of NAMES) {
    const value = defaults[name];
    if (value !== undefined) await upsertSetting(db, DEFAULT_PREFIX + KEYS[name][0], value);
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
