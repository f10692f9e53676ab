import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { FakeNominatim, FakeOsrm, KAMPALA_PLACES } from './fakes.ts';
import { body, contentType, pathId, query, RUNS, visitor } from './fuzz-inputs.ts';
import { report, startTestApp, type TestApp } from './helpers.ts';

/**
 * Property-based fuzzing of every public endpoint's inputs: bodies, query strings, path ids and
 * headers. Whatever arrives, the answer is never a 5xx, every error is JSON with an `error` string,
 * and nothing is stored from a refused request. 10,000 cases per endpoint on PostgreSQL (CI);
 * FUZZ_RUNS changes it (embedded storage defaults to 1,000 to keep a newcomer's `npm test` short).
 */
describe('fuzzing every endpoint', () => {
  let t: TestApp;
  let spotId: number;
  const osrm = new FakeOsrm();
  const nominatim = new FakeNominatim(KAMPALA_PLACES);

  before(async () => {
    const [osrmUrl, nominatimUrl] = await Promise.all([osrm.start(), nominatim.start()]);
    t = await startTestApp({ env: { OSRM_URL: osrmUrl, NOMINATIM_URL: nominatimUrl } });
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

  /** The rules every answer keeps, whatever it was asked. */
  async function send(options: InjectOptions) {
    const res = await t.inject(options);
    assert.ok(
      res.statusCode < 500,
      `${options.method ?? 'GET'} ${options.url} → ${res.statusCode}: ${res.body.slice(0, 200)}`,
    );
    if (res.statusCode >= 400) {
      assert.match(
        String(res.headers['content-type']),
        /^application\/json/,
        `${options.url}: ${res.statusCode} is JSON`,
      );
      assert.equal(typeof res.json().error, 'string');
    }
    return res;
  }

  const spotCount = async () =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM spots'))[0]?.n ?? 0;

  it(`POST /api/spots: ${RUNS} bodies and content types; only 201s are stored`, async () => {
    const before = await spotCount();
    let created = 0;
    await fc.assert(
      fc.asyncProperty(body, contentType, visitor, async (payload, type, ua) => {
        const res = await send({
          method: 'POST',
          url: '/api/spots',
          payload,
          headers: { 'user-agent': ua, ...(type ? { 'content-type': type } : {}) },
        });
        if (res.statusCode === 201) created++;
        else assert.ok([400, 413, 415, 429].includes(res.statusCode), `unexpected ${res.statusCode}`);
      }),
      { numRuns: RUNS },
    );
    assert.equal(await spotCount(), before + created, 'nothing stored from a refused report');
    assert.equal(Object.hasOwn(Object.prototype, 'admin'), false, 'no prototype pollution');
  });

  it(`votes and flags: ${RUNS} bodies, ids and visitors; counts always equal the vote rows`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('vote', 'flag'),
        body,
        fc.oneof(fc.constant(String(spotId)), pathId),
        visitor,
        async (what, payload, id, ua) => {
          await send({
            method: 'POST',
            url: `/api/spots/${id}/${what}`,
            payload,
            headers: { 'user-agent': ua, 'content-type': 'application/json' },
          });
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

  for (const path of [
    '/api/spots',
    '/api/spots/clusters',
    '/api/search',
    '/api/route',
    '/api/stats',
    '/api/me',
    '/api/spots.csv',
    '/api/spots.geojson',
    '/api/health',
  ]) {
    it(`GET ${path}: ${RUNS} query strings`, async () => {
      await fc.assert(
        fc.asyncProperty(query, visitor, async (q, ua) => {
          // Place lookups are paced app-wide (one a second, as the public geocoder asks); the fuzz
          // keeps to spot search, whose inputs are the same, so it does not wait on that pace.
          const pace = path === '/api/search' ? 'places=0&' : '';
          await send({ method: 'GET', url: `${path}?${pace}${q}`, headers: { 'user-agent': ua } });
        }),
        { numRuns: RUNS },
      );
    });
  }

  it(`GET /api/spots/{id}: ${RUNS} path ids`, async () => {
    await fc.assert(
      fc.asyncProperty(pathId, visitor, async (id, ua) => {
        const res = await send({ method: 'GET', url: `/api/spots/${id}`, headers: { 'user-agent': ua } });
        assert.ok([200, 400, 404, 414].includes(res.statusCode), `${id} → ${res.statusCode}`);
      }),
      { numRuns: RUNS },
    );
  });

  it(`POST /api/auth/login: ${RUNS} bodies never sign anyone in`, async () => {
    await fc.assert(
      fc.asyncProperty(body, contentType, visitor, async (payload, type, ua) => {
        const res = await send({
          method: 'POST',
          url: '/api/auth/login',
          payload,
          headers: { 'user-agent': ua, ...(type ? { 'content-type': type } : {}) },
        });
        assert.notEqual(res.statusCode, 200);
        assert.equal(res.headers['set-cookie'], undefined);
      }),
      { numRuns: RUNS },
    );
  });
});
