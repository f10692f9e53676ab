import type { ReportInput, Spot } from '../../../common/api.ts';
import { spotEventSql, watchedNearSql } from '../channels/index.ts';
import type { Db } from '../db/db.ts';
import { Routine } from '../db/routines.ts';
import type { Identity } from '../identity/identify.ts';
import { settingSql } from '../settings/index.ts';
import { newcomerHoldBlock, reportEventStatement } from '../trust/index.ts';
import { isoSql, SPOT_JSON } from './spot-row.ts';

/**
 * A report as one database function, so a report is one statement and one round trip: PostgreSQL
 * never waits on this process between its steps, and the newcomer budgets' lock is held for the
 * function's run only. In order: unless the site holds every report or the reporter has standing,
 * whether a newcomer budget holds it (trust's rule, under the budgets' lock); the spot, published or
 * pending, with one confirmation (the reporter's) as of `p_at`; the reporter's own vote; the report's
 * event for the budgets (not when the site holds every report: that is none of theirs); published,
 * its `spot.published` deliveries to partners (channels' statement). Its alerts: a newcomer's wait
 * for a second voice; a published report with standing near a watch leaves `alerts_wait` set and
 * answers `out_alerts_due`, and the caller queues the alerts at once in a transaction of their own
 * that clears it (alerts.ts builds each message in its number's language); a crash between the two
 * leaves the alerts waiting for a confirmation or a moderator, never lost. Answers the public spot
 * as JSON text, the same bytes partners receive. Whether the site holds every report and the
 * newcomer budgets are the site's settings as they are now, read inside the statement.
 */
const reportRoutine = new Routine(
  'report_spot',
  (name) => `CREATE OR REPLACE FUNCTION ${name}(
  p_title text, p_description text, p_area text, p_lat double precision, p_lng double precision,
  p_category text, p_severity integer, p_time_of_day text, p_incident_date date, p_source_url text,
  p_visitor text, p_network text, p_wide text, p_agent text, p_device boolean, p_phone boolean,
  p_standing boolean, p_at timestamptz, p_confidence real)
RETURNS TABLE (out_pending boolean, out_alerts_due boolean, out_spot text)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_held text; v_id integer;
  v_require_approval boolean := ${settingSql('requireApproval')};
  v_site_budget integer := ${settingSql('reportBudgetPerHour')};
  v_network_budget integer := ${settingSql('reportBudgetPerNetworkPerHour')};
  v_place_budget integer := ${settingSql('reportBudgetPerPlacePerHour')};
BEGIN
  IF NOT v_require_approval AND NOT p_standing THEN
    ${newcomerHoldBlock({
      into: 'v_held',
      budgets: { site: 'v_site_budget', network: 'v_network_budget', place: 'v_place_budget' },
      wideNetwork: 'p_wide',
      phone: 'p_phone',
      lat: 'p_lat',
      lng: 'p_lng',
      at: 'p_at',
    })};
  END IF;
  out_pending := v_require_approval OR v_held IS NOT NULL;
  out_alerts_due := NOT out_pending AND p_standing AND ${watchedNearSql('p_lat', 'p_lng')};
  INSERT INTO spots (title, description, area, lat, lng, category, severity, time_of_day,
      incident_date, source_url, confirmations, denials, created_at, last_confirmed_at, publication,
      alerts_wait, reporter_standing, confidence, confidence_at)
    VALUES (p_title, p_description, p_area, p_lat, p_lng, p_category, p_severity, p_time_of_day,
      p_incident_date, p_source_url, 1, 0, p_at, p_at,
      CASE WHEN out_pending THEN 'pending' ELSE 'approved' END,
      NOT out_pending AND (NOT p_standing OR out_alerts_due), p_standing, p_confidence, p_at)
    RETURNING id INTO v_id;
  INSERT INTO votes (spot_id, visitor, value, network, wide_network, agent, device, by_reporter)
    VALUES (v_id, p_visitor, 1, p_network, p_wide, p_agent, p_device, true);
  IF NOT v_require_approval THEN
    ${reportEventStatement({
      spotId: 'v_id',
      at: 'p_at',
      newcomer: 'NOT p_standing',
      heldBy: 'v_held',
      wideNetwork: 'p_wide',
      lat: 'p_lat',
      lng: 'p_lng',
    })};
  END IF;
  SELECT ${SPOT_JSON} INTO out_spot FROM spots s WHERE s.id = v_id;
  IF NOT out_pending THEN
    ${spotEventSql('spot.published', 'v_id', isoSql('p_at'), 'out_spot')};
  END IF;
  RETURN NEXT;
END
$fn$`,
);

export interface Reported {
  spot: Spot;
  /** Held for a moderator: by the site's setting, or by a newcomer budget. */
  pending: boolean;
  /** Published with standing near a watch: its alerts are the caller's to queue (releaseWaitingAlerts). */
  alertsDue: boolean;
}

/** Saves a report (its text already redacted) in one statement (reportRoutine above). */
export async function saveReport(
  db: Db,
  input: ReportInput,
  who: Identity,
  r: {
    standing: boolean;
    /** Now, by the app's clock. */
    at: Date;
    confidence: number;
  },
): Promise<Reported> {
  const [row] = await reportRoutine.call<{ out_pending: boolean; out_alerts_due: boolean; out_spot: string }>(
    db,
    [
      input.title,
      input.description,
      input.area,
      input.lat,
      input.lng,
      input.category,
      input.severity,
      input.time_of_day,
      input.incident_date,
      input.source_url,
      who.visitor,
      who.network,
      who.wideNetwork,
      who.agent,
      who.device,
      who.phone === true,
      r.standing,
      r.at,
      r.confidence,
    ],
  );
  if (!row) throw new Error('the report function answered no row');
  return { spot: JSON.parse(row.out_spot) as Spot, pending: row.out_pending, alertsDue: row.out_alerts_due };
}
