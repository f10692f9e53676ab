import type { Queryable } from '../db/db.ts';
import { SPOT_JSON } from '../spots/index.ts';

/** A public change of a spot (migration 0033), with the spot as it stands now. */
export interface ChangeRow {
  /** The change's id (a bigint, as text): the stream's event id. */
  id: string;
  /** `held`: a report held for moderators (migration 0035), never sent on the public stream. */
  kind: 'published' | 'changed' | 'hidden' | 'archived' | 'held';
  spot_id: number;
  lat: number;
  lng: number;
  was_lat: number | null;
  was_lng: number | null;
  /** Written long enough ago that no transaction still open can commit a change before it. */
  settled: boolean;
  /** The public spot as JSON text (the API's shape), or null when it is no longer public. */
  spot: string | null;
}

/** The changes after `afterId`, in order, at most `limit`; `settleMs`: how long a write may take to commit. */
export function changesAfter(
  db: Queryable,
  afterId: string,
  limit: number,
  settleMs: number,
): Promise<ChangeRow[]> {
  return db.query<ChangeRow>(
    `SELECT c.id::text AS id, c.kind, c.spot_id, c.lat, c.lng, c.was_lat, c.was_lng,
       c.at < clock_timestamp() - make_interval(secs => $3 / 1000.0) AS settled,
       CASE WHEN s.publication IN ('approved', 'archived') THEN ${SPOT_JSON} END AS spot
     FROM spot_changes c LEFT JOIN spots s ON s.id = c.spot_id
     WHERE c.id > $1::bigint ORDER BY c.id LIMIT $2`,
    [afterId, limit, settleMs],
  );
}

/** The newest change's id ('0' when there is none), and the oldest one kept. */
export async function changeIds(db: Queryable): Promise<{ newest: string; oldest: string | null }> {
  const [row] = await db.query<{ newest: string; oldest: string | null }>(
    'SELECT coalesce(max(id), 0)::text AS newest, min(id)::text AS oldest FROM spot_changes',
  );
  return row ?? { newest: '0', oldest: null };
}

/** Forgets the changes written before `before` (a reconnect after that is told to reload). */
export async function trimChanges(db: Queryable, before: Date): Promise<void> {
  await db.query('DELETE FROM spot_changes WHERE at < $1', [before]);
}
