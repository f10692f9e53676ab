import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { report, startTestApp, type TestApp } from '../helpers.ts';

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
      assert.equal(other.headers['access-control-allow-origin'], undefined);
      assert.notEqual(other.statusCode, 204);
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
