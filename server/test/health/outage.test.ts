import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { HttpError, registerErrorHandling } from '../../src/http/errors.ts';
import { outageOf, RecentOutages } from '../../src/http/outage.ts';
import { KeyedQueue, NoTurnError } from '../../src/util/keyed-queue.ts';
import { TestClock } from '../test-app.ts';

/**
 * What counts as an outage and how health judges them, and the keyed queue that keeps a locked spot
 * to one connection. The outages themselves are replayed on PostgreSQL by server/faults/outages.test.ts
 * (npm run test:faults).
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
