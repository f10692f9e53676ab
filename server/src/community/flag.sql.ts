import type { Db } from '../db/db.ts';
import { Routine } from '../db/routines.ts';
import type { Identity } from '../identity/identify.ts';
import { settingSql } from '../settings/index.ts';
import { PROTECTED } from '../spots/index.ts';
import { spendBudget } from './budgets.sql.ts';
import { flagsReach, lockPublicSpot, reviewMark } from './community.sql.ts';

/**
 * A flag as one database function, so a flag is one statement and one round trip (as a vote is,
 * vote.sql.ts). In order: lock the public spot; store the flag unless this visitor flagged it
 * already; when open flags from distinct wide networks reach the threshold: a protected spot goes to
 * the review queue, otherwise one of the site's hides for the hour is spent and the spot leaves the
 * public map until a moderator decides; with none left it stays on the map, held in the review
 * queue, and the hold is noted once for the moderators' alarms. The threshold and the hides per hour
 * are the site's settings as they are now, read inside the statement.
 */
const flagSpotRoutine = new Routine(
  'flag_spot',
  (name) => `CREATE OR REPLACE FUNCTION ${name}(
  p_spot integer, p_visitor text, p_network text, p_wide text, p_agent text, p_device boolean,
  p_reason text, p_note text, p_duplicate_of integer)
RETURNS text
LANGUAGE plpgsql AS $fn$
DECLARE
  v_protected boolean; v_review text; v_budget_used integer; v_budget_frees double precision;
  v_threshold integer; v_hide_budget integer;
BEGIN
  ${lockPublicSpot(`${PROTECTED}, s.review_reason`, 'v_protected, v_review', 'p_spot')};
  IF NOT FOUND THEN
    RETURN 'not_found';
  END IF;
  INSERT INTO flags (spot_id, visitor, network, wide_network, agent, device, reason, note, duplicate_of)
    VALUES (p_spot, p_visitor, p_network, p_wide, p_agent, p_device, p_reason, p_note, p_duplicate_of)
    ON CONFLICT (spot_id, visitor) DO NOTHING;
  IF NOT FOUND THEN
    RETURN 'already';
  END IF;
  v_threshold := ${settingSql('autoHideFlagThreshold')};
  IF NOT ${flagsReach('p_spot', 'v_threshold')} THEN
    RETURN 'flagged';
  END IF;
  IF v_protected THEN
    ${reviewMark('p_spot', "'flagged'")};
    RETURN 'flagged';
  END IF;
  v_hide_budget := ${settingSql('autoHideBudgetPerHour')};
  ${spendBudget(
    'hidden',
    'v_hide_budget',
    'p_spot',
    `IF v_review IS DISTINCT FROM 'held' THEN
        INSERT INTO signal_events (kind, spot_id) VALUES ('held', p_spot);
      END IF;
      ${reviewMark('p_spot', "'held'")};
      RETURN 'flagged';`,
  )};
  UPDATE spots SET publication = 'pending', auto_hidden_at = now(), updated_at = now(),
    review_reason = NULL, review_since = NULL
  WHERE id = p_spot;
  RETURN 'hidden';
END
$fn$`,
);

/**
 * Stores a visitor's flag on a public spot and hides the spot or holds it for review when the flags
 * call for it, in one statement (flagSpotRoutine above). `already`: this visitor flagged it before.
 */
export async function flagSpotOnce(
  db: Db,
  spotId: number,
  who: Identity,
  f: {
    reason: string;
    note: string;
    duplicateOf: number | null;
  },
): Promise<'not_found' | 'already' | 'flagged' | 'hidden'> {
  const [row] = await flagSpotRoutine.call<{ result: 'not_found' | 'already' | 'flagged' | 'hidden' }>(db, [
    spotId,
    who.visitor,
    who.network,
    who.wideNetwork,
    who.agent,
    who.device,
    f.reason,
    f.note,
    f.duplicateOf,
  ]);
  if (!row) throw new Error('the flag function answered no row');
  return row.result;
}
