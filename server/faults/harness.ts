import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseFolder } from '../src/db/backups.ts';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPgDb } from '../src/db/pg.ts';
import { createPgliteDb } from '../src/db/pglite.ts';
import { freePort, redisAnswers, waitFor } from '../test/processes.ts';

/**
 * Real services the fault tests can break: a PostgreSQL cluster of their own on a spare port, a
 * Redis of their own, and a steady mixed load against the app.
 */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Runs a PostgreSQL tool as the postgres user when we are root (PostgreSQL refuses to run as root). */
function asPostgres(tool: string, args: string[]) {
  const command = path.join(PG_BIN, tool);
  return process.getuid?.() === 0
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
    : execFileSync(command, args, { stdio: 'pipe' });
}

export interface PgCluster {
  url: string;
  stop(): void;
  start(): void;
  destroy(): void;
}

export async function startPgCluster(): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hatari-pg-'));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let up = false;
  // Both idempotent, so a failed test's clean-up can always bring the cluster back or down.
  const start = () => {
    if (up) return;
    asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    up = true;
  };
  const stop = () => {
    if (!up) return;
    asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    up = false;
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export interface RedisProcess {
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
}

export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort();
  let proc: ChildProcess | undefined;
  const start = async () => {
    proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitFor(() => redisAnswers(port), 10_000, 'redis');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    kill: async () => {
      // Gone already: an exit code, or the signal that killed it.
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc?.once('exit', r));
      proc.kill('SIGKILL');
      await exited;
    },
  };
}

export interface LoadStats {
  sent: number;
  byStatus: Record<string, number>;
  /** 5xx answers and failed requests, with when and what. */
  failures: { at: number; what: string; status: number | string; type: string }[];
  /** The slowest answer of each kind of request, in milliseconds. */
  slowestMs: Record<string, number>;
  /** The writes answered as done: the spots reported (their ids) and the votes counted. */
  acknowledged: { spots: number[]; votes: number };
}

let addresses = 0;
const nextAddress = () => {
  addresses++;
  return `10.9.${(addresses >> 8) & 255}.${addresses & 255}`;
};

const KAMPALA = { lat: 0.3, lng: 32.55 };
const near = (spread: number) => ({
  lat: KAMPALA.lat + Math.random() * spread,
  lng: KAMPALA.lng + Math.random() * spread,
});

/**
 * Mixed traffic from many visitors (X-Forwarded-For, so the app must trust 127.0.0.1): reads,
 * spot searches, reports and votes (on the spots it reports and on `spots`), `concurrency` requests at
 * a time until stopped. With `maps`,
 * also route checks and place searches, each for a new trip or name so no cache answers them.
 */
