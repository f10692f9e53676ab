import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { createPgDb, LOCK_TIMEOUT_MS, STATEMENT_TIMEOUT_MS } from '../src/db/pg.ts';
import { report } from '../test/factories.ts';
import { buildAppOn, TestClock } from '../test/test-app.ts';
import { createFreshDatabase, onPostgres } from '../test/test-db.ts';

/**
 * npm run test:faults: an instance's worst days on PostgreSQL, replayed in one process against a
 * database of the test's own: a spot's row locked by someone else (as `VACUUM FULL` or a migration
 * would), the pool's connections all taken, writes failing as on a full disk. What users see is
 * asserted (statuses, Retry-After, what the rest of the instance answers) and what health tells a
 * load balancer.
 */
describe('outages on PostgreSQL', {
  skip: onPostgres ? false : 'needs TEST_DATABASE_URL (PostgreSQL)',
}, () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** A fresh database and an app on it, with a few spots to act on. */
  async function instance(
    opts: { shares?: { reads: number; writes: number }; connectionTimeoutMillis?: number } = {},
  ) {
    const fresh = await createFreshDatabase();
    cleanups.push(() => fresh.dropDatabase());
    const db = createPgDb({ connectionString: fresh.url, ...opts });
    const clock = new TestClock();
    const app = await buildAppOn(db, clock);
    cleanups.push(() => app.close());
    const spots: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/spots',
        headers: { 'user-agent': `reporter ${i}`, 'content-type': 'application/json' },
        payload: report({ title: `Spot ${i}`, lat: 0.3 + i / 100 }),
      });
      assert.equal(res.statusCode, 201, res.body);
      spots.push(res.json().spot.id);
    }
    return { app, db, url: fresh.url, clock, spots };
  }

  it('sets its statement and lock timeouts on every pooled connection', async () => {
    const { db } = await instance();
    const [reads] = await db.query<{ statement_timeout: string; lock_timeout: string }>(
      "SELECT current_setting('statement_timeout') AS statement_timeout, current_setting('lock_timeout') AS lock_timeout",
    );
    const [writes] = await db.transaction((tx) =>
      tx.query<{ statement_timeout: string; lock_timeout: string }>(
        "SELECT current_setting('statement_timeout') AS statement_timeout, current_setting('lock_timeout') AS lock_timeout",
      ),
    );
    assert.deepEqual(
      [reads, writes],
      [
        {
          statement_timeout: `${STATEMENT_TIMEOUT_MS / 1000}s`,
          lock_timeout: `${LOCK_TIMEOUT_MS.reads / 1000}s`,
        },
        {
          statement_timeout: `${STATEMENT_TIMEOUT_MS / 1000}s`,
          lock_timeout: `${LOCK_TIMEOUT_MS.writes / 1000}s`,
        },
      ],
    );
  });

  it('with a spot’s row locked, its votes take one connection and answer 503 in seconds; the rest goes on', async () => {
    const { app, url, spots } = await instance();
    const [locked, other, third] = spots as [number, number, number];
    // Someone else holds the row: a moderator's long transaction, VACUUM FULL, a migration.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    cleanups.push(() => holder.end());
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM spots WHERE id = $1 FOR UPDATE', [locked]);

    const vote = (spot: number, i: number) =>
      app.inject({
        method: 'POST',
        url: `/api/spots/${spot}/vote`,
        headers: { 'user-agent': `voter ${spot} ${i}`, 'content-type': 'application/json' },
        payload: { value: 1 },
      });
    const stuck = Array.from({ length: 30 }, (_, i) => vote(locked, i));
    // While those wait: how many of the app's connections wait on a lock.
    let mostWaiting = 0;
    const watch = setInterval(async () => {
      const [row] = (
        await holder.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name LIKE 'hatari %' AND wait_event_type = 'Lock'",
        )
      ).rows;
      mostWaiting = Math.max(mostWaiting, row?.n ?? 0);
    }, 100);
    try {
      // The rest of the instance answers as usual, all while the row stays locked.
      const elsewhere = await Promise.all([
        ...Array.from({ length: 10 }, (_, i) => vote(other, i)),
        ...Array.from({ length: 10 }, () => app.inject({ method: 'GET', url: `/api/spots/${third}` })),
        app.inject({ method: 'GET', url: '/api/spots' }),
        app.inject({
          method: 'POST',
          url: '/api/spots',
          headers: { 'user-agent': 'a new reporter', 'content-type': 'application/json' },
          payload: report({ title: 'Reported meanwhile' }),
        }),
      ]);
      assert.deepEqual(
        [...new Set(elsewhere.map((r) => r.statusCode))].sort(),
        [200, 201],
        'other spots’ votes, reads and a new report all succeed',
      );
      const answers = await Promise.all(stuck);
      assert.deepEqual(
        [...new Set(answers.map((r) => r.statusCode))],
        [503],
        'every vote on the locked spot is a 503, none hangs',
      );
      for (const r of answers) {
        assert.equal(r.headers['retry-after'], '5');
        assert.match(r.json().error, /nothing is wrong with your request/);
      }
    } finally {
      clearInterval(watch);
    }
    assert.ok(mostWaiting <= 1, `at most one connection waited on the lock (${mostWaiting})`);
    await holder.query('ROLLBACK');
    assert.equal((await vote(locked, 99)).statusCode, 200, 'once the row is free, votes count again');
  });

  it('a pool that gives no connection in time: 503 with Retry-After, and health says so until it passes', async () => {
    const { app, db, clock, spots } = await instance({
      shares: { reads: 1, writes: 1 },
      connectionTimeoutMillis: 300,
    });
    const healthy = await app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(healthy.statusCode, 200, healthy.body);
    // The one read connection is busy for a while.
    const busy = db.query('SELECT pg_sleep(1.5)');
    const read = await app.inject({ method: 'GET', url: `/api/spots/${spots[0]}/history` });
    assert.equal(read.statusCode, 503, read.body);
    assert.equal(read.headers['retry-after'], '5');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(health.statusCode, 503);
    assert.equal(health.headers['retry-after'], '5');
    // (The rate limits' counters, in the database here, count in memory meanwhile.)
    assert.equal(health.json().checks.database, 'ok');
    assert.equal(health.json().checks.pool, 'exhausted');
    await busy;
    clock.advance(10_000);
    assert.equal(
      (await app.inject({ method: 'GET', url: '/api/health' })).statusCode,
      200,
      'ten seconds later',
    );
  });

  it('writes failing as on a full disk: 503 (the report’s plain 500) with Retry-After, health 503 until a write succeeds', async () => {
    const { app, url, spots } = await instance();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(() => admin.end());
    // An injected write error: every insert into votes and spots fails as PostgreSQL does on a full disk.
    await admin.query(`CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100'; END $$`);
    for (const table of ['votes', 'spots'])
      await admin.query(`CREATE TRIGGER disk_full BEFORE INSERT ON ${table} EXECUTE FUNCTION disk_full()`);
    const vote = await app.inject({
      method: 'POST',
      url: `/api/spots/${spots[0]}/vote`,
      headers: { 'user-agent': 'a voter', 'content-type': 'application/json' },
      payload: { value: 1 },
    });
    assert.equal(vote.statusCode, 503, vote.body);
    assert.equal(vote.headers['retry-after'], '5');
    const reported = await app.inject({
      method: 'POST',
      url: '/api/spots',
      headers: { 'user-agent': 'a reporter', 'content-type': 'application/json' },
      payload: report({ title: 'Reported on a full disk' }),
    });
    assert.equal(reported.statusCode, 500, 'the spec’s plain-text 500');
    assert.equal(reported.body, 'Internal Server Error');
    assert.equal(reported.headers['retry-after'], '5');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(health.statusCode, 503);
    assert.equal(health.json().checks.writes, 'failing');
    assert.match(health.json().error, /Writes are failing/);
    // Space is freed: the next write succeeds, and health is 200 again.
    for (const table of ['votes', 'spots']) await admin.query(`DROP TRIGGER disk_full ON ${table}`);
    const again = await app.inject({
      method: 'POST',
      url: `/api/spots/${spots[0]}/vote`,
      headers: { 'user-agent': 'a voter', 'content-type': 'application/json' },
      payload: { value: 1 },
    });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal((await app.inject({ method: 'GET', url: '/api/health' })).statusCode, 200);
  });
});
