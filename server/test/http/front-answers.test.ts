import assert from 'node:assert/strict';
import http, { type IncomingHttpHeaders } from 'node:http';
import { after, before, describe, it } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { tileOf } from '../../../common/geo.ts';
import { readKey } from '../../src/http/public-cache.ts';
import { POLICIES } from '../../src/limits/policies.ts';
import { givenSpot } from '../factories.ts';
import { startListeningTestApp, type TestApp } from '../test-app.ts';

/** Cached public reads answered before Fastify (http/front-answers.ts), over real HTTP. */

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** What differs between two answers of one read by design: the date and the limits' count. */
const comparable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => name !== 'date' && !name.startsWith('ratelimit'))
      .sort(([a], [b]) => a.localeCompare(b)),
  );

describe('answers before Fastify', () => {
  let t: TestApp & { origin: string };
  let spot: number;
  let visitors = 0;
  const frontAnswers = () => (t.logs.text.match(/"reqId":"front-\d+","req"/g) ?? []).length;

  /** One request from a new visitor (its own forwarded address) unless `from` names one. */
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET', from?: string) =>
    new Promise<Answer>((resolve, reject) => {
      visitors++;
      const forwarded = from ?? `41.210.${visitors >> 8}.${visitors & 255}`;
      const req = http.request(
        `${t.origin}${path}`,
        { method, agent: false, headers: { 'x-forwarded-for': forwarded, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject).end();
    });

  before(async () => {
    t = await startListeningTestApp({ env: { TRUST_PROXY: '127.0.0.1' }, realLimits: true });
    // Enough spots in one street tile for a body worth compressing.
    for (let i = 0; i < 8; i++) spot = await givenSpot(t, { fields: { title: `Dark corner number ${i}` } });
  });
  after(() => t.close());

  it("sends a cached read again with the pipeline's status, headers and bytes: each coding, HEAD, a 304", async () => {
    const { x, y } = tileOf(0.31, 32.58, 16);
    const variants: Array<[string, Record<string, string>, string?]> = [
      ['brotli', { 'accept-encoding': 'gzip, br' }],
      ['gzip', { 'accept-encoding': 'gzip' }],
      ['no coding', {}],
      ['HEAD', { 'accept-encoding': 'br' }, 'HEAD'],
    ];
    for (const path of [`/api/spots/${spot}`, `/api/spots/tiles/16/${x}/${y}.json`, '/api/spots?limit=50']) {
      const etag = (await get(path)).headers.etag as string;
      for (const [name, headers, method] of [...variants, ['304', { 'if-none-match': etag }] as const]) {
        // An Origin header (no partner's) sends a request through Fastify, which answers it as any other.
        const piped = await get(path, { ...headers, origin: 'http://elsewhere.example' }, method);
        await get(path, headers, method);
        const answered = frontAnswers();
        const front = await get(path, headers, method);
        assert.equal(frontAnswers(), answered + 1, `${path} ${name}: answered before Fastify`);
        assert.equal(front.status, piped.status, `${path} ${name}: status`);
        assert.deepEqual(comparable(front.headers), comparable(piped.headers), `${path} ${name}: headers`);
        assert.ok(front.body.equals(piped.body), `${path} ${name}: the same bytes`);
        assert.equal(front.headers['ratelimit-policy'], piped.headers['ratelimit-policy'], `${path} ${name}`);
      }
    }
  });

  it('counts each answer once against the read limits, and hands a refusal to Fastify without counting it again', async () => {
    const reader = '41.210.200.7';
    const statuses: number[] = [];
    const remaining: number[] = [];
    for (let i = 0; i <= POLICIES.read.limit; i++) {
      const res = await get(`/api/spots/${spot}`, { 'user-agent': 'Reader/1' }, 'GET', reader);
      statuses.push(res.status);
      remaining.push(Number(res.headers['ratelimit-remaining']));
    }
    assert.deepEqual(statuses, [...Array(POLICIES.read.limit).fill(200), 429]);
    assert.deepEqual(
      remaining.slice(0, POLICIES.read.limit),
      remaining.slice(0, POLICIES.read.limit).map((_, i) => POLICIES.read.limit - 1 - i),
    );
    // Another agent on the same address: its network has counted the 121 requests once each.
    const identity = t.deps.identify({
      socket: {} as never,
      headers: { 'user-agent': 'Reader/2' },
      ip: reader,
      cookies: {},
    });
    const [network] = t.deps.limiter.consumeSettled(['read_network'], identity) ?? [];
    assert.equal(network?.remaining, POLICIES.read_network.limit - POLICIES.read.limit - 2);
  });

  it('sends the next read through Fastify once a write has emptied the read cache, and from memory again after', async () => {
    const path = `/api/spots/${spot}`;
    await get(path);
    await get(path);
    const answered = frontAnswers();
    t.deps.publicCache.invalidate();
    const after = await get(path);
    assert.equal(after.status, 200);
    assert.equal(frontAnswers(), answered, 'the answer kept is no longer the live one');
    await get(path);
    assert.equal(frontAnswers(), answered + 1);
  });

  it('keeps no answer alive once the read cache has let it go', async () => {
    // The read cache bounds its bodies in bytes; an answer it drops must be freed, not held here
    // (1,200 lists of 500 spots, each asked twice, once held 300 MB beyond the cache's 48).
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    await get('/api/stats');
    const answered = frontAnswers();
    await get('/api/stats');
    assert.equal(frontAnswers(), answered + 1, 'answered before Fastify, so its address is kept');
    const entry = new WeakRef(
      await t.deps.publicCache.get(readKey('/api/stats', {}), () =>
        Promise.reject(new Error('kept, not read again')),
      ),
    );
    t.deps.publicCache.invalidate();
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    assert.equal(entry.deref(), undefined, 'the body the read cache dropped was freed');
  });
});
