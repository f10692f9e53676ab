import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import { PublicReadCache, readKey } from '../../src/http/public-cache.ts';
import { ByteBudgetCache } from '../../src/util/byte-budget-cache.ts';
import { report, solvedChallenge } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

describe('PublicReadCache', () => {
  it('answers from memory until the TTL ends, then asks again', async () => {
    let now = 50_000;
    let calls = 0;
    const cache = new PublicReadCache({ ttlMs: 2000, now: () => now });
    const produce = async () => ({ n: ++calls });
    assert.equal((await cache.get('a', produce)).body.toString(), '{"n":1}');
    now += 1999;
    assert.equal((await cache.get('a', produce)).body.toString(), '{"n":1}');
    now += 2;
    assert.equal((await cache.get('a', produce)).body.toString(), '{"n":2}');
  });

  it('shares one query among concurrent misses, and forgets everything on a write', async () => {
    let calls = 0;
    const cache = new PublicReadCache();
    const produce = () => new Promise((r) => setTimeout(() => r({ n: ++calls }), 20));
    const answers = await Promise.all([1, 2, 3].map(() => cache.get('a', produce)));
    assert.equal(calls, 1);
    assert.deepEqual(new Set(answers).size, 1, 'one answer shared by all three');
    cache.invalidate();
    await cache.get('a', produce);
    assert.equal(calls, 2);
  });

  it('does not keep an answer computed across a write', async () => {
    let calls = 0;
    const cache = new PublicReadCache();
    let release: () => void = () => {};
    const slow = () =>
      new Promise((r) => {
        calls++;
        release = () => r({ stale: true });
      });
    const pending = cache.get('a', slow);
    cache.invalidate();
    release();
    await pending;
    await cache.get('a', async () => ({ fresh: ++calls }));
    assert.equal(calls, 2, 'the answer begun before the write was not kept');
  });

  it('stays within its byte budget, dropping the oldest answers first', async () => {
    const cache = new PublicReadCache({ maxBytes: 100_000 });
    const big = async () => ({ text: 'x'.repeat(10_000) });
    for (let i = 0; i < 50; i++) await cache.get(`k${i}`, big);
    assert.ok(cache.bytes <= 100_000, `${cache.bytes} bytes held`);
    let calls = 0;
    await cache.get('k49', async () => ++calls);
    await cache.get('k0', async () => ++calls);
    assert.equal(calls, 1, 'the newest answer is still held, the oldest was dropped');
  });

  it('keys a read by its validated query only, in any order', () => {
    assert.equal(
      readKey('/api/spots', { limit: 500, category: 'theft', cursor: undefined }),
      readKey('/api/spots', { category: 'theft', limit: 500 }),
    );
    assert.notEqual(readKey('/api/spots', { limit: 5 }), readKey('/api/spots', { limit: 50 }));
    assert.notEqual(readKey('/api/spots', {}), readKey('/api/stats', {}));
  });

  it('passes errors through and does not keep them', async () => {
    const cache = new PublicReadCache();
    await assert.rejects(
      cache.get('a', async () => Promise.reject(new Error('no'))),
      /no/,
    );
    assert.equal((await cache.get('a', async () => 1)).body.toString(), '1');
  });
});

describe('ByteBudgetCache', () => {
  it('frees expired entries while idle', (t) => {
    t.mock.timers.enable({ apis: ['setInterval'] });
    let now = 50_000;
    const cache = new ByteBudgetCache<string>({
      maxBytes: 1000,
      ttlMs: 1000,
      sizeOf: (v) => v.length,
      now: () => now,
    });
    cache.set('a', 'x'.repeat(100));
    assert.equal(cache.bytes, 100);
    now += 1001;
    t.mock.timers.tick(1000);
    assert.deepEqual([cache.bytes, cache.size], [0, 0], 'dropped by the timer, without a get');
    cache.close();
  });

  it('lets the least recently used entries go first when the budget is reached', () => {
    const cache = new ByteBudgetCache<string>({ maxBytes: 1000, ttlMs: 60_000, sizeOf: (v) => v.length });
    cache.set('a', 'x'.repeat(250));
    cache.set('b', 'x'.repeat(250));
    cache.set('c', 'x'.repeat(250));
    cache.get('a');
    cache.set('d', 'x'.repeat(250));
    cache.set('e', 'x'.repeat(250));
    assert.deepEqual(
      ['a', 'b', 'c', 'd', 'e'].filter((k) => cache.has(k)),
      ['a', 'c', 'd', 'e'],
      'b, the least recently used, went; a was read since it was kept',
    );
    assert.ok(cache.bytes <= 1000, `within the budget: ${cache.bytes}`);
    cache.close();
  });

  it('does not keep one entry larger than a quarter of the budget', () => {
    const cache = new ByteBudgetCache<string>({ maxBytes: 1000, ttlMs: 60_000, sizeOf: (v) => v.length });
    cache.set('small', 'x'.repeat(200));
    cache.set('huge', 'x'.repeat(400));
    assert.deepEqual([cache.get('small')?.length, cache.get('huge')], [200, undefined]);
    cache.close();
  });
});

