import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import Fastify from 'fastify';
import pg from 'pg';
import { createPgDb, LOCK_TIMEOUT_MS, STATEMENT_TIMEOUT_MS } from '../../src/db/pg.ts';
import { HttpError, registerErrorHandling } from '../../src/http/errors.ts';
import { outageOf, RecentOutages } from '../../src/http/outage.ts';
import { KeyedQueue, NoTurnError } from '../../src/util/keyed-queue.ts';
import { buildAppOn, createFreshDatabase, onPostgres, report, TestClock } from '../helpers.ts';

/**
 * An instance's worst days, replayed in one process against a PostgreSQL of the test's own: a spot's
 * row locked by someone else (as `VACUUM FULL` or a migration would), the pool's connections all
 * taken, writes failing as on a full disk. What users see is asserted (statuses, Retry-After, what
 * the rest of the instance answers) and what health tells a load balancer.
 */
const pgError = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('outages: which errors are one', () => {
  it('reads SQLSTATEs, errnos and the pool’s own words, through causes', () => {
    assert.equal(outageOf(pgError('53100')), 'writes');
    assert.equal(outageOf(pgError('25006')), 'writes');
    assert.equal(outageOf(pgError('ENOSPC')), 'writes');
    assert.equal(outageOf(new Error('timeout exceeded when trying to connect')), 'pool');
    for (const code of ['55P03', '57014', '57P01', '57P03', '08006', 'ECONNREFUSED', '40P01'])
      assert.equal(outageOf(pgError(code)), 'database', code);
    assert.equal(outageOf(new Error('Connection terminated unexpectedly')), 'database');
    assert.equal(outageOf(new Error('wrapped', { cause: pgError('53100') })), 'writes');
    // A bug or a bad request is no outage.
    for (const err of [pgError('23505'), pgError('42P01'), new Error('oops'), 'text', undefined])
      assert.equal(outageOf(err), undefined);
  });

  it('health judges the last 10 s: a pool timeout, failing writes until one succeeds, a failed share', () => {
    const clock = new TestClock(new Date('2026-11-27T10:00:00Z'));
    const recent = new RecentOutages(clock);
    assert.deepEqual(recent.trouble(), {});
    recent.failed('pool');
    assert.deepEqual(recent.trouble(), { pool: 'exhausted' });
    clock.advance(10_000);
    assert.deepEqual(recent.trouble(), {}, 'ten seconds later');

    recent.failed('writes');
    clock.advance(20_000);
    assert.deepEqual(recent.trouble(), { writes: 'failing' }, 'no write has succeeded since');
    recent.answered({ failed: false, wrote: false });
    assert.deepEqual(recent.trouble(), { writes: 'failing' }, 'a read says nothing of writes');
    recent.answered({ failed: false, wrote: true });
    assert.deepEqual(recent.trouble(), {}, 'a write succeeded');

    clock.advance(10_000);
    for (let i = 0; i < 9; i++) recent.answered({ failed: true, wrote: false });
    assert.deepEqual(recent.trouble(), {}, 'nine answers are too few to judge');
    recent.answered({ failed: false, wrote: false });
    recent.answered({ failed: false, wrote: false });
    assert.deepEqual(recent.trouble(), { requests: 'failing' }, '9 of 11 failed');
    for (let i = 0; i < 8; i++) recent.answered({ failed: false, wrote: false });
    assert.deepEqual(recent.trouble(), {}, '9 of 19 failed: under half');
    clock.advance(11_000);
    for (let i = 0; i < 10; i++) recent.answered({ failed: true, wrote: false });
    assert.deepEqual(recent.trouble(), { requests: 'failing' }, 'the old answers left the window');
  });
});

describe('what health counts as failed', () => {
  it('outages and server errors, never a 503 that sheds load', async () => {
    const clock = new TestClock(new Date('2026-11-27T10:00:00Z'));
    const recent = new RecentOutages(clock);
    const app = Fastify();
    registerErrorHandling(app, recent);
    app.get('/busy', async () => {
      const busy = new HttpError(503, 'Too many uncached reads at once');
      busy.retryAfterSeconds = 2;
      throw busy;
    });
    app.get('/down', async () => {
      throw pgError('57P01', 'terminating connection due to administrator command');
    });
    const hit = async (url: string, n: number) => {
      for (let i = 0; i < n; i++) await app.inject({ method: 'GET', url });
    };
    await hit('/busy', 20);
    assert.deepEqual(recent.trouble(), {}, '20 shed reads: the instance is protecting itself');
    const down = await app.inject({ method: 'GET', url: '/down' });
    assert.equal(down.statusCode, 503);
    assert.equal(down.headers['retry-after'], '5');
    await hit('/down', 19);
    assert.deepEqual(recent.trouble(), { requests: 'failing' }, '20 outages of 40 answers');
    await app.close();
  });
});

describe('a keyed queue', () => {
  it('runs one task of a key at a time, others at once, and refuses past its bounds', async () => {
    const queue = new KeyedQueue(2, 60_000);
    let release = () => {};
    const first = queue.run('a', () => new Promise<string>((resolve) => (release = () => resolve('first'))));
    const order: string[] = [];
    const second = queue.run('a', async () => order.push('second'));
    const third = queue.run('a', async () => order.push('third'));
    await assert.rejects(
      queue.run('a', async () => order.push('fourth')),
      NoTurnError,
    );
    assert.equal(await queue.run('b', async () => 'other key'), 'other key');
    assert.deepEqual(order, [], 'a’s others wait');
    release();
    assert.equal(await first, 'first');
    await Promise.all([second, third]);
    assert.deepEqual(order, ['second', 'third']);
    assert.equal(queue.size, 0, 'nothing kept once done');
  });

  it('fails those waiting with a failure they would meet too, at once, and lets later ones try', async () => {
    const lockTimeout = Object.assign(new Error('canceling statement due to lock timeout'), {
      code: '55P03',
    });
    const queue = new KeyedQueue(10, 60_000, (err) => err === lockTimeout);
    let fail = () => {};
    const head = queue.run(7, () => new Promise<void>((_, reject) => (fail = () => reject(lockTimeout))));
    let ran = 0;
    const waiting = Array.from({ length: 5 }, () => queue.run(7, async () => ran++));
    fail();
    await assert.rejects(head, (err) => err === lockTimeout);
    for (const w of waiting) await assert.rejects(w, (err) => err === lockTimeout);
    assert.equal(ran, 0, 'none of them waited for the lock in turn');
    assert.equal(await queue.run(7, async () => 'tried again'), 'tried again');
  });

  it('gives up on a task that waited past its time, which then never runs', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const queue = new KeyedQueue(10, 2500);
    let release = () => {};
    const head = queue.run(1, () => new Promise<void>((resolve) => (release = resolve)));
    let ran = false;
    const waiting = queue.run(1, async () => {
      ran = true;
    });
    t.mock.timers.tick(2500);
    await assert.rejects(waiting, NoTurnError);
    release();
    await head;
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(ran, false, 'given up on, it is skipped');
  });
});

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
    const clock = new TestClock(new Date());
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
    for (const settings of [reads, writes])
      assert.deepEqual(settings, {
        statement_timeout: `${STATEMENT_TIMEOUT_MS / 1000}s`,
        lock_timeout: `${LOCK_TIMEOUT_MS / 1000}s`,
      });
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
