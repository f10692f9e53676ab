/**
 * How sure the map is of a spot, and how recent that is: `confidence`, 0 to 10 (docs/api.md,
 * "Confidence and time"). One pure rule, read by the server when it stores a spot's confidence
 * (server/src/spots/confidence.ts) and by the page for its words; property tests in
 * server/test/spots/confidence.test.ts.
 *
 * - Evidence: the report (a reporter with standing counts 2, a newcomer or a seed's source 1) and
 *   each wide network that confirmed it since (2 where a voter of it had standing, 1 otherwise;
 *   the reporter's own vote is the report), against each wide network that denied it (the same
 *   weights). The share of evidence for the danger, with a prior of 2 against:
 *   support / (support + denials + 2). One newcomer's report alone is 1/3.
 * - Time: halved every half-life since the last confirmation (by severity: severe dangers are
 *   remembered longer; settings).
 * - Floors: a spot moderators verified is at least 8, one with a source (a news, police or court
 *   page) at least 6, whatever its age: they are archived by age instead (the archive rule).
 */

export interface ConfidenceInputs {
  moderatorVerified: boolean;
  /** The spot has a source (source_url). */
  sourced: boolean;
  /** The reporter had standing when reporting (seeded spots: false). */
  reporterStanding: boolean;
  /** Wide networks that confirmed it since the report, each counting 2 (a voter with standing) or 1. */
  support: number;
  /** Wide networks that denied it, counted the same way. */
  doubt: number;
  /** Days since it was last confirmed (or reported). */
  ageDays: number;
  severity: number;
}

export interface HalfLives {
  /** Days after which confidence of a severity 4–5 spot is halved. */
  severeDays: number;
  /** The same for severities 1–3. */
  otherDays: number;
}

export const DEFAULT_HALF_LIVES: HalfLives = { severeDays: 180, otherDays: 90 };

export const VERIFIED_FLOOR = 8;
export const SOURCED_FLOOR = 6;
/** What the report itself weighs: a reporter with standing, and anyone else. */
export const REPORT_WEIGHT = { standing: 2, newcomer: 1 } as const;
/** The evidence against every danger before anyone said anything. */
export const PRIOR_DOUBT = 2;
/** Halvings counted at most: nothing is left after far fewer, and PostgreSQL refuses an underflow. */
export const MAX_HALVINGS = 1000;
/** Severities remembered longer (the severe half-life). */
export const SEVERE_FROM = 4;

/**
 * Confidence, 0 to 10, with one decimal. The server computes it in the database with the same rule
 * written as SQL from these constants (server/src/spots/confidence.sql.ts), tested against this one.
 */
export function confidence(i: ConfidenceInputs, halfLives: HalfLives = DEFAULT_HALF_LIVES): number {
  const report = i.reporterStanding ? REPORT_WEIGHT.standing : REPORT_WEIGHT.newcomer;
  const support = report + Math.max(0, i.support);
  const share = support / (support + Math.max(0, i.doubt) + PRIOR_DOUBT);
  const halfLife = i.severity >= SEVERE_FROM ? halfLives.severeDays : halfLives.otherDays;
  const fresh = 0.5 ** Math.min(MAX_HALVINGS, Math.max(0, i.ageDays) / Math.max(1, halfLife));
  const floor = i.moderatorVerified ? VERIFIED_FLOOR : i.sourced ? SOURCED_FLOOR : 0;
  return Math.round(Math.max(floor, 10 * share * fresh) * 10) / 10;
}

/** Bands of confidence, for words, statistics and the map's look: likely 7 and up, possible 4 and up. */
const CONFIDENCE_BANDS = ['likely', 'possible', 'unconfirmed'] as const;
export type ConfidenceBand = (typeof CONFIDENCE_BANDS)[number];

export const BAND_FROM = { likely: 7, possible: 4 } as const;

/**
 * Alerts (SMS, push, the page's nearby alert) skip spots below this confidence unless moderators set
 * another: a newcomer's lone report (3.3) still alerts once its second voice came; a spot a denial
 * or half a year without a word brought below it does not.
 */
export const DEFAULT_ALERT_MIN_CONFIDENCE = 3;

/**
 * "Still there?": a danger nobody confirmed for this many days is asked about (the page, near it;
 * USSD's spot screen), as Waze asks drivers passing an old report.
 */
export const STILL_THERE_AFTER_DAYS = 30;

/**
 * Ageing out: a spot nobody confirmed (and no moderator kept) for this many months is archived, by
 * severity (SEVERE_FROM and up, and the rest); site settings, these their defaults.
 */
export const DEFAULT_ARCHIVE_MONTHS = { severe: 12, other: 6 } as const;

/** When a spot was last confirmed, else reported (a seeded spot: its incident), as the API gives it. */
export const lastWordOn = (s: {
  last_confirmed_at: string | null;
  seeded: boolean;
  incident_date: string | null;
  created_at: string;
}): string => s.last_confirmed_at ?? (s.seeded ? s.incident_date : null) ?? s.created_at;

/** Whole days from `lastWord` (when a spot was last confirmed) to `now`. */
export const daysSince = (lastWord: string | Date, now: number): number =>
  Math.floor((now - new Date(lastWord).getTime()) / 86_400_000);

/** Whole days since a spot was last confirmed (lastWordOn), at `now`. */
export const daysWithoutWord = (s: Parameters<typeof lastWordOn>[0], now: number): number =>
  daysSince(lastWordOn(s), now);

export function confidenceBand(c: number): ConfidenceBand {
  return c >= BAND_FROM.likely ? 'likely' : c >= BAND_FROM.possible ? 'possible' : 'unconfirmed';
}
