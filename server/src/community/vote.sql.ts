import type { Db } from '../db/db.ts';
import { Routine } from '../db/routines.ts';
import type { Identity } from '../identity/identify.ts';
import { settingSql } from '../settings/index.ts';
import { confidenceOf, PROTECTED, SPOT_COLUMNS, type SpotRow } from '../spots/index.ts';
import { agreement } from '../trust/index.ts';
import { spendBudget } from './budgets.sql.ts';
import type { VoteValue } from './community.schema.ts';
import { lockPublicSpot, reportedFrom, reviewMark } from './community.sql.ts';

/** Raised by the vote's function, which rolls the statement back: the vote would change the status. */
const NEEDS_STATUS_CHANGE = 'HT001';
/** Raised by the vote's function: the site's dispute budget is spent (the message: seconds till one frees). */
const DISPUTES_SPENT = 'HT002';

/**
 * A vote as one database function, so a vote is one statement and one round trip: PostgreSQL never
 * waits on this process between the vote's steps, and the spot's row lock is held for the
 * function's run only. In order: lock the public spot (on the map or archived); the visitor's vote
 * before; record the vote or switch it; move the counts (a "still dangerous" vote confirms the spot
 * `at` and brings an archived one back) and store the spot's confidence with the vote counted
 * (spots' rule, with the half-lives the site's settings give now), in one update of its row; when
 * the status (derived by the database from the counts) changes: stop unless the caller spent the
 * network's status change, put a protected spot that becomes disputed in the review queue, spend one
 * of the site's disputes (the setting read there) for an unprotected one (budgets.sql.ts's
 * statements, under its lock; stop when none is left); with standing, give agreement to earlier like
 * votes (trust's rule); and answer the spot as it now stands. Each statement inside takes a new
 * snapshot after the lock, so it sees a vote the same visitor committed just before.
 */
const castVoteRoutine = new Routine(
  'cast_vote',
  (name) => `CREATE OR REPLACE FUNCTION ${name}(
  p_spot integer, p_visitor text, p_value integer, p_network text, p_agent text, p_device boolean,
  p_wide text, p_standing boolean, p_at timestamptz, p_change_spent boolean)
RETURNS TABLE (out_outcome text, out_previous integer, out_agreed text[], out_may_release boolean, out_spot json)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_status text; v_protected boolean; v_alerts_wait boolean; v_new_status text; v_confidence real;
  v_budget_used integer; v_budget_frees double precision; v_dispute_budget integer;
  v_severe_days double precision; v_other_days double precision;
BEGIN
  ${lockPublicSpot(`s.status, ${PROTECTED}, s.alerts_wait`, 'v_status, v_protected, v_alerts_wait', 'p_spot')};
  IF NOT FOUND THEN
    out_outcome := 'not_found'; RETURN NEXT; RETURN;
  END IF;
  SELECT v.value INTO out_previous FROM votes v WHERE v.spot_id = p_spot AND v.visitor = p_visitor;
  IF out_previous = p_value THEN
    out_outcome := 'same'; RETURN NEXT; RETURN;
  END IF;
  INSERT INTO votes (spot_id, visitor, value, network, wide_network, agent, device, standing)
    VALUES (p_spot, p_visitor, p_value, p_network, p_wide, p_agent, p_device, p_standing)
    ON CONFLICT (spot_id, visitor) DO UPDATE SET value = EXCLUDED.value, network = EXCLUDED.network,
      wide_network = EXCLUDED.wide_network, agent = EXCLUDED.agent, device = EXCLUDED.device,
      standing = EXCLUDED.standing, updated_at = now();
  -- The confidence with this vote counted, so the spot's row is updated once.
  v_severe_days := ${settingSql('halfLifeDaysSevere')};
  v_other_days := ${settingSql('halfLifeDays')};
  SELECT c.value INTO v_confidence FROM (${confidenceOf('s.id = p_spot', {
    now: 'p_at',
    severeDays: 'v_severe_days',
    otherDays: 'v_other_days',
    lastConfirmed: 'CASE WHEN p_value = 1 THEN p_at ELSE s.last_confirmed_at END',
  })}) c;
  UPDATE spots s SET
    confirmations = s.confirmations + (p_value = 1)::int - coalesce(out_previous = 1, false)::int,
    denials = s.denials + (p_value = -1)::int - coalesce(out_previous = -1, false)::int,
    confidence = v_confidence, confidence_at = p_at,
    last_confirmed_at = CASE WHEN p_value = 1 THEN p_at ELSE s.last_confirmed_at END, updated_at = now(),
    publication = CASE WHEN p_value = 1 AND s.publication = 'archived' THEN 'approved' ELSE s.publication END,
    archived_at = CASE WHEN p_value = 1 THEN NULL ELSE s.archived_at END
  WHERE s.id = p_spot RETURNING s.status INTO v_new_status;
  IF v_new_status <> v_status THEN
    IF NOT p_change_spent THEN
      RAISE EXCEPTION 'the vote changes the status' USING ERRCODE = '${NEEDS_STATUS_CHANGE}';
    END IF;
    IF v_new_status = 'disputed' AND v_protected THEN
      ${reviewMark('p_spot', "'disputed'")};
    ELSIF v_new_status = 'disputed' THEN
      v_dispute_budget := ${settingSql('disputeBudgetPerHour')};
      ${spendBudget(
        'disputed',
        'v_dispute_budget',
        'p_spot',
        `RAISE EXCEPTION '%', coalesce(v_budget_frees::text, '') USING ERRCODE = '${DISPUTES_SPENT}';`,
      )};
    END IF;
  END IF;
  IF p_standing THEN
    WITH gained AS (
      ${agreement({ spot: 'p_spot', value: 'p_value', visitor: 'p_visitor', wideNetwork: 'p_wide', at: 'p_at' })}
    ) SELECT array_agg(gained.visitor) INTO out_agreed FROM gained;
  END IF;
  out_may_release := p_value = 1 AND p_standing AND v_alerts_wait AND NOT ${reportedFrom('p_spot', 'p_wide')};
  SELECT row_to_json(x) INTO out_spot FROM (SELECT ${SPOT_COLUMNS} FROM spots s WHERE s.id = p_spot) x;
  out_outcome := 'ok';
  RETURN NEXT;
END
$fn$`,
);

