import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { report } from '../test/factories.ts';
import { runCleanups, waitFor } from '../test/processes.ts';
import { startTestApp } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-db.ts';
import { startRedis } from './harness.ts';

/**
 * npm run test:faults: the counter store (Redis) killed and started again under an instance: no
 * request fails, every limit holds in memory meanwhile, a visitor at its limit stays there across the
 * restart, and the instance returns to Redis by itself (noticed at its next settle of reads, or at
 * its next write).
 */
describe('rate limits across a Redis restart', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  after(() => runCleanups(cleanups));

  it('fall back to memory when Redis dies, with no 5xx, and return to Redis when it is back', async () => {
    const redis = await startRedis();
    cleanups.push(() => redis.kill());

    const database = await createTestDatabase();
    cleanups.push(() => database.drop());
    const t = await startTestApp({
      database,
      realLimits: true,
      env: { REDIS_URL: redis.url },
    });
    cleanups.push(() => t.close());
    const health = async () => (await t.inject({ method: 'GET', url: '/api/health' })).json().checks.counters;
    const read = () => t.inject({ method: 'GET', url: '/api/spots', remoteAddress: '198.51.100.77' });

    assert.equal((await read()).statusCode, 200);
    assert.equal(await health(), 'redis');
    // A visitor reaches its 5 reports an hour while Redis counts.
    const reportFrom = async (remoteAddress: string) =>
      (await t.inject({ method: 'POST', url: '/api/spots', payload: report(), remoteAddress })).statusCode;
    const atLimit = [];
    for (let i = 0; i < 5; i++) atLimit.push(await reportFrom('198.51.100.79'));
    assert.deepEqual(atLimit, [201, 201, 201, 201, 201]);

    await redis.kill();
    const during = [];
    for (let i = 0; i < 20; i++) during.push((await read()).statusCode);
    assert.deepEqual([...new Set(during)], [200]);
    // Reads are settled with the store in batches (limits/settled-reads.ts): the instance notices
    // the store is gone at the next settle, within a quarter of a second.
    await waitFor(async () => (await health()) === 'memory-fallback', 5000, 'the limiter to fall back');
    // Limits still hold in memory.
    const reports = [];
    for (let i = 0; i < 6; i++) {
      reports.push(
        (
          await t.inject({
            method: 'POST',
            url: '/api/spots',
            payload: report(),
            remoteAddress: '198.51.100.78',
          })
        ).statusCode,
      );
    }
    assert.deepEqual(reports, [201, 201, 201, 201, 201, 429]);
    // The visitor at its limit before the outage stays there: its count was mirrored in memory.
    assert.equal(await reportFrom('198.51.100.79'), 429, 'a sixth report across the outage is refused');

    await redis.start();
    await waitFor(
      async () => {
        await read();
        return (await health()) === 'redis';
      },
      15_000,
      'the limiter to return to Redis',
    );
    // What this instance admitted while Redis was away still counts here.
    assert.equal(await reportFrom('198.51.100.78'), 429, 'the visitor of the outage stays at its limit');
  });
});
