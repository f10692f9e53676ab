import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  const start = () =>
    asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
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
      if (!proc || proc.exitCode !== null) return;
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
}

let addresses = 0;
const nextAddress = () => {
  addresses++;
  return `10.9.${(addresses >> 8) & 255}.${addresses & 255}`;
};

/**
 * Mixed traffic from many visitors (X-Forwarded-For, so the app must trust 127.0.0.1): reads,
 * spot searches, reports and votes, `concurrency` requests at a time until stopped.
 */
export function mixedLoad(url: string, concurrency = 6) {
  const stats: LoadStats = { sent: 0, byStatus: {}, failures: [] };
  const spotIds: number[] = [];
  let running = true;
  const one = async () => {
    const pick = Math.random();
    const headers = { 'x-forwarded-for': nextAddress(), 'content-type': 'application/json' };
    let what = 'GET /api/spots';
    let init: RequestInit = { headers };
    let target = `${url}/api/spots?limit=20`;
    if (pick < 0.2) {
      what = 'GET /api/search';
      target = `${url}/api/search?q=market&places=0`;
    } else if (pick < 0.45) {
      what = 'POST /api/spots';
      target = `${url}/api/spots`;
      init = {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: `Load spot ${stats.sent}`,
          lat: 0.3 + Math.random() * 0.05,
          lng: 32.55 + Math.random() * 0.05,
          category: 'robbery',
          severity: 3,
          time_of_day: 'night',
        }),
      };
    } else if (pick < 0.7 && spotIds.length > 0) {
      what = 'POST vote';
      target = `${url}/api/spots/${spotIds[Math.floor(Math.random() * spotIds.length)]}/vote`;
      init = { method: 'POST', headers, body: JSON.stringify({ value: Math.random() < 0.7 ? 1 : -1 }) };
    }
    stats.sent++;
    try {
      const res = await fetch(target, { ...init, signal: AbortSignal.timeout(10_000) });
      const type = res.headers.get('content-type') ?? '';
      const body = await res.text();
      stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
      if (res.status === 201) spotIds.push(JSON.parse(body).spot.id);
      if (res.status >= 500) stats.failures.push({ at: Date.now(), what, status: res.status, type });
    } catch (err) {
      stats.byStatus.error = (stats.byStatus.error ?? 0) + 1;
      stats.failures.push({ at: Date.now(), what, status: (err as Error).name, type: '' });
    }
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