export type CastVote =
  | { outcome: 'not_found' }
  /** The visitor's vote already was this one: nothing changed. */
  | { outcome: 'same'; previous: VoteValue }
  /** Nothing was stored: the vote would change the status, and the caller has not spent the change. */
  | { outcome: 'needs_status_change' }
  /** Nothing was stored: the site's disputes for the hour are spent; `freesIn` seconds till one frees. */
  | { outcome: 'disputes_spent'; freesIn: number | null }
  | {
      outcome: 'ok';
      previous: VoteValue | null;
      spot: SpotRow;
      /** Visitors who gained agreement by this vote. */
      agreed: string[];
      /** A confirmation that may be the second voice the spot's alerts wait for (releaseAlertsOnConfirmation). */
      mayRelease: boolean;
    };

/** Records a visitor's vote on a public spot, in one statement (castVoteRoutine above). */
export async function castVoteOnce(
  db: Db,
  spotId: number,
  who: Identity,
  v: {
    value: VoteValue;
    standing: boolean;
    /** Now, by the app's clock: a confirmation's time. */
    at: Date;
    statusChangeSpent: boolean;
  },
): Promise<CastVote> {
  let row: {
    out_outcome: 'not_found' | 'same' | 'ok';
    out_previous: VoteValue | null;
    out_agreed: string[] | null;
    out_may_release: boolean | null;
    out_spot: SpotRow | null;
  };
  try {
    [row] = (await castVoteRoutine.call(db, [
      spotId,
      who.visitor,
      v.value,
      who.network,
      who.agent,
      who.device,
      who.wideNetwork,
      v.standing,
      v.at,
      v.statusChangeSpent,
    ])) as [typeof row];
  } catch (err) {
    const { code, message } = err as { code?: string; message?: string };
    if (code === NEEDS_STATUS_CHANGE) return { outcome: 'needs_status_change' };
    if (code === DISPUTES_SPENT) {
      const seconds = Number.parseFloat(message ?? '');
      return { outcome: 'disputes_spent', freesIn: Number.isFinite(seconds) ? seconds : null };
    }
    throw err;
  }
  if (row.out_outcome === 'not_found') return { outcome: 'not_found' };
  if (row.out_outcome === 'same') return { outcome: 'same', previous: row.out_previous as VoteValue };
  return {
    outcome: 'ok',
    previous: row.out_previous,
    spot: row.out_spot as SpotRow,
    agreed: row.out_agreed ?? [],
    mayRelease: row.out_may_release === true,
  };
}
