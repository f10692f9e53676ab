import type { Queryable } from '../db/db.ts';
import type { Hit } from './counter-store.ts';
import type { WindowCounts } from './sliding-window.ts';

/**
 * Every hit of a request (or of a settle's batch) in one statement: the hits of one key in one window
 * summed, the rows written in key order (two statements never wait on each other's rows in opposite
 * orders), each hit answered with its window's count after the statement and the window before.
 */
const HIT_ALL_SQL = `
WITH t AS (SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms),
h AS (
  SELECT h.key, h.ord, t.ms / h.window_ms AS window_index, h.ttl, h.n
  FROM unnest($1::text[], $2::bigint[], $3::float8[], $4::int[]) WITH ORDINALITY AS h(key, window_ms, ttl, n, ord), t
),
up AS (
  INSERT INTO rate_counters AS r (key, window_index, count, expires_at)
  SELECT key, window_index, sum(n)::int, clock_timestamp() + make_interval(secs => max(ttl))
  FROM h GROUP BY key, window_index ORDER BY key, window_index
  ON CONFLICT (key, window_index) DO UPDATE SET count = r.count + EXCLUDED.count
  RETURNING r.key, r.window_index, r.count
)
SELECT up.count AS current, coalesce(p.count, 0) AS previous, (SELECT ms FROM t)::float8 AS now_ms
FROM h
JOIN up ON up.key = h.key AND up.window_index = h.window_index
LEFT JOIN rate_counters p ON p.key = h.key AND p.window_index = h.window_index - 1
ORDER BY h.ord`;

/** Counts each hit (`n` of it, 1 when absent) in its key's window, in one statement (time from the database clock). */
export async function hitCounters(db: Queryable, hits: readonly Hit[]): Promise<WindowCounts[]> {
  if (hits.length === 0) return [];
  const rows = await db.query<{ current: number; previous: number; now_ms: number }>(HIT_ALL_SQL, [
    hits.map((h) => h.key),
    hits.map((h) => h.windowSeconds * 1000),
    hits.map((h) => h.windowSeconds * 2),
    hits.map((h) => h.n ?? 1),
  ]);
  if (rows.length !== hits.length) throw new Error('rate counters not written');
  return rows.map((row) => ({ current: row.current, previous: row.previous, nowMs: row.now_ms }));
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
