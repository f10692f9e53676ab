import type { Queryable } from '../db/db.ts';
import type { CounterStore, Hit } from './counter-store.ts';
import type { WindowCounts } from './sliding-window.ts';

/**
 * Counters in the database (the default without Redis): shared by every instance on the database and
 * kept across restarts. One statement per hit; time from the database clock.
 */
const HIT_SQL = `
WITH t AS (SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms),
up AS (
  INSERT INTO rate_counters AS r (key, window_index, count, expires_at)
  SELECT $1, t.ms / $2::bigint, 1, clock_timestamp() + make_interval(secs => $3::float8) FROM t
  ON CONFLICT (key, window_index) DO UPDATE SET count = r.count + 1
  RETURNING r.count, r.window_index
)
SELECT up.count AS current,
  coalesce((SELECT p.count FROM rate_counters p WHERE p.key = $1 AND p.window_index = up.window_index - 1), 0)
    AS previous,
  (SELECT ms FROM t)::float8 AS now_ms
FROM up`;

const SWEEP_EVERY_MS = 5 * 60_000;

export class DatabaseStore implements CounterStore {
  readonly name = 'database';
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly db: Queryable) {
    this.sweeper = setInterval(() => {
      this.db.query('DELETE FROM rate_counters WHERE expires_at < now()').catch(() => {});
    }, SWEEP_EVERY_MS).unref();
  }

  async hit(key: string, windowSeconds: number): Promise<WindowCounts> {
    const rows = await this.db.query<{ current: number; previous: number; now_ms: number }>(HIT_SQL, [
      key,
      windowSeconds * 1000,
      windowSeconds * 2,
    ]);
    const row = rows[0];
    if (!row) throw new Error('rate counter not written');
    return { current: row.current, previous: row.previous, nowMs: row.now_ms };
  }

  hitAll(hits: readonly Hit[]): Promise<WindowCounts[]> {
    return Promise.all(hits.map((h) => this.hit(h.key, h.windowSeconds)));
  }

  async claimSlot(key: string, intervalMs: number): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO app_slots AS a (key, until) VALUES ($1, clock_timestamp() + make_interval(secs => $2::float8))
       ON CONFLICT (key) DO UPDATE SET until = EXCLUDED.until WHERE a.until <= clock_timestamp()
       RETURNING key`,
      [key, intervalMs / 1000],
    );
    return rows.length === 1;
  }

  async ready(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}
