import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { FakeNominatim, FakeOsrm, KAMPALA_PLACES } from './fakes.ts';
import { onPostgres, report, startTestApp, type TestApp } from './helpers.ts';

/**
 * Property-based fuzzing of every public endpoint's inputs: bodies, query strings, path ids and
 * headers. Whatever arrives, the answer is never a 5xx, every error is JSON with an `error` string,
 * and nothing is stored from a refused request. 10,000 cases per endpoint on PostgreSQL (CI);
 * FUZZ_RUNS changes it (embedded storage defaults to 1,000 to keep a newcomer's `npm test` short).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (onPostgres ? 10_000 : 1_000));

const FIELDS = [
  'title',
  'description',
  'area',
  'lat',
  'lng',
  'category',
  'severity',
  'time_of_day',
  'incident_date',
  'source_url',
  'value',
  'reason',
  'note',
  'q',
  'places',
  'bbox',
  'limit',
  'cursor',
  'zoom',
  'from',
  'to',
  'mode',
  'avoid',
  'at',
  'since',
  'status',
  'verified',
  'username',
  'password',
];
const NASTY = [
  "' OR 1=1 --",
  "'; DROP TABLE spots; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '\u0000',
  '\uFEFF',
  '\uD800',
  '💥👩🏽‍🚒',
  'e\u0301',
  'Ŧ̵̢̛͉̮̲͚̪̳̖̪̤̤ͧ̿͗̆ͨ̓̿ͯ̀ͩ̈̀̉̈̇ͫ̀̏̚',
  '%00',
  '../../etc/passwd',
  '1e309',
  '-0',
  'NaN',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  'javascript:alert(1)',
  '0772 123 456',
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 3000 }).map((n) => 'x'.repeat(n)) },
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1, -1, 0, 5, 6, 0.31, 32.58, 4.3, 35.1, -1.6, 29.5),
);
const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** JSON objects shaped like our inputs: real field names, odd values, prototype keys, nesting. */
const jsonObject = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    tie('object'),
    fc.array(tie('value'), { maxLength: 4 }),
  ),
  object: fc.dictionary(key, tie('value'), { maxKeys: 8 }),
})).object;

/** A valid report with one field broken, so the fuzz reaches past the first check. */
const nearlyValidReport = fc
  .record({ field: fc.constantFrom(...FIELDS.slice(0, 10)), value: scalar })
  .map(({ field, value }) => ({ ...report(), [field]: value }));

function deepNesting(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A raw request body: JSON of many shapes, broken JSON, huge, deeply nested, or nothing. */
const body = fc.oneof(
  { weight: 4, arbitrary: jsonObject.map((o) => JSON.stringify(o)) },
  { weight: 3, arbitrary: nearlyValidReport.map((o) => JSON.stringify(o)) },
  { weight: 1, arbitrary: fc.constant('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}') },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 5000 }).map(deepNesting) },
  { weight: 1, arbitrary: fc.constant(JSON.stringify({ title: 'x'.repeat(70_000) })) },
  { weight: 1, arbitrary: fc.constantFrom('', 'null', '[]', '"text"', '1', '{', '{"title":}', '\u0000') },
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  undefined,
);
/** A query string of real and made-up parameters, some malformed percent-encoding. */
const query = fc.oneof(
  fc
    .dictionary(key, fc.oneof(text, fc.integer().map(String)), { maxKeys: 6 })
    .map((d) => new URLSearchParams(d).toString()),
  fc.constantFrom(
    '%',
    '%E0%A4%A',
    'q=%FF',
    'bbox=1,2,3,4,5',
    'zoom=1e3',
    'limit=-1',
    'places=0&q=ab',
    'a[b]=c',
    `q=${'%20'.repeat(300)}`,
  ),
);
const pathId = fc.oneof(
  fc.integer({ min: -5, max: 2_000_000_000 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    'abc',
    '%00',
    '..%2F..',
    '%F0%9F%92%A5',
    ' 1',
  ),
);

const visitor = fc.integer({ min: 1, max: 1_000_000 }).map((n) => `fuzz-visitor-${n}`);

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
        assert.ok([200, 400, 404].includes(res.statusCode), `${id} → ${res.statusCode}`);
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
