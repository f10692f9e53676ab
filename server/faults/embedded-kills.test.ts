import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { startServer, waitFor } from '../test/processes.ts';
import { assertCountsMatchVotes, mixedLoad, withDb } from './harness.ts';

/**
 * Embedded storage killed (SIGKILL) at random moments, 20 times: while it starts for the first time
 * (unpacking its template), while it migrates and opens, and under a load of reports and votes. Each
 * time the folder must open as the next start opens it, holding every report and vote the server
 * had answered as done, with every spot's counts equal to its vote rows.
 */
const CYCLES = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('embedded storage killed at random moments', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hatari-kills-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it(`opens after each of ${CYCLES} kills, with every acknowledged write`, { timeout: 900_000 }, async () => {
    const acknowledged = { spots: new Set<number>(), votes: 0 };
    const kills: string[] = [];
    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const { url, proc } = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' }, undefined, {
        waitReady: false,
      });
      const exited = new Promise((r) => proc.once('exit', r));
      // The first kill lands while the first start unpacks the database's template; later ones while
      // the server opens its folder (about 2–4 s here) or under load.
      const killAfterMs = Math.round(cycle === 1 ? 200 + Math.random() * 1000 : Math.random() * 7000);
      let load: ReturnType<typeof mixedLoad> | undefined;
      const loading = waitFor(
        async () => (await fetch(`${url}/api/health`)).ok,
        killAfterMs + 100,
        'the server',
      )
        .then(() => {
          load = mixedLoad(url, { concurrency: 8, spots: [...acknowledged.spots] });
        })
        .catch(() => undefined);
      await sleep(killAfterMs);
      proc.kill('SIGKILL');
      await exited;
      await loading;
      const stats = await load?.stop();
      for (const id of stats?.acknowledged.spots ?? []) acknowledged.spots.add(id);
      acknowledged.votes += stats?.acknowledged.votes ?? 0;
      kills.push(
        `${killAfterMs} ms${stats ? `, ${stats.acknowledged.spots.length} reports and ${stats.acknowledged.votes} votes acknowledged` : ', while starting'}`,
      );

      const { votes } = await assertCountsMatchVotes(dataDir);
      const missing = await withDb(dataDir, async (db) => {
        const ids = [...acknowledged.spots];
        const found = await db.query<{ id: number }>('SELECT id FROM spots WHERE id = ANY($1::int[])', [ids]);
        return ids.length - found.length;
      });
      console.log(`cycle ${cycle}: killed after ${kills.at(-1)}; ${missing} acknowledged reports missing`);
      assert.equal(missing, 0, 'every acknowledged report is kept');
      // Each vote came from a new visitor: a row each (a vote may be kept whose answer never left).
      assert.ok(
        votes >= acknowledged.votes,
        `${votes} vote rows for ${acknowledged.votes} acknowledged votes`,
      );
    }
    console.log(
      `${CYCLES} kills: ${acknowledged.spots.size} reports and ${acknowledged.votes} votes acknowledged, all kept`,
    );
    assert.ok(
      kills.some((k) => k.endsWith('while starting')),
      'some kills land while the server starts',
    );
  });
});
