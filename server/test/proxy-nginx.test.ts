import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { createFreshDatabase, report, TEST_REDIS_URL } from './helpers.ts';
import { NGINX, runCleanups, startNginx, startServer, stop } from './processes.ts';

const skip = !existsSync(NGINX)
  ? 'needs nginx (Debian package nginx)'
  : TEST_REDIS_URL
    ? false
    : 'needs TEST_REDIS_URL (Redis)';
if (process.env.CI && skip) throw new Error(`CI must run the proxy test: ${skip}`);

describe('behind nginx, two instances on one PostgreSQL and one Redis', { skip }, () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  after(async () => {
    await runCleanups(cleanups);
  });

  it('hold per-visitor limits across both instances, and a spoofed X-Forwarded-For buys nothing', async () => {
    const fresh = await createFreshDatabase();
    cleanups.push(fresh.dropDatabase);
    const env = { DATABASE_URL: fresh.url, REDIS_URL: TEST_REDIS_URL as string, TRUST_PROXY: '127.0.0.1' };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    cleanups.push(
      () => stop(a.proc),
      () => stop(b.proc),
    );
    const ports = [a.url, b.url].map((u) => Number(new URL(u).port));
    const nginx = await startNginx(ports);
    cleanups.push(() => nginx.stop());

    const postVia = (ua: string, spoof: string) =>
      fetch(`${nginx.url}/api/spots`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': ua, 'x-forwarded-for': spoof },
        body: JSON.stringify(report()),
      });
    // Round robin spreads these over both instances; each claims to come from somewhere else.
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await postVia('phone-behind-proxy', `192.0.2.${i}`)).status);
    assert.deepEqual(statuses, [201, 201, 201, 201, 201, 429]);

    // Round robin gave each instance about half; with one instance gone, the other still refuses:
    // it counts what the stopped one admitted, because the counters are shared through Redis.
    await stop(a.proc);
    assert.equal((await postVia('phone-behind-proxy', '192.0.2.50')).status, 429);

    // Another phone on the same network still has its own quota.
    assert.equal((await postVia('another-phone', '192.0.2.99')).status, 201);
  });
});
