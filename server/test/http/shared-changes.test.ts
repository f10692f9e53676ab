import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPgDb } from '../../src/db/pg.ts';
import { report } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';
import { createFreshDatabase, onPostgres } from '../test-db.ts';

/**
 * Two instances on one PostgreSQL: a write through one empties the other's read cache at once
 * (LISTEN/NOTIFY), instead of the other serving its cached list for up to its lifetime.
 */
describe('a write on one instance reaches the read caches of the others', {
  skip: onPostgres ? false : 'needs TEST_DATABASE_URL (instances share one PostgreSQL)',
}, () => {
  it('the other instance empties its cache on the word, and its next read shows the write', async () => {
    const fresh = await createFreshDatabase();
    const apps: TestApp[] = [];
    const dbs = [0, 1].map(() => createPgDb({ connectionString: fresh.url }));
    try {
      for (const db of dbs) apps.push(await startTestApp({ database: { db, drop: () => db.close() } }));
      const [a, b] = apps as [TestApp, TestApp];
      const list = async (app: TestApp) =>
        (
          await app.inject({
            method: 'GET',
            url: '/api/spots?limit=5000',
            headers: { 'user-agent': 'reader' },
          })
        ).json().spots as { title: string }[];
      const before = await list(a); // now in a's cache
      let emptied = 0;
      let heardAt = 0;
      const invalidate = a.deps.publicCache.invalidate.bind(a.deps.publicCache);
      a.deps.publicCache.invalidate = () => {
        emptied++;
        heardAt = performance.now();
        invalidate();
      };
      const wroteAt = performance.now();
      const res = await b.inject({
        method: 'POST',
        url: '/api/spots',
        headers: { 'user-agent': 'writer' },
        payload: report({ title: 'Written on the other instance' }),
      });
      assert.equal(res.statusCode, 201, res.body);
      for (let i = 0; i < 250 && emptied === 0; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(emptied, 1, "a's cache was emptied once, on b's word");
      const after = await list(a);
      assert.equal(after.length, before.length + 1);
      assert.ok(
        after.some((s) => s.title === 'Written on the other instance'),
        'the write is read on a',
      );
      // A figure, not a limit: how long the word took here (the write's answer included).
      console.log(
        `cache emptied on the other instance ${Math.round(heardAt - wroteAt)} ms after the write began`,
      );
      // And the other way round.
      let echoed = 0;
      b.deps.publicCache.invalidate = () => echoed++;
      await a.inject({
        method: 'POST',
        url: '/api/spots',
        headers: { 'user-agent': 'writer 2' },
        payload: report({ title: 'Written on the first instance' }),
      });
      for (let i = 0; i < 250 && echoed === 0; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(echoed, 1, "b's cache was emptied on a's word");
    } finally {
      for (const app of apps) await app.close();
      for (const db of dbs) await db.close();
      await fresh.dropDatabase();
    }
  });
});
