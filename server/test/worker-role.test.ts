import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPgDb } from '../src/db/pg.ts';
import { createLogger } from '../src/http/logger.ts';
import { type BackgroundWork, type Role, WorkerRole } from '../src/worker-role.ts';
import { createFreshDatabase, onPostgres } from './test-db.ts';

/** Background work that only counts its starts and stops. */
function counted() {
  const work = { starts: 0, stops: 0, running: false };
  const background: BackgroundWork = {
    start: () => {
      work.starts++;
      work.running = true;
    },
    close: async () => {
      if (work.running) work.stops++;
      work.running = false;
    },
  };
  return { work, background };
}

const until = async (check: () => boolean, ms: number) => {
  const end = performance.now() + ms;
  while (!check() && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('one instance does the background work', {
  skip: onPostgres ? false : 'needs TEST_DATABASE_URL (several instances share one PostgreSQL)',
}, () => {
  it('exactly one of three instances works; a web instance never does; when the worker dies another takes over', async () => {
    const fresh = await createFreshDatabase({ empty: true });
    const log = createLogger('silent');
    const instances = (['all', 'worker', 'web'] as Role[]).map((role) => {
      const db = createPgDb({ connectionString: fresh.url });
      const { work, background } = counted();
      return { role, db, work, worker: new WorkerRole(db, role, background, log, 50) };
    });
    try {
      for (const i of instances) i.worker.start();
      assert.ok(
        await until(() => instances.some((i) => i.worker.working), 5000),
        'one instance took the work',
      );
      // Several retries later, still exactly one.
      await new Promise((r) => setTimeout(r, 300));
      const working = instances.filter((i) => i.worker.working);
      assert.equal(working.length, 1);
      assert.notEqual(working[0]?.role, 'web');
      assert.equal(instances.find((i) => i.role === 'web')?.work.starts, 0, 'web never starts it');

      // The worker's process dies: its connections close, as they do when a process is killed.
      const first = working[0] as (typeof instances)[number];
      const other = instances.find((i) => i !== first && i.role !== 'web') as (typeof instances)[number];
      await first.db.close();
      await first.worker.close();
      assert.ok(await until(() => other.worker.working, 5000), 'the other instance takes over');
      assert.equal(other.work.starts, 1);
      assert.equal(other.work.running, true);
    } finally {
      for (const i of instances) {
        await i.worker.close();
        await i.db.close().catch(() => {});
      }
      await fresh.dropDatabase();
    }
  });

  it('a worker whose lock connection is cut stops working, and works again once it has the lock', async () => {
    const fresh = await createFreshDatabase({ empty: true });
    const db = createPgDb({ connectionString: fresh.url });
    const { work, background } = counted();
    const worker = new WorkerRole(db, 'all', background, createLogger('silent'), 50);
    try {
      worker.start();
      assert.ok(await until(() => worker.working, 5000), 'working');
      // The database ends the lock's connection (a restart, a network cut).
      await db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = 'hatari worker lock' AND datname = current_database()`,
      );
      assert.ok(await until(() => work.stops === 1, 5000), 'the work stopped with the lock');
      assert.ok(await until(() => work.starts === 2 && worker.working, 5000), 'and started again');
    } finally {
      await worker.close();
      await db.close();
      await fresh.dropDatabase();
    }
  });
});
