import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { after, describe, it } from 'node:test';
import { tileOf } from '../../common/geo.ts';
import { report } from './factories.ts';
import { NGINX, runCleanups, startNginx, startServer, stop, waitFor } from './processes.ts';
import { createFreshDatabase, TEST_REDIS_URL } from './test-db.ts';

const skip = !existsSync(NGINX)
  ? 'needs nginx (Debian package nginx)'
  : TEST_REDIS_URL
    ? false
    : 'needs TEST_REDIS_URL (Redis)';
if (process.env.CI && skip) throw new Error(`CI must run the proxy test: ${skip}`);

/** A sign-in request through http or https (trusting `ca`); its status and headers. */
function signIn(url: string, headers: Record<string, string>, ca?: string) {
  const body = JSON.stringify({ username: 'amina', password: 'a long passphrase' });
  const target = new URL('/api/auth/login', url);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const send = target.protocol === 'https:' ? https.request : http.request;
    const req = send(
      target,
      { method: 'POST', ca, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('behind nginx, two instances on one PostgreSQL and one Redis', { skip }, () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  after(async () => {
    await runCleanups(cleanups);
  });

  /** One instance on a fresh database and Redis, trusting the nginx in front of it. */
  async function oneInstanceBehindNginx(env: Record<string, string>, tls = false) {
    const fresh = await createFreshDatabase();
    cleanups.push(fresh.dropDatabase);
    const app = await startServer({
      DATABASE_URL: fresh.url,
      REDIS_URL: TEST_REDIS_URL as string,
      TRUST_PROXY: '127.0.0.1',
      ...env,
    });
    cleanups.push(() => stop(app.proc));
    const nginx = await startNginx([Number(new URL(app.url).port)], { tls });
    cleanups.push(() => nginx.stop());
    return nginx;
  }

  /** Two instances on one fresh database and Redis, trusting the nginx in front of them. */
  async function twoInstances() {
    const fresh = await createFreshDatabase();
    cleanups.push(fresh.dropDatabase);
    const env = { DATABASE_URL: fresh.url, REDIS_URL: TEST_REDIS_URL as string, TRUST_PROXY: '127.0.0.1' };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    cleanups.push(
      () => stop(a.proc),
      () => stop(b.proc),
    );
    return [a, b] as const;
  }

  it('hold per-visitor limits across both instances, and a spoofed X-Forwarded-For buys nothing', async () => {
    const [a, b] = await twoInstances();
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

  it('streams a report sent to one instance to a stream held open by the other, through nginx', async () => {
    const [a, b] = await twoInstances();
    // Only instance a behind nginx: the stream is held by a, the report goes straight to b.
    const nginx = await startNginx([Number(new URL(a.url).port)]);
    cleanups.push(() => nginx.stop());
    let text = '';
    const stream = http.get(`${nginx.url}/api/events`, (res) => {
      assert.equal(res.statusCode, 200);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
    });
    cleanups.push(async () => stream.destroy());
    await waitFor(async () => text.startsWith('retry:'), 5000, 'the stream to open');
    const posted = await fetch(`${b.url}/api/spots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report({ title: 'Heard on the other instance' })),
    });
    assert.equal(posted.status, 201);
    // Sent at the report's commit by NOTIFY; nginx passes it on at once (no buffering).
    await waitFor(async () => text.includes('Heard on the other instance'), 5000, 'the event through nginx');
    assert.match(text, /\nevent: spot\.published\ndata: \{"id":\d+/);
  });

  it('over HTTPS: HSTS and a Secure session cookie; over plain HTTP neither, whatever the client claims', async () => {
    const nginx = await oneInstanceBehindNginx(
      { ADMIN_USERNAME: 'amina', ADMIN_PASSWORD: 'a long passphrase' },
      true,
    );
    const tls = nginx.https;
    assert.ok(tls, 'nginx listens for HTTPS too');

    const secure = await signIn(tls.url, {}, tls.ca);
    assert.equal(secure.status, 200);
    assert.match(String(secure.headers['strict-transport-security']), /^max-age=\d{7,}/);
    assert.match(String(secure.headers['set-cookie']), /hatari_session=[^;]+;.*; Secure/);

    // Plain HTTP, with the client claiming HTTPS: nginx overwrites X-Forwarded-Proto with its own.
    const plain = await signIn(nginx.url, { 'x-forwarded-proto': 'https' });
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['strict-transport-security'], undefined);
    assert.doesNotMatch(String(plain.headers['set-cookie']), /Secure/);
  });

  it("logs a channel callback's path without its secret", async () => {
    const secret = 'nginx-log-secret-0123456789';
    const nginx = await oneInstanceBehindNginx({ CHANNEL_SECRET: secret });
    const form = new URLSearchParams({
      sessionId: 'log-1',
      phoneNumber: '+256772100099',
      networkCode: '64110',
      text: '',
    });
    const res = await fetch(`${nginx.url}/api/channels/ussd/${secret}`, { method: 'POST', body: form });
    assert.equal(res.status, 200, await res.text());
    // nginx writes the line once the answer is sent; give it a moment.
    for (let i = 0; i < 50 && !nginx.logs().includes('/api/channels/ussd/'); i++)
      await new Promise((r) => setTimeout(r, 100));
    const logs = nginx.logs();
    assert.match(logs, /"POST \/api\/channels\/ussd\/\[secret\]" 200/);
    assert.ok(!logs.includes(secret), 'the secret is not in the access log');
  });

  it('keeps map tiles in its cache, revalidates them with the ETag, and shows a write once they are stale', async () => {
    const nginx = await oneInstanceBehindNginx({ SEED: '0' });
    const spot = { lat: 0.3136, lng: 32.5811 };
    const post = () =>
      fetch(`${nginx.url}/api/spots`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': `phone ${Math.random()}` },
        body: JSON.stringify(report(spot)),
      });
    assert.equal((await post()).status, 201);
    const { x, y } = tileOf(spot.lat, spot.lng, 15);
    const tile = async () => {
      const res = await fetch(`${nginx.url}/api/spots/tiles/15/${x}/${y}.json`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      const body = (await res.json()) as { spots: unknown[] };
      return {
        cache: res.headers.get('x-cache-status'),
        spots: body.spots.length,
        etag: res.headers.get('etag'),
      };
    };
    const first = await tile();
    assert.deepEqual([first.cache, first.spots], ['MISS', 1]);
    const second = await tile();
    assert.deepEqual(
      [second.cache, second.spots, second.etag],
      ['HIT', 1, first.etag],
      'served from the cache',
    );

    assert.equal((await post()).status, 201);
    // Fresh for 10 s: nginx still answers what it holds.
    assert.deepEqual([(await tile()).cache, (await tile()).spots], ['HIT', 1]);
    // Once stale (after about 10 s), the first phone gets the old tile at once while nginx asks the app
    // in the background (with If-None-Match: the tile changed, so a 200); the next gets the new one.
    let stale: Awaited<ReturnType<typeof tile>> | undefined;
    await waitFor(
      async () => {
        const seen = await tile();
        if (seen.cache !== 'HIT') stale = seen;
        await new Promise((r) => setTimeout(r, 250));
        return stale !== undefined;
      },
      15_000,
      'the tile going stale',
    );
    assert.deepEqual([stale?.cache, stale?.spots], ['STALE', 1]);
    await waitFor(async () => (await tile()).spots === 2, 5000, 'the refreshed tile');
    const refreshed = await tile();
    assert.equal(refreshed.cache, 'HIT');
    assert.notEqual(refreshed.etag, first.etag, 'a new version, a new ETag');
  });
});
