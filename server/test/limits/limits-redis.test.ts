import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { REDIS_KEY_PREFIX, RedisStore } from '../../src/limits/redis-store.ts';
import { report } from '../factories.ts';
import { runCleanups, startServer, stop } from '../processes.ts';
import { startTestApp } from '../test-app.ts';
import { createFreshDatabase, TEST_REDIS_URL } from '../test-db.ts';

const skip = TEST_REDIS_URL ? false : 'needs TEST_REDIS_URL (Redis)';

const postReport = (url: string) =>
  fetch(`${url}/api/spots`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'shared-limit-phone' },
    body: JSON.stringify(report()),
  });

describe('rate limits on Redis', { skip }, () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  after(async () => {
    await runCleanups(cleanups);
  });

  it("counts all of a request's policies in one round trip, each in its own window", async () => {
    const store = new RedisStore(TEST_REDIS_URL as string, () => {}, 2000);
    await store.ready(2000);
    // Shaped like real keys (policy and a 43-character hash): another test checks every key's shape.
    const hash = randomBytes(32).toString('base64url');
    const keys = [`test_minute:${hash}`, `test_hour:${hash}`];
    await store.hit(keys[0] as string, 60);
    const [a, b] = await store.hitAll([
      { key: keys[0] as string, windowSeconds: 60 },
      { key: keys[1] as string, windowSeconds: 3600 },
    ]);
    assert.deepEqual([a?.current, b?.current], [2, 1]);
    assert.equal(a?.nowMs, b?.nowMs, 'one clock reading for both');
    const redis = new Redis(TEST_REDIS_URL as string);
    const ttls = await Promise.all(keys.map((k) => redis.pttl(REDIS_KEY_PREFIX + k)));
    assert.ok((ttls[0] ?? 0) <= 120_000 && (ttls[0] ?? 0) > 100_000, 'two windows of a minute');
    assert.ok((ttls[1] ?? 0) > 7_000_000, 'two windows of an hour');
    await redis.quit();
    await store.close();
  });

  it('are shared by two server processes and survive their restart', async () => {
    const fresh = await createFreshDatabase({ empty: true });
    cleanups.push(fresh.dropDatabase);
    const env = { DATABASE_URL: fresh.url, REDIS_URL: TEST_REDIS_URL as string };
    // Both start at once: migrations take turns under the advisory lock.
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    cleanups.push(
      () => stop(a.proc),
      () => stop(b.proc),
    );

    const health = (await (await fetch(`${a.url}/api/health`)).json()) as { checks: { counters: string } };
    assert.equal(health.checks.counters, 'redis');
    const statuses: number[] = [];
    for (const url of [a.url, b.url, a.url, b.url, a.url]) statuses.push((await postReport(url)).status);
    assert.deepEqual(statuses, [201, 201, 201, 201, 201]);
    const sixth = await postReport(b.url);
    assert.equal(sixth.status, 429);
    assert.match(String(sixth.headers.get('retry-after')), /^[1-9]\d*$/);

    await Promise.all([stop(a.proc), stop(b.proc)]);
    const c = await startServer(env);
    cleanups.push(() => stop(c.proc));
    assert.equal((await postReport(c.url)).status, 429);
  });

  it('key counters by policy and hash, with no raw address in Redis', async () => {
    const t = await startTestApp({ realLimits: true, env: { REDIS_URL: TEST_REDIS_URL as string } });
    cleanups.push(() => t.close());
    for (let i = 0; i < 3; i++) {
      await t.inject({
        method: 'GET',
        url: '/api/spots',
        remoteAddress: '192.0.2.61',
        headers: { 'user-agent': 'x' },
      });
      await t.inject({ method: 'POST', url: '/api/spots', payload: report(), remoteAddress: '192.0.2.61' });
    }
    const redis = new Redis(TEST_REDIS_URL as string);
    cleanups.push(async () => redis.disconnect());
    const keys = await redis.keys(`${REDIS_KEY_PREFIX}*`);
    assert.ok(keys.length >= 3, `counters of three policies at least: ${keys.length} keys`);
    let everything = '';
    for (const key of keys) {
      assert.match(key, /^hatari:rl:[a-z_]+:[A-Za-z0-9_-]{43}$/);
      // -1 is a key without expiry; -2, a key that expired since it was listed.
      assert.notEqual(await redis.pttl(key), -1, 'every key expires');
      everything += key + JSON.stringify(await redis.hgetall(key));
    }
    assert.doesNotMatch(everything, /\d+\.\d+\.\d+\.\d+/);
  });
});
