import type { Queryable } from '../db/db.ts';

/** The actor of what the service does by itself (the one-time redaction of stored texts). */
export const SYSTEM_ACTOR = 'Hatari';

export interface LogEntry {
  actor: string;
  action: string;
  spotId?: number;
  detail?: Record<string, unknown>;
  /** When, by the app's clock (decisions, whose time to decision is measured); else the database's. */
  at?: Date;
}

/** The audit log: who did what to which spot, and when. Written in the same transaction as the act. */
export async function appendLog(db: Queryable, e: LogEntry): Promise<void> {
  await db.query(
    `INSERT INTO mod_log (actor, action, spot_id, detail, at)
     VALUES ($1, $2, $3, $4::jsonb, coalesce($5::timestamptz, now()))`,
    [e.actor, e.action, e.spotId ?? null, JSON.stringify(e.detail ?? {}), e.at ?? null],
  );
}

export async function recentLog(db: Queryable, limit: number) {
  const rows = await db.query<{
    at: Date | string;
    actor: string;
    action: string;
    spot_id: number | null;
    detail: Record<string, unknown>;
  }>('SELECT at, actor, action, spot_id, detail FROM mod_log ORDER BY at DESC, id DESC LIMIT $1', [limit]);
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}