export function mixedLoad(
  url: string,
  opts: { concurrency?: number; maps?: boolean; spots?: readonly number[] } = {},
) {
  const { concurrency = 6, maps = false } = opts;
  const stats: LoadStats = {
    sent: 0,
    byStatus: {},
    failures: [],
    slowestMs: {},
    acknowledged: { spots: [], votes: 0 },
  };
  const spotIds = stats.acknowledged.spots;
  // Votes go to these spots too (reported before this load) and to those it reports.
  const votable = [...(opts.spots ?? [])];
  let running = true;
  const one = async () => {
    const pick = Math.random();
    const headers = { 'x-forwarded-for': nextAddress(), 'content-type': 'application/json' };
    let what = 'GET /api/spots';
    let init: RequestInit = { headers };
    let target = `${url}/api/spots?limit=20`;
    if (maps && pick < 0.15) {
      const [from, to] = [near(0.05), near(0.05)];
      what = 'GET /api/route';
      target = `${url}/api/route?from=${from.lat},${from.lng}&to=${to.lat},${to.lng}`;
    } else if (maps && pick < 0.3) {
      what = 'GET /api/search places';
      target = `${url}/api/search?q=kalerwe%20${stats.sent}`;
    } else if (pick < 0.2) {
      what = 'GET /api/search';
      target = `${url}/api/search?q=market&places=0`;
    } else if (pick < 0.45) {
      what = 'POST /api/spots';
      target = `${url}/api/spots`;
      const at = near(0.05);
      init = {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: `Load spot ${stats.sent}`,
          lat: at.lat,
          lng: at.lng,
          category: 'robbery',
          severity: 3,
          time_of_day: 'night',
        }),
      };
    } else if (pick < 0.7 && votable.length > 0) {
      what = 'POST vote';
      target = `${url}/api/spots/${votable[Math.floor(Math.random() * votable.length)]}/vote`;
      init = { method: 'POST', headers, body: JSON.stringify({ value: Math.random() < 0.7 ? 1 : -1 }) };
    }
    stats.sent++;
    const started = performance.now();
    try {
      const res = await fetch(target, { ...init, signal: AbortSignal.timeout(10_000) });
      const type = res.headers.get('content-type') ?? '';
      const body = await res.text();
      stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
      if (res.status === 201) {
        spotIds.push(JSON.parse(body).spot.id);
        votable.push(JSON.parse(body).spot.id);
      }
      if (what === 'POST vote' && res.status === 200) stats.acknowledged.votes++;
      if (res.status >= 500) stats.failures.push({ at: performance.now(), what, status: res.status, type });
    } catch (err) {
      stats.byStatus.error = (stats.byStatus.error ?? 0) + 1;
      stats.failures.push({ at: performance.now(), what, status: (err as Error).name, type: '' });
    }
    stats.slowestMs[what] = Math.max(stats.slowestMs[what] ?? 0, performance.now() - started);
  };
  const workers = Array.from({ length: concurrency }, async () => {
    while (running) await one();
  });
  return {
    stats,
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return stats;
    },
  };
}

/**
 * Runs fn on the database at `at` (a PostgreSQL URL, on a one-connection pool; or an embedded
 * DATA_DIR, opened and migrated as the server's start does), closing it afterwards.
 */
export async function withDb<T>(at: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const embedded = !/^postgres(ql)?:/.test(at);
  const db = embedded
    ? await createPgliteDb(databaseFolder(at))
    : createPgDb({ connectionString: at, shares: { reads: 1, writes: 1 } });
  if (embedded) await migrate(db);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** Every spot's counts equal its vote rows, in the database at `url` (withDb): nothing half-written. */
export function assertCountsMatchVotes(url: string) {
  return withDb(url, async (db) => {
    const [row] = await db.query<{ spots: number; wrong: number; votes: number }>(
      `SELECT count(*)::int AS spots,
              count(*) FILTER (WHERE s.confirmations <> coalesce(v.yes, 0) OR s.denials <> coalesce(v.no, 0))::int AS wrong,
              coalesce(sum(v.yes + v.no), 0)::int AS votes
       FROM spots s LEFT JOIN (
         SELECT spot_id, count(*) FILTER (WHERE value = 1) AS yes, count(*) FILTER (WHERE value = -1) AS no
         FROM votes GROUP BY spot_id) v ON v.spot_id = s.id`,
    );
    if (!row) throw new Error('no answer');
    console.log(`  consistency: ${row.spots} spots, ${row.votes} vote rows, ${row.wrong} with counts off`);
    assert.equal(row.wrong, 0, 'every count equals its vote rows');
    return row;
  });
}

/** The cells the triggers keep for tiles and clusters equal a fresh count of the public spots, cell by cell. */
export function assertGridMatchesSpots(url: string) {
  return withDb(url, async (db) => {
    const [row] = await db.query<{ wrong: number }>(
      `WITH fresh AS (
         SELECT z, tile_x(s.lng, z + 3) AS cx, tile_y(s.lat, z + 3) AS cy, count(*)::int AS n
         FROM spots s CROSS JOIN generate_series(0, 13) AS z WHERE s.publication = 'approved' GROUP BY 1, 2, 3)
       SELECT count(*)::int AS wrong
       FROM fresh f FULL JOIN (SELECT z, cx, cy, sum(n)::int AS n FROM spot_tile_cells GROUP BY 1, 2, 3 HAVING sum(n) > 0) g
         USING (z, cx, cy)
       WHERE f.n IS DISTINCT FROM g.n`,
    );
    console.log(`  tile cells off a fresh count: ${row?.wrong}`);
    assert.equal(row?.wrong, 0);
  });
}