describe('cached public reads over HTTP', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('a write shows in the next read at once: list, spot, stats and clusters', async () => {
    const count = async () => (await t.inject({ url: '/api/spots' })).json().spots.length;
    const total = async () => (await t.inject({ url: '/api/stats' })).json().totals.total;
    const clustered = async () =>
      (await t.inject({ url: '/api/spots/clusters?zoom=6' }))
        .json()
        .clusters.reduce((n: number, c: { count: number }) => n + c.count, 0);
    assert.deepEqual([await count(), await total(), await clustered()], [0, 0, 0]);
    const res = await t.inject({ method: 'POST', url: '/api/spots', payload: report() });
    const id = res.json().spot.id;
    assert.deepEqual([await count(), await total(), await clustered()], [1, 1, 1]);
    const before = (await t.inject({ url: `/api/spots/${id}` })).json().spot.denials;
    await t.inject({
      method: 'POST',
      url: `/api/spots/${id}/vote`,
      payload: { value: -1 },
      headers: { 'user-agent': 'b' },
    });
    assert.equal((await t.inject({ url: `/api/spots/${id}` })).json().spot.denials, before + 1);
  });

  it('keeps ETag/304 and compresses large answers once', async () => {
    for (let i = 0; i < 6; i++)
      await t.inject({ method: 'POST', url: '/api/spots', payload: report({ title: `Spot ${i}` }) });
    const first = await t.inject({ url: '/api/spots', headers: { 'accept-encoding': 'br' } });
    assert.equal(first.headers['content-encoding'], 'br');
    assert.equal(
      JSON.parse(brotliDecompressSync(first.rawPayload).toString()).spots.length,
      7,
      'compressed once',
    );
    const etag = String(first.headers.etag);
    const again = await t.inject({ url: '/api/spots', headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    const plain = await t.inject({ url: '/api/spots' });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.json().spots.length, 7);
  });

  it('is kept through a device credential request, which changes nothing public', async () => {
    const listed = async () => (await t.inject({ url: '/api/spots?limit=5000' })).json().spots.length;
    const before = await listed();
    // A spot written behind the app's back: only an emptied cache would show it.
    await t.db.query(
      `INSERT INTO spots (title, lat, lng, category, severity, time_of_day) VALUES ('Behind', 0.3, 32.5, 'other', 1, 'any')`,
    );
    assert.equal(
      (await t.inject({ method: 'POST', url: '/api/device', payload: await solvedChallenge(t) })).statusCode,
      200,
    );
    assert.equal(await listed(), before, 'the cached answer');
    await t.inject({ method: 'POST', url: '/api/spots', payload: report() });
    assert.equal(await listed(), before + 2, 'a real write empties it');
  });
  it('answers cache-busting parameters from the same entry, and refuses none of them', async () => {
    await t.inject({ url: '/api/spots?limit=3' });
    const held = t.deps.publicCache.bytes;
    for (let i = 0; i < 20; i++) {
      const res = await t.inject({ url: `/api/spots?limit=3&cachebust=${i}&_=${i}` });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().spots.length, 3);
    }
    assert.equal(t.deps.publicCache.bytes, held, 'no new entries');
  });
});

describe('the bound on uncached reads over HTTP', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { PUBLIC_READS_AT_ONCE: '1', PUBLIC_READS_WAITING: '0' } });
  });
  after(() => t.close());

  it('keeps places of its own for light reads: spots by id are answered while lists fill theirs', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const made = await t.inject({
        method: 'POST',
        url: '/api/spots',
        payload: report({ lat: 0.3 + i / 100 }),
      });
      ids.push(made.json().spot.id);
    }
    const [lists, spots] = await Promise.all([
      Promise.all(
        Array.from({ length: 20 }, (_, i) => t.inject({ method: 'GET', url: `/api/spots?since=${i + 100}` })),
      ),
      Promise.all(ids.map((id) => t.inject({ method: 'GET', url: `/api/spots/${id}` }))),
    ]);
    assert.ok(
      lists.some((r) => r.statusCode === 503),
      'the lists beyond their one place were refused',
    );
    assert.deepEqual(
      spots.map((r) => r.statusCode),
      [200, 200, 200, 200, 200],
    );
  });

  it('answers reads beyond the places and the queue 503 with Retry-After, and cached reads still 200', async () => {
    const reads = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.inject({ method: 'GET', url: `/api/spots?since=${i + 1}` })),
    );
    const busy = reads.filter((r) => r.statusCode === 503);
    assert.ok(busy.length > 0, 'some reads found no place');
    assert.ok(
      reads.some((r) => r.statusCode === 200),
      'the read holding the place was answered',
    );
    for (const r of busy) {
      assert.equal(r.headers['retry-after'], '2');
      assert.match(r.json().error, /busy/);
    }
    const answered = reads.findIndex((r) => r.statusCode === 200);
    // The same read again is in the cache: no place is needed, whatever the others do.
    const again = await Promise.all([
      t.inject({ method: 'GET', url: `/api/spots?since=${answered + 1}` }),
      t.inject({ method: 'GET', url: `/api/spots?since=${answered + 1}` }),
    ]);
    assert.deepEqual(
      again.map((r) => r.statusCode),
      [200, 200],
    );
  });
});
