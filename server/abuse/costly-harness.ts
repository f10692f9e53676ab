import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before } from 'node:test';
import { insertSyntheticSpots } from '../src/cli/synthetic.sql.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/open.ts';
import { createLogger } from '../src/http/logger.ts';
import { FakeOsrm } from '../test/fakes.ts';
import { type RunningServer, rssBytes, serverStats, startServer, stop } from '../test/processes.ts';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../test/test-db.ts';
import { freshStorage } from './attacks.ts';

/**
 * What the costly-read attacks share (costly-reads.test.ts, costly-work.test.ts): a real server over
 * a city's worth of spots, an attacker on one network rotating its user agent (so per-visitor limits
 * never bite), and a watch on the server's health latency, memory and event loop while they run.
 */
const SPOTS = 40_000;
/**
 * What the server's resident memory may grow by during an attack: the heap's working size under a
 * dozen concurrent route checks (it levels off there: four rounds of 200 unique routes peaked at
 * 308, 333, 333 and 354 MB on PostgreSQL), far below the gigabyte unbounded caches took.
 */
export const MAX_GROWTH_MB = 200;
/** Health answers while an attack runs; far above normal, far below the seconds seen before. */
const MAX_HEALTH_MS = 1000;

export const rssMb = (pid: number) => rssBytes(pid) / 1048576;

/** CPU seconds the process has used (user + system). */
export const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

export type Watched = Awaited<ReturnType<Awaited<ReturnType<typeof watch>>>>;

/**
 * Samples the server's health latency and RSS every 50 ms until stopped, and takes the server's
 * own account of its event loop's longest delay over that time: a slow health answer with a quick
 * loop was the machine or this process, not the server.
 */
export async function watch({ url, proc }: RunningServer) {
  const pid = proc.pid as number;
  await serverStats(proc);
  const health: number[] = [];
  const statuses: number[] = [];
  let peakRss = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peakRss = Math.max(peakRss, rssMb(pid));
      const started = performance.now();
      const res = await fetch(`${url}/api/health`, { headers: { 'x-forwarded-for': '196.43.1.1' } });
      await res.text();
      health.push(performance.now() - started);
      statuses.push(res.status);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const { eventLoopDelayMs } = await serverStats(proc);
    health.sort((a, b) => a - b);
    const p = (q: number) =>
      Math.round(health[Math.min(health.length - 1, Math.floor(q * health.length))] ?? 0);
    return {
      healthP50: p(0.5),
      healthP99: p(0.99),
      healthMax: p(1),
      serverLoopMaxMs: eventLoopDelayMs.max,
      /** Health checks that did not answer 200, although the database was fine throughout. */
      healthNot200: statuses.filter((s) => s !== 200).length,
      peakRssMb: Math.round(peakRss),
      samples: health.length,
    };
  };
}

/** Runs `task(i)` for i < total with `width` at once. */
export async function pool<T>(total: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < total) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

const ATTACKER = '41.210.140.7';
export const asAttacker = (i: number) => ({
  'x-forwarded-for': ATTACKER,
  'user-agent': `Mozilla/5.0 (Linux; Android 10; K) Build/${i}`,
  'accept-encoding': 'br, gzip',
});

/**
 * Starts a server over SPOTS spots for the file's tests (before), and stops it after them, printing
 * the figures the tests put in `figures` under `title`.
 */
export function cityServer(title: string) {
  const city = { server: undefined as unknown as RunningServer, figures: {} as Record<string, unknown> };
  const osrm = new FakeOsrm();
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  before(async () => {
    const storage = await freshStorage();
    cleanups.push(storage.remove);
    // The spots are made before the server starts: embedded storage takes one process at a time.
    const config = loadConfig({ ...storage.env, SEED: '0' });
    const db = await openDatabase(config, createLogger('warn'));
    await migrate(db);
    // One statement for 40,000 spots: longer than the server's statement timeout on a slow machine.
    await db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query('SET LOCAL statement_timeout = 0');
      await insertSyntheticSpots(tx, SPOTS);
    });
    await db.close();
    const env: Record<string, string> = {
      ...storage.env,
      OSRM_URL: await osrm.start(),
      NOMINATIM_URL: 'http://127.0.0.1:9',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      EVENT_LOOP_STATS: '1',
    };
    cleanups.push(() => osrm.stop());
    if (TEST_DATABASE_URL && TEST_REDIS_URL) env.REDIS_URL = TEST_REDIS_URL;
    city.server = await startServer(env, process.env.ABUSE_SERVER_DIR);
    cleanups.push(() => stop(city.server.proc));
  });
  after(async () => {
    console.log(`\n${title} figures:\n${JSON.stringify(city.figures, null, 2)}`);
    for (const clean of cleanups.reverse()) await clean();
  });
  return city;
}

/** Health answered every check within MAX_HEALTH_MS while the attack ran. */
export function assertHealthQuick(seen: Watched) {
  assert.ok(
    seen.healthMax <= MAX_HEALTH_MS,
    `health took up to ${seen.healthMax} ms; the server's loop was held up to ${seen.serverLoopMaxMs} ms`,
  );
}

export function count(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}
