import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import zlib from 'node:zlib';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { report } from './factories.ts';
import { FakeNominatim, FakeOsrm, KAMPALA_PLACES } from './fakes.ts';
import { writeFixtureBasemap } from './fixtures/basemap.ts';
import {
  body,
  clientHeaders,
  contentType,
  pathId,
  query,
  RUNS,
  statusesForId,
  visitor,
} from './fuzz-inputs.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Property-based fuzzing of every public endpoint's inputs: bodies, query strings, path ids and
 * headers (every case also carries a random set of the headers clients send: forwarded addresses,
 * which the app here trusts, compression, caching, cookies, Origin, content negotiation). Whatever
 * arrives, the answer is never a 5xx, every error is JSON with an `error` string, every answer
 * carries the security headers, and nothing is stored from a refused request. 4,000 cases per
 * endpoint on PostgreSQL (CI); FUZZ_RUNS changes it (embedded storage defaults to 300 to keep a
 * newcomer's `npm test` short).
 */
/**
 * Public writes carrying an Origin of another site are refused with 403 (the fuzzed Origin is never
 * this site's), unless the router refused the address first (400, 414): true when one of those is
 * what happened; a 403 without an Origin fails the property.
 */
function refusedAsCrossSite(headers: Record<string, string>, status: number): boolean {
  if (headers.origin?.trim()) {
    assert.ok(
      [403, 400, 414].includes(status),
      `Origin ${JSON.stringify(headers.origin)} answered ${status}`,
    );
    return true;
  }
  return headers.origin !== undefined && status === 403;
}

describe('fuzzing every endpoint', () => {
  let t: TestApp;
  let spotId: number;
  const osrm = new FakeOsrm();
  const nominatim = new FakeNominatim(KAMPALA_PLACES);

  before(async () => {
    const [osrmUrl, nominatimUrl] = await Promise.all([osrm.start(), nominatim.start()]);
    t = await startTestApp({
      env: {
        OSRM_URL: osrmUrl,
        NOMINATIM_URL: nominatimUrl,
        TRUST_PROXY: '127.0.0.1',
        CLIENT_IP_HEADER: 'x-real-ip',
        BASEMAP_PMTILES: writeFixtureBasemap(
          path.join(mkdtempSync(path.join(tmpdir(), 'hatari-fuzz-')), 'basemap.pmtiles'),
        ),
      },
    });
    const res = await t.inject({
      method: 'POST',
      url: '/api/spots',
      payload: report({ title: 'Fuzz target' }),
    });
    spotId = res.json().spot.id;
  });
  after(async () => {
    await t.close();
    await Promise.all([osrm.stop(), nominatim.stop()]);
  });

  /** The body as the client reads it, whatever compression it asked for. */
  function decoded(res: LightMyRequestResponse): string {
    const raw = res.rawPayload;
    switch (res.headers['content-encoding']) {
      case 'br':
        return zlib.brotliDecompressSync(raw).toString();
      case 'gzip':
        return zlib.gunzipSync(raw).toString();
      case 'deflate':
        return zlib.inflateSync(raw).toString();
      default:
        return raw.toString();
    }
  }

  /**
   * The rules every answer keeps, whatever it was asked. Each case also carries `headers`, a random
   * set of the headers clients send; the case's own headers (visitor, content type) come on top.
   */
  async function send(options: InjectOptions, headers: Record<string, string>) {
    const res = await t.inject({ ...options, headers: { ...headers, ...options.headers } });
    const what = `${options.method ?? 'GET'} ${options.url} → ${res.statusCode}`;
    const text = decoded(res);
    assert.ok(res.statusCode < 500, `${what}: ${text.slice(0, 200)}`);
    assert.equal(res.headers['x-content-type-options'], 'nosniff', `${what}: security headers`);
    assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/, what);
    if (res.statusCode >= 400) {
      assert.match(String(res.headers['content-type']), /^application\/json/, `${what} is JSON`);
      assert.equal(typeof JSON.parse(text).error, 'string', `${what}: ${text.slice(0, 200)}`);
    }
    return res;
  }

  const spotCount = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM spots'))[0]?.n ?? 0;

  it(`POST /api/spots: ${RUNS} bodies, content types and headers; only 201s are stored`, async () => {
    const before = await spotCount();
    let created = 0;
    await fc.assert(
      fc.asyncProperty(body, contentType, visitor, clientHeaders, async (payload, type, ua, headers) => {
        const res = await send(
          {
            method: 'POST',
            url: '/api/spots',
            payload,
            headers: { 'user-agent': ua, ...(type ? { 'content-type': type } : {}) },
          },
          headers,
        );
        if (res.statusCode === 201) created++;
        else if (!refusedAsCrossSite(headers, res.statusCode))
          assert.ok([400, 413, 415, 429].includes(res.statusCode), `unexpected ${res.statusCode}`);
      }),
      { numRuns: RUNS },
    );
    assert.equal(await spotCount(), before + created, 'nothing stored from a refused report');
    assert.equal(Object.hasOwn(Object.prototype, 'admin'), false, 'no prototype pollution');
  });

  for (const what of ['vote', 'flag']) {
    it(`POST /api/spots/{id}/${what}: ${RUNS} bodies, ids, visitors and headers; counts equal the vote rows`, async () => {
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.oneof(fc.constant(String(spotId)), pathId),
          visitor,
          clientHeaders,
          async (payload, id, ua, headers) => {
            const res = await send(
              {
                method: 'POST',
                url: `/api/spots/${id}/${what}`,
                payload,
                headers: { 'user-agent': ua, 'content-type': 'application/json' },
              },
              headers,
            );
            if (!refusedAsCrossSite(headers, res.statusCode)) {
              // A body over the size limit is refused before anything (413); the body is
              // validated after the id, so a good id's answer depends on the body too.
              const allowed = [...statusesForId(id, [200, 400, 404, 409]), 413];
              assert.ok(allowed.includes(res.statusCode), `${id} → ${res.statusCode}`);
            }
          },
        ),
        { numRuns: RUNS },
      );
      const [row] = await t.db.query<{ ok: boolean }>(
        `SELECT bool_and(s.confirmations = (SELECT count(*) FROM votes v WHERE v.spot_id = s.id AND v.value = 1)
                     AND s.denials = (SELECT count(*) FROM votes v WHERE v.spot_id = s.id AND v.value = -1)) AS ok
         FROM spots s`,
      );
      assert.equal(row?.ok, true);
    });
  }

  const readPaths = [
    '/api/spots',
    '/api/spots/clusters',
    '/api/search',
    '/api/nearby',
    '/api/basemap/area',
    '/api/route',
    '/api/stats',
    '/api/me',
    '/api/spots.csv',
    '/api/spots.geojson',
    '/api/health',
    '/api/auth/session',
    '/api/openapi.json',
  ];
  for (const path of readPaths) {
    it(`GET ${path}: ${RUNS} query strings and headers`, async () => {
      await fc.assert(
        fc.asyncProperty(query, visitor, clientHeaders, async (q, ua, headers) => {
          // Place lookups are paced app-wide (one a second, as the public geocoder asks); the fuzz
          // keeps to spot search, whose inputs are the same, so it does not wait on that pace.
          const pace = path === '/api/search' ? 'places=0&' : '';
          await send({ method: 'GET', url: `${path}?${pace}${q}`, headers: { 'user-agent': ua } }, headers);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it(`${RUNS} addresses of every endpoint holding a control character: a 400 (or the limit's 429)`, async () => {
    const paths = [
      ...readPaths,
      '/api/spots/1',
      '/api/spots/1/vote',
      '/api/spots/1/flag',
      '/api/auth/login',
      '/api/mod/spots',
      '/api/device',
    ];
    const control = fc.integer({ min: 0, max: 0x20 }).map((c) => (c === 0x20 ? 0x7f : c));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom('GET', 'POST'),
        fc.string({ maxLength: 10 }),
        control,
        fc.boolean(),
        async (path, method, before, c, inPath) => {
          const bad = `%${c.toString(16).padStart(2, '0')}`;
          const address = inPath
            ? `${path}${bad}${encodeURIComponent(before)}`
            : `${path}?q=${encodeURIComponent(before)}${bad}`;
          const res = await send(
            { method: method as 'GET' | 'POST', url: address, payload: method === 'POST' ? '{}' : undefined },
            {},
          );
          // Counted like any request first, so a spent limit answers 429 instead.
          assert.ok([400, 429].includes(res.statusCode), `${method} ${address}: ${res.statusCode}`);
          if (res.statusCode === 400)
            assert.match(JSON.parse(decoded(res)).error, /control characters|not valid/);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`GET tiles and the basemap archive: ${RUNS} addresses, ranges and headers`, async () => {
    const part = fc.oneof(
      fc.integer({ min: -2, max: 40 }).map(String),
      fc.integer({ min: 0, max: 2 ** 31 }).map(String),
      fc.string({ maxLength: 6 }).map(encodeURIComponent),
    );
    const range = fc.oneof(
      fc.constant(undefined),
      fc.tuple(fc.nat(3_000_000), fc.nat(3_000_000)).map(([a, b]) => `bytes=${a}-${b}`),
      fc.string({ maxLength: 20 }),
    );
    const address = fc.oneof(
      fc.tuple(part, part, part).map(([z, x, y]) => `/api/basemap/${z}/${x}/${y}.mvt`),
      fc.tuple(part, part, part).map(([z, x, y]) => `/api/spots/tiles/${z}/${x}/${y}.mvt`),
      fc.constant('/api/basemap.pmtiles'),
    );
    await fc.assert(
      fc.asyncProperty(address, range, visitor, clientHeaders, async (url, bytes, ua, headers) => {
        const res = await send(
          {
            method: 'GET',
            url,
            headers: { 'user-agent': ua, ...(bytes === undefined ? {} : { range: bytes }) },
          },
          headers,
        );
        assert.ok(
          [200, 204, 206, 304, 400, 404, 416, 429].includes(res.statusCode),
          `${url} → ${res.statusCode}`,
        );
        if (res.statusCode === 206)
          assert.ok(res.rawPayload.length <= 1024 * 1024, 'a range is at most 1 MiB');
      }),
      { numRuns: RUNS },
    );
  });

  for (const rest of ['', '/history']) {
    it(`GET /api/spots/{id}${rest}: ${RUNS} path ids and headers`, async () => {
      await fc.assert(
        fc.asyncProperty(pathId, visitor, clientHeaders, async (id, ua, headers) => {
          const res = await send(
            { method: 'GET', url: `/api/spots/${id}${rest}`, headers: { 'user-agent': ua } },
            headers,
          );
          const allowed = statusesForId(id, [200, 304, 404]);
          assert.ok(allowed.includes(res.statusCode), `${id}${rest} → ${res.statusCode}`);
        }),
        { numRuns: RUNS },
      );
    });
  }

  for (const path of ['/api/auth/login', '/api/auth/logout']) {
    it(`POST ${path}: ${RUNS} bodies, content types and headers never sign anyone in`, async () => {
      await fc.assert(
        fc.asyncProperty(body, contentType, visitor, clientHeaders, async (payload, type, ua, headers) => {
          const res = await send(
            {
              method: 'POST',
              url: path,
              payload,
              headers: { 'user-agent': ua, ...(type ? { 'content-type': type } : {}) },
            },
            headers,
          );
          assert.notEqual(res.statusCode, 200);
          assert.doesNotMatch(String(res.headers['set-cookie'] ?? ''), /hatari_session=[^;]/);
        }),
        { numRuns: RUNS },
      );
    });
  }
});
