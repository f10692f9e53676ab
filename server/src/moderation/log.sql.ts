import { sql } from 'kysely';
import type { Queryable } from '../db/db.ts';
import { qb, rowsOf } from '../db/sql-builder.ts';

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
  await rowsOf(
    db,
    qb.insertInto('mod_log').values({
      actor: e.actor,
      action: e.action,
      spot_id: e.spotId ?? null,
      detail: sql`${JSON.stringify(e.detail ?? {})}::jsonb`,
      at: sql`coalesce(${e.at ?? null}::timestamptz, now())`,
    }),
  );
}

export async function recentLog(db: Queryable, limit: number) {
  const rows = await rowsOf(
    db,
    qb
      .selectFrom('mod_log')
      .select(['at', 'actor', 'action', 'spot_id', 'detail'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .$narrowType<{ detail: Record<string, unknown> }>(),
  );
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}
