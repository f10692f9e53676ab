/**
 * What other features may use of spots; nothing else of this folder is theirs to import.
 * SPOT_COLUMNS, PROTECTED, RESTORE and COUNTS_AS_DANGER are SQL fragments on purpose: the one shape
 * every feature selects spots in, and the one rule of which spots are protected or count as danger;
 * confidenceOf is the confidence rule's query, for a vote's database function.
 */

export { confidenceOf } from './confidence.sql.ts';
export {
  archiveAgedSpots,
  ConfidenceAgeing,
  refreshConfidence,
  refreshStaleConfidence,
} from './confidence.ts';
export { DATA_LICENCE, spotFeature } from './export.ts';
export { COUNTS_AS_DANGER, PROTECTED, RESTORE } from './protection.ts';
export { redactPhoneNumbers } from './redact.ts';
export { LAST_WORD, type Publication, SPOT_COLUMNS, SPOT_JSON, type SpotRow, toSpot } from './spot-row.ts';
export { spotIdParams } from './spots.schema.ts';
export {
  findPublicSpot,
  getPublicSpot,
  idPageOfPublicSpots,
  newestPublicSpots,
  redactReport,
  reportSpot,
  SHOWN_ORDER,
} from './spots.service.ts';
export { releaseWaitingAlerts } from './spots.sql.ts';
