import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { report } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

const HOST = 'hatari.example';
let t: TestApp;
let spotId: number;
describe('http/same-site', () => {
  before(async () => {
    t = await startTestApp({ env: { PARTNER_ORIGINS: 'https://partner.example.org' } });
    spotId = (await t.inject({ method: 'POST', url: '/api/spots', payload: report() })).json().spot.id;
  });
  after(() => t.close());

  const counts = async () =>
    (
      await t.db.query<{ spots: number; votes: number; flags: number }>(
        `SELECT (SELECT count(*)::int FROM spots) AS spots, (SELECT count(*)::int FROM votes) AS votes,
         (SELECT count(*)::int FROM flags) AS flags`,
      )
    )[0];

  /** The three public writes, as a page would send them: JSON, text/plain or a form body. */
  const writes = () => [
    { url: '/api/spots', body: JSON.stringify(report()) },
    { url: `/api/spots/${spotId}/vote`, body: '{"value":-1}' },
    { url: `/api/spots/${spotId}/flag`, body: '{"reason":"inaccurate"}' },
  ];
  const TYPES = [
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  ];

  describe('cross-site public writes', () => {
    it('refuses report, vote and flag from a page on another site, whatever the content type, and stores nothing', async () => {
      const before = await counts();
      let n = 0;
      for (const headers of [
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'cross-site' },
        { origin: `http://${HOST}.evil.example` },
      ]) {
        for (const type of TYPES) {
          for (const w of writes()) {
            const res = await t.inject({
              method: 'POST',
              url: w.url,
              payload: w.body,
              remoteAddress: `203.0.113.${++n % 250}`,
              headers: { host: HOST, 'content-type': type, 'user-agent': `Browser ${n}`, ...headers },
            });
            assert.equal(res.statusCode, 403, `${JSON.stringify(headers)} ${type} ${w.url}`);
            assert.match(res.json().error, /other websites/);
            assert.equal(res.headers['access-control-allow-origin'], undefined);
            assert.equal(res.headers['ratelimit-limit'], undefined, 'refused before any limit is spent');
          }
        }
      }
      assert.deepEqual(await counts(), before);
    });

    it('lets the site itself, apps and scripts without Origin, and partners write as before', async () => {
      const cases: Array<[string, Record<string, string>]> = [
        ['same origin', { origin: `https://${HOST}`, 'sec-fetch-site': 'same-origin' }],
        ['same origin over http', { origin: `http://${HOST}` }],
        [
          'a sibling the browser calls same-site',
          { origin: `https://www.${HOST}`, 'sec-fetch-site': 'same-site' },
        ],
        ['no Origin (curl, apps)', {}],
        ['typed in the address bar', { 'sec-fetch-site': 'none' }],
        ['a configured partner', { origin: 'https://partner.example.org', 'sec-fetch-site': 'cross-site' }],
      ];
      let n = 0;
      for (const [what, headers] of cases) {
        for (const type of ['application/json', 'text/plain']) {
          const ua = { 'user-agent': `${what} ${type} ${++n}` };
          const post = (url: string, payload: string) =>
            t.inject({
              method: 'POST',
              url,
              payload,
              headers: { host: HOST, 'content-type': type, ...ua, ...headers },
            });
          const res = await post('/api/spots', JSON.stringify(report()));
          assert.equal(res.statusCode, 201, `${what} ${type}: ${res.body}`);
          const id = res.json().spot.id;
          const vote = await post(`/api/spots/${spotId}/vote`, '{"value":1}');
          assert.equal(vote.statusCode, 200, `${what} ${type}: ${vote.body}`);
          const flag = await post(`/api/spots/${id}/flag`, '{}');
          assert.equal(flag.statusCode, 200, `${what} ${type}: ${flag.body}`);
          const cors = res.headers['access-control-allow-origin'];
          assert.equal(cors, what === 'a configured partner' ? 'https://partner.example.org' : undefined);
        }
      }
    });

    it('grants CORS to no other origin, and answers only partners\u2019 preflights', async () => {
      const other = await t.inject({
        method: 'OPTIONS',
        url: '/api/spots',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      // Answered (RFC 9110: which methods), but granted nothing: the browser refuses the preflight.
      assert.equal(other.headers['access-control-allow-origin'], undefined);
      assert.equal(other.headers['access-control-allow-methods'], undefined);
      assert.equal(other.headers.allow, 'GET, HEAD, POST, OPTIONS');
      const read = await t.inject({
        method: 'GET',
        url: '/api/spots',
        headers: { origin: 'https://evil.example' },
      });
      assert.equal(read.statusCode, 200);
      assert.equal(read.headers['access-control-allow-origin'], undefined);
      const partner = await t.inject({
        method: 'OPTIONS',
        url: '/api/spots',
        headers: { origin: 'https://partner.example.org', 'access-control-request-method': 'POST' },
      });
      assert.equal(partner.statusCode, 204);
      assert.equal(partner.headers['access-control-allow-origin'], 'https://partner.example.org');
      assert.match(String(partner.headers['access-control-allow-headers']), /Content-Type/);
    });

    it('varies every answer by Origin, so a cache never hands one origin the copy made for another', async () => {
      const tile = '/api/spots/tiles/11/1233/1022.mvt';
      for (const url of ['/api/spots', '/api/spots.geojson', tile, '/api/openapi.json']) {
        for (const origin of [undefined, 'https://partner.example.org']) {
          const res = await t.inject({
            method: 'GET',
            url,
            headers: { 'accept-encoding': 'br, gzip', ...(origin ? { origin } : {}) },
          });
          assert.ok(res.statusCode < 400, `${url}: ${res.statusCode}`);
          const varies = String(res.headers.vary)
            .toLowerCase()
            .split(/\s*,\s*/);
          assert.ok(varies.includes('origin'), `${url} ${origin ?? 'no origin'}: Vary ${res.headers.vary}`);
          if (origin)
            // A partner's page may read the copy's tag and the limits it runs into.
            assert.match(
              String(res.headers['access-control-expose-headers']),
              /ETag.*Retry-After.*RateLimit-Remaining/,
            );
        }
      }
    });
  });

  describe('HTTP methods and media types', () => {
    it('answers a known path with a wrong method 405 and Allow, and OPTIONS with Allow', async () => {
      const put = await t.inject({ method: 'PUT', url: '/api/spots', payload: report() });
      assert.equal(put.statusCode, 405);
      assert.equal(put.headers.allow, 'GET, HEAD, POST, OPTIONS');
      assert.match(put.json().error, /PUT is not allowed on \/api\/spots/);
      const del = await t.inject({ method: 'DELETE', url: `/api/spots/${spotId}` });
      assert.equal(del.statusCode, 405);
      assert.equal(del.headers.allow, 'GET, HEAD, OPTIONS');
      const options = await t.inject({ method: 'OPTIONS', url: `/api/spots/${spotId}/vote` });
      assert.equal(options.statusCode, 204);
      assert.equal(options.headers.allow, 'POST, OPTIONS');
      const unknown = await t.inject({ method: 'PUT', url: '/api/nothing-here' });
      assert.equal(unknown.statusCode, 404, 'an unknown path stays 404');
    });

    it('refuses a body sent as another media type with 415, keeps bad JSON 400, and reads JSON whatever its type', async () => {
      const post = (type: string, payload: string, ua: string) =>
        t.inject({
          method: 'POST',
          url: '/api/spots',
          payload,
          headers: { 'content-type': type, 'user-agent': ua },
        });
      for (const [type, body] of [
        ['application/x-www-form-urlencoded', 'title=Dark+lane&lat=0.33&lng=32.6'],
        [
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--x--',
        ],
        ['application/xml', '<spot><title>Dark lane</title></spot>'],
      ] as const) {
        const res = await post(type, body, `415 ${type}`);
        assert.equal(res.statusCode, 415, `${type}: ${res.body}`);
        assert.match(res.json().error, /Send the body as JSON/);
        assert.equal(res.json().issues[0].code, 'unsupported_media_type');
      }
      for (const type of ['application/json', 'text/plain']) {
        const res = await post(type, '{"title": ', `400 ${type}`);
        assert.equal(res.statusCode, 400, `${type}: the spec's malformed JSON`);
        assert.equal(res.json().error, 'Malformed JSON body');
      }
      // curl -d sends JSON as a form: read as JSON, as the service this one replaces did.
      const curl = await post('application/x-www-form-urlencoded', JSON.stringify(report()), 'curl/8');
      assert.equal(curl.statusCode, 201, curl.body);
    });

    it('refuses a cross-site device credential request too', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/device',
        headers: { origin: 'https://evil.example' },
      });
      assert.equal(res.statusCode, 403);
      assert.equal(res.headers['set-cookie'], undefined);
    });
  });
});
