import { SEVERE_FROM } from '../../../common/confidence.ts';
import type { Queryable } from '../db/db.ts';
import { LAST_WORD, SPOT_COLUMNS, type SpotRow } from './spot-row.ts';

/**
 * Archives up to `limit` spots on the map whose last word is older than the months given for their
 * severity, as they are now. A spot's last word: its last confirmation, else its report (a seeded spot:
 * its incident: LAST_WORD), or a moderator keeping it (verifying or restoring it), whichever is later.
 */
export async function archiveAged(
  db: Queryable,
  now: Date,
  months: { severe: number; other: number },
  limit: number,
): Promise<SpotRow[]> {
  return db.query<SpotRow>(
    `UPDATE spots AS s SET publication = 'archived', archived_at = $1, updated_at = now()
     WHERE s.id IN (
       SELECT s.id FROM spots s
       WHERE s.publication = 'approved'
         AND greatest(${LAST_WORD}, s.kept_at)
             < $1::timestamptz - make_interval(months => CASE WHEN s.severity >= ${SEVERE_FROM} THEN $2::int ELSE $3::int END)
       LIMIT $4)
       AND s.publication = 'approved'
     RETURNING ${SPOT_COLUMNS}`,
    [now, months.severe, months.other, limit],
  );
}
