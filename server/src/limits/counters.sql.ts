import type { Queryable } from '../db/db.ts';
import type { WindowCounts } from './sliding-window.ts';

const HIT_SQL = `
WITH t AS (SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms),
up AS (
  INSERT INTO rate_counters AS r (key, window_index, count, expires_at)
  SELECT $1, t.ms / $2::bigint, $4::int, clock_timestamp() + make_interval(secs => $3::float8) FROM t
  ON CONFLICT (key, window_index) DO UPDATE SET count = r.count + $4::int
  RETURNING r.count, r.window_index
)
SELECT up.count AS current,
  coalesce((SELECT p.count FROM rate_counters p WHERE p.key = $1 AND p.window_index = up.window_index - 1), 0)
    AS previous,
  (SELECT ms FROM t)::float8 AS now_ms
FROM up`;

/** Counts `n` hits of `key` in its window (time from the database clock). */
export async function hitCounter(
  db: Queryable,
  key: string,
  windowSeconds: number,
  n = 1,
): Promise<WindowCounts> {
  const rows = await db.query<{ current: number; previous: number; now_ms: number }>(HIT_SQL, [
    key,
    windowSeconds * 1000,
    windowSeconds * 2,
    n,
  ]);
  const row = rows[0];
  if (!row) throw new Error('rate counter not written');
  return { current: row.current, previous: row.previous, nowMs: row.now_ms };
}

export async function deleteExpiredCounters(db: Queryable): Promise<void> {
  await db.query('DELETE FROM rate_counters WHERE expires_at < now()');
}

/** Takes the slot `key` for `intervalMs` unless another caller holds it; true when taken. */
export async function claimSlot(db: Queryable, key: string, intervalMs: number): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO app_slots AS a (key, until) VALUES ($1, clock_timestamp() + make_interval(secs => $2::float8))
     ON CONFLICT (key) DO UPDATE SET until = EXCLUDED.until WHERE a.until <= clock_timestamp()
     RETURNING key`,
    [key, intervalMs / 1000],
  );
  return rows.length === 1;
}
