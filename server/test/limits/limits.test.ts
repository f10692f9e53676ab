import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { DatabaseStore } from '../../src/limits/db-store.ts';
import { report } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test-db.ts';

/** A client: an address and a phone. */
interface Client {
  remoteAddress: string;
  ua: string;
}
let n = 0;
/** Every call is a new visitor on its own network unless an address is given. */
const client = (remoteAddress?: string): Client => {
  n++;
  return {
    remoteAddress: remoteAddress ?? `198.51.${Math.floor(n / 200)}.${(n % 200) + 1}`,
    ua: `Phone ${n}`,
  };
};

let database: TestDatabase;
let t: TestApp;
describe('limits/limits', () => {
  before(async () => {
    database = await createTestDatabase();
    t = await startTestApp({ database, realLimits: true });
  });
  after(async () => {
    await t.close();
    await database.drop();
  });

  function send(
    c: Client,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> {
    return t.inject({
      method,
      url,
      remoteAddress: c.remoteAddress,
      headers: { 'user-agent': c.ua, 'content-type': 'application/json' },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
  }

  async function times(k: number, fn: (i: number) => Promise<LightMyRequestResponse>) {
    const out: LightMyRequestResponse[] = [];
    for (let i = 0; i < k; i++) out.push(await fn(i));
    return out;
  }

  const codes = (rs: LightMyRequestResponse[]) => rs.map((r) => r.statusCode);

  function assertTooMany(res: LightMyRequestResponse, policy: string) {
    assert.equal(res.statusCode, 429, res.body);
    assert.equal(res.headers['ratelimit-policy'], policy);
    assert.equal(res.headers['ratelimit-remaining'], '0');
    // The IETF draft's field beside the spec's: the refusing policy, nothing left, seconds to reset.
    assert.match(String(res.headers.ratelimit), /^"\w+";r=0;t=\d+$/);
    assert.match(String(res.headers['retry-after']), /^[1-9]\d*$/);
    assert.deepEqual(Object.keys(res.json()), ['error']);
  }

  describe('each policy lets the Nth request through and answers the next with 429', () => {
    it('reports: 5 per visitor per hour, with the message the API clients know', async () => {
      const c = client();
      const ok = await times(5, () => send(c, 'POST', '/api/spots', report()));
      assert.deepEqual(codes(ok), [201, 201, 201, 201, 201]);
      assert.deepEqual(
        ok.map((r) => r.headers['ratelimit-remaining']),
        ['4', '3', '2', '1', '0'],
      );
      const sixth = await send(c, 'POST', '/api/spots', report());
      assertTooMany(sixth, '5;w=3600');
      assert.match(sixth.json().error, /too many spots were reported recently/i);
      assert.match(sixth.json().error, /try again in an hour/i);
      assert.ok(
        Number(sixth.headers['retry-after']) > 60,
        `Retry-After ${sixth.headers['retry-after']} s: past the minute`,
      );
    });

    it('reports: 30 per network per hour, whatever the user agents', async () => {
      const network = '203.0.113.30';
      const ok = await times(30, () => send(client(network), 'POST', '/api/spots', report()));
      assert.deepEqual(new Set(codes(ok)), new Set([201]));
      assertTooMany(await send(client(network), 'POST', '/api/spots', report()), '30;w=3600');
    });

    it('votes: 60 per hour, whatever the answers were (404s count)', async () => {
      const c = client();
      const ok = await times(60, () => send(c, 'POST', '/api/spots/999999/vote', { value: 1 }));
      assert.deepEqual(new Set(codes(ok)), new Set([404]));
      assertTooMany(await send(c, 'POST', '/api/spots/999999/vote', { value: 1 }), '60;w=3600');
    });

    it('flags: 20 per hour', async () => {
      const c = client();
      const ok = await times(20, () => send(c, 'POST', '/api/spots/999999/flag', {}));
      assert.deepEqual(new Set(codes(ok)), new Set([404]));
      assertTooMany(await send(c, 'POST', '/api/spots/999999/flag', {}), '20;w=3600');
    });

    it('reads: one 120 per minute counter shared by spots, a spot, stats and me', async () => {
      const c = client();
      const urls = ['/api/spots', '/api/spots/1', '/api/stats', '/api/me'];
      const ok = await times(120, (i) => send(c, 'GET', urls[i % 4] as string));
      assert.deepEqual(
        codes(ok).filter((s) => s !== 200 && s !== 404),
        [],
      );
      for (const url of urls) assertTooMany(await send(c, 'GET', url), '120;w=60');
    });

    it('moderator sign-in: 10 attempts per network per 15 minutes, even with the right password', async () => {
      const network = '203.0.113.77';
      // Ten names, so the delays per account (docs/moderators.md) stay out of this count.
      const attempts = await times(10, (i) =>
        send(client(network), 'POST', '/api/auth/login', {
          username: `nobody-${i}`,
          password: 'not the password',
        }),
      );
      assert.deepEqual(new Set(codes(attempts)), new Set([401]));
      const eleventh = await send(client(network), 'POST', '/api/auth/login', {
        username: 'a',
        password: 'b',
      });
      assertTooMany(eleventh, '10;w=900');
      assert.match(eleventh.json().error, /sign-in attempts/);
    });

    it('health is never limited', async () => {
      const c = client();
      const all = await times(150, () => send(c, 'GET', '/api/health'));
      assert.deepEqual(new Set(codes(all)), new Set([200]));
      assert.equal(all[0]?.headers['ratelimit-limit'], undefined);
    });
  });

  describe('counting and headers', () => {
    it('counts refused requests too: a client hammering stays refused', async () => {
      const c = client();
      await times(20, () => send(c, 'POST', '/api/spots/999999/flag', {}));
      const refused = await times(5, () => send(c, 'POST', '/api/spots/999999/flag', {}));
      assert.deepEqual(codes(refused), [429, 429, 429, 429, 429]);
      const rows = await t.db.query<{ total: number }>(
        `SELECT sum(count)::int AS total FROM rate_counters WHERE key LIKE 'flag:%' GROUP BY key ORDER BY total DESC LIMIT 1`,
      );
      assert.equal(rows[0]?.total, 25);
    });

    it('puts the headers on every status, and Retry-After only on 429', async () => {
      const c = client();
      const created = await send(c, 'POST', '/api/spots', report());
      const spotId = created.json().spot.id;
      const answers = {
        200: await send(c, 'GET', '/api/spots'),
        201: created,
        400: await send(c, 'POST', '/api/spots', { title: 'x' }),
        404: await send(c, 'GET', '/api/spots/999999'),
        409: await send(c, 'POST', `/api/spots/${spotId}/vote`, { value: 1 }),
      };
      for (const [status, res] of Object.entries(answers)) {
        assert.equal(res.statusCode, Number(status));
        for (const h of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy']) {
          assert.ok(res.headers[h] !== undefined, `${h} on ${status}`);
        }
        assert.equal(res.headers['retry-after'], undefined, `no Retry-After on ${status}`);
      }
      assert.match(String(answers[200].headers['ratelimit-policy']), /^120;w=60$/);
      const remaining = answers[200].headers['ratelimit-remaining'];
      const reset = answers[200].headers['ratelimit-reset'];
      assert.equal(answers[200].headers.ratelimit, `"read";r=${remaining};t=${reset}`);
    });

    it('charges a 304 revalidation to revalidate, never to the open-data or read quota; a stale tag pays the full count', async () => {
      const c = client();
      const get = (url: string, etag?: string) =>
        t.inject({
          method: 'GET',
          url,
          remoteAddress: c.remoteAddress,
          headers: { 'user-agent': c.ua, ...(etag ? { 'if-none-match': etag } : {}) },
        });
      const first = await get('/api/spots.geojson');
      assert.equal(first.statusCode, 200);
      assert.equal(first.headers['ratelimit-remaining'], '9', 'the open data: 10 an hour');
      const etag = String(first.headers.etag);
      // A GIS layer refreshing every few minutes, for hours: twenty revalidations, all 304.
      for (let i = 0; i < 20; i++) {
        const again = await get('/api/spots.geojson', etag);
        assert.equal(again.statusCode, 304, `revalidation ${i + 1}`);
        assert.match(String(again.headers.ratelimit), /^"revalidate";/);
      }
      // A tag that no longer matches (or a made-up one) is a full download, counted as one.
      const stale = await get('/api/spots.geojson', '"made-up"');
      assert.equal(stale.statusCode, 200);
      assert.equal(stale.headers['ratelimit-remaining'], '8', 'nothing spent by the 304s');
      for (let i = 0; i < 8; i++) assert.equal((await get('/api/spots.geojson', `"x${i}"`)).statusCode, 200);
      const refused = await get('/api/spots.geojson', '"x9"');
      assertTooMany(refused, '10;w=3600');
      assert.equal(refused.headers['cache-control'], 'no-store', 'a refusal is no copy to keep');
      assert.equal(refused.headers.etag, undefined);
      assert.equal((await get('/api/spots.geojson', etag)).statusCode, 304, 'its copy still revalidates');

      // The list: a revalidation of a read kept in the cache spends no read count either.
      const list = await get('/api/spots');
      const left = Number(list.headers['ratelimit-remaining']);
      assert.equal((await get('/api/spots', String(list.headers.etag))).statusCode, 304);
      const next = await get('/api/spots');
      assert.equal(Number(next.headers['ratelimit-remaining']), left - 1);
    });

    it('describes the report policy closest to its limit', async () => {
      const network = '203.0.113.90';
      const c = client(network);
      const first = await send(c, 'POST', '/api/spots', report());
      assert.equal(first.headers['ratelimit-policy'], '5;w=3600'); // 4 left of 5 beats 29 left of 30
      await times(27, () => send(client(network), 'POST', '/api/spots', report()));
      const late = await send(c, 'POST', '/api/spots', report());
      assert.equal(late.statusCode, 201);
      // The network's 29th report: 1 left of 30 is closer to its limit than this visitor's 3 left of 5.
      assert.equal(late.headers['ratelimit-policy'], '30;w=3600');
      assert.equal(late.headers['ratelimit-remaining'], '1');
    });

    it('ignores a spoofed X-Forwarded-For without TRUST_PROXY: no fresh quota', async () => {
      const c = client();
      await times(5, () => send(c, 'POST', '/api/spots', report()));
      const spoofed = await t.inject({
        method: 'POST',
        url: '/api/spots',
        remoteAddress: c.remoteAddress,
        headers: { 'user-agent': c.ua, 'x-forwarded-for': '192.0.2.200', 'content-type': 'application/json' },
        payload: JSON.stringify(report()),
      });
      assert.equal(spoofed.statusCode, 429);
    });

    it("counts all of a request's hits in one statement on the database store, each in its own window", async () => {
      const sent: string[] = [];
      const db = database.db;
      const store = new DatabaseStore({
        query: (sql, params) => {
          sent.push(sql);
          return db.query(sql, params);
        },
        exec: (sql) => db.exec(sql),
      });
      const hash = randomBytes(32).toString('base64url');
      const [minute, day, yesterday] = [`test_minute:${hash}`, `test_day:${hash}`, `test_prev:${hash}`];
      const first = await store.hit(minute, 60);
      assert.equal(first.current, 1);
      await db.query(
        `INSERT INTO rate_counters (key, window_index, count, expires_at) VALUES ($1, $2, 7, now() + interval '2 days')`,
        [yesterday, Math.floor(first.nowMs / 86_400_000) - 1],
      );
      sent.length = 0;
      const counts = await store.hitAll([
        { key: minute, windowSeconds: 60 },
        { key: day, windowSeconds: 86_400, n: 3 },
        { key: minute, windowSeconds: 60 },
        { key: yesterday, windowSeconds: 86_400 },
      ]);
      assert.equal(sent.length, 1, 'one statement');
      assert.deepEqual(
        counts.map((c) => [c.current, c.previous]),
        [
          [3, 0],
          [3, 0],
          [3, 0],
          [1, 7],
        ],
        "a key's hits summed, n counted, the window before read",
      );
      assert.equal(new Set(counts.map((c) => c.nowMs)).size, 1, 'one clock reading for all');
      assert.deepEqual(await store.hitAll([]), []);
      await store.close();
    });

    it('keeps counters across a restart (database store)', async () => {
      const c = client();
      await times(5, () => send(c, 'POST', '/api/spots', report()));
      await t.close();
      t = await startTestApp({ database, realLimits: true });
      const afterRestart = await send(c, 'POST', '/api/spots', report());
      assert.equal(afterRestart.statusCode, 429);
    });

    it('keys counters by policy and hash, with no raw address in any table', async () => {
      const keys = await t.db.query<{ key: string }>('SELECT DISTINCT key FROM rate_counters');
      assert.notEqual(keys.length, 0, 'the requests were counted');
      for (const { key } of keys) assert.match(key, /^[a-z_]+:[A-Za-z0-9_-]{43}$/);
      const dump = await t.db.query<{ d: string }>(
        `SELECT string_agg(t::text, ' ') AS d FROM (
         SELECT key || count AS t FROM rate_counters UNION ALL SELECT visitor FROM votes
         UNION ALL SELECT visitor || network || note FROM flags) x`,
      );
      assert.doesNotMatch(dump[0]?.d ?? '', /198\.51\.|203\.0\.113\.|192\.0\.2\./);
    });
  });
});
