/**
 * The domain's fixed vocabularies and limits, shared by the server's schemas and the web page so the
 * form's limits cannot drift from the API's. Plain data only: the page bundles this file.
 */

export const CATEGORIES = [
  'murder',
  'mob_action',
  'boda_gang',
  'robbery',
  'stabbing',
  'kidnapping',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const TIMES_OF_DAY = ['day', 'night', 'any'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

/** How a route is travelled (each a profile of the routing service, OSRM_PROFILES). */
export const TRAVEL_MODES = ['driving', 'walking', 'cycling'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

export const STATUSES = ['unverified', 'confirmed', 'disputed'] as const;
export type Status = (typeof STATUSES)[number];

/**
 * The seed's rule for a spot's community status: confirmed once confirmations outnumber denials by
 * STATUS_MARGIN, disputed once denials outnumber confirmations by as many, else unverified. The
 * database derives the stored column by the same rule (migration 0001); a test keeps the two agreeing.
 */
export const STATUS_MARGIN = 3;
export function statusFor(confirmations: number, denials: number): Status {
  if (confirmations - denials >= STATUS_MARGIN) return 'confirmed';
  if (denials - confirmations >= STATUS_MARGIN) return 'disputed';
  return 'unverified';
}

export const FLAG_REASONS = [
  'inaccurate',
  'names_person',
  'duplicate',
  'abusive',
  'resolved',
  'other',
] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/** Why a spot waits in the moderators' review queue (docs/moderators.md). */
export const REVIEW_REASONS = ['disputed', 'flagged', 'held'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

export const ROLES = ['moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The fields of a report, in the order forms show them; common/report.ts holds each one's rules. */
export const REPORT_FIELDS = [
  'title',
  'description',
  'area',
  'lat',
  'lng',
  'category',
  'severity',
  'time_of_day',
  'incident_date',
  'source_url',
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

/** Spot ids are positive whole numbers held in a 32-bit integer column. */
export const MAX_ID = 2_147_483_647;

/** The moderators' console's tabs, in order (each a state of GET /api/mod/spots). */
export const MOD_STATES = [
  'pending',
  'flagged',
  'review',
  'bursts',
  'rejected',
  'approved',
  'archived',
  'all',
] as const;
export type ModState = (typeof MOD_STATES)[number];

/** What a moderator can do to a spot: POST /api/mod/spots/{id}/{action}. */
export const MOD_ACTIONS = [
  'approve',
  'reject',
  'verify',
  'unverify',
  'dismiss-flags',
  'archive',
  'restore',
] as const;
export type ModAction = (typeof MOD_ACTIONS)[number];

/** What partners' webhooks hear of (docs/api.md, "Webhooks"). */
export const WEBHOOK_EVENTS = ['spot.published', 'spot.verified', 'spot.archived'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The console's tab counts stop here: counting a million approved spots at every visit costs too much. */
export const QUEUE_COUNT_CAP = 1000;

/**
 * An area kept offline (docs/web.md, "Areas kept offline"): the background's tiles of a view, from
 * the archive's shallowest zoom down while they stay within both bounds; deeper views draw from the
 * deepest kept tiles. A phone keeps several areas within the page's own budget.
 */
export const AREA_MAX_TILES = 1500;
export const AREA_MAX_BYTES = 20 * 1024 * 1024;

/** Public spots this near a new report are offered first: the same danger is confirmed, not reported again. */
export const DUPLICATE_RADIUS_M = 150;

/** Character limits of the free-text fields (docs/api.md, "Reporting a spot"). */
export const TEXT_LIMITS = {
  titleMin: 3,
  title: 80,
  description: 600,
  area: 80,
  sourceUrl: 300,
  flagNote: 300,
} as const;

/**
 * Whether a public spot counts as a danger (nearby alerts on the page): the community has not
 * disputed it, or it is protected from votes (verified by moderators, or seeded with its source).
 * The server's rule (server/src/spots/protection.ts) also protects a spot a moderator restored in
 * the last 30 days, which the public Spot does not show.
 */
export const countsAsDanger = (s: {
  status: Status;
  moderator_verified: boolean;
  seeded: boolean;
  source_url: string | null;
}) => s.status !== 'disputed' || s.moderator_verified || (s.seeded && s.source_url !== null);

/**
 * A network's name in the console: the start of its salted key, the same on every spot, alarm and
 * log entry, so a moderator recognises one network wherever it acted (and it tells nothing of it).
 */
export const networkName = (key: string) => `network ${key.slice(0, 6)}`;
