import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../server/src/db/pglite-open.ts';

/**
 * npm run bench:durable: what syncing each commit of the embedded database costs. The same 500
 * commits (one small insert each, as a vote's row is) on a data folder with the WAL synced at each
 * commit (as the server runs it, server/src/db/pglite-open.ts) and with PGlite's default (fsync off),
 * one after another as the server's one connection runs them. Prints ms per commit and the ratio.
 */
const COMMITS = Number(process.env.COMMITS ?? 500);

async function timeCommits(durable: boolean): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hatari-bench-durable-'));
  try {
    const db = durable
      ? await openPglite(path.join(dir, 'data'))
      : await (await import('@electric-sql/pglite')).PGlite.create({ dataDir: path.join(dir, 'data') });
    await db.exec('CREATE TABLE votes_bench (spot int, value smallint, at timestamptz DEFAULT now())');
    for (let i = 0; i < 50; i++) await db.query('INSERT INTO votes_bench (spot, value) VALUES ($1, 1)', [i]);
    const start = performance.now();
    for (let i = 0; i < COMMITS; i++)
      await db.query('INSERT INTO votes_bench (spot, value) VALUES ($1, 1)', [i]);
    const ms = (performance.now() - start) / COMMITS;
    await db.close();
    return ms;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const load = os.loadavg()[0]?.toFixed(2);
const unsynced = await timeCommits(false);
const synced = await timeCommits(true);
console.log(
  JSON.stringify(
    {
      commits: COMMITS,
      load_average_1m: Number(load),
      ms_per_commit_fsync_off: Number(unsynced.toFixed(3)),
      ms_per_commit_synced: Number(synced.toFixed(3)),
      ratio: Number((synced / unsynced).toFixed(2)),
      commits_per_second_synced: Math.round(1000 / synced),
    },
    null,
    2,
  ),
);
