import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { API_TYPES_FILE, apiTypes } from '../../../tools/api-types/to-types.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
describe('http/openapi', () => {
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  describe('GET /api/openapi.json', () => {
    it('describes every /api and /ogc endpoint the server has, and nothing it lacks', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
      assert.equal(res.statusCode, 200);
      const doc = res.json();
      assert.equal(doc.openapi, '3.1.0');
      const documented = new Set<string>();
      for (const [p, ops] of Object.entries(doc.paths as Record<string, object>)) {
        for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${p}`);
      }
      const served = new Set<string>();
      for (const route of servedRoutes(t)) {
        const aboutTheApi =
          route.url === '/api/openapi.json' || route.url === '/ogc/api' || route.url.startsWith('/api/docs');
        const api = route.url.startsWith('/api/') || route.url === '/ogc' || route.url.startsWith('/ogc/');
        if (api && !aboutTheApi && route.method !== 'HEAD') {
          served.add(`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
        }
      }
      assert.deepEqual([...documented].sort(), [...served].sort());
    });

    it('is sent compressed with its tag, kept an hour, and revalidated to an empty 304', async () => {
      const res = await t.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: { 'accept-encoding': 'br' },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-encoding'], 'br');
      assert.equal(res.headers['cache-control'], 'public, max-age=3600');
      const etag = String(res.headers.etag);
      assert.match(etag, /^"[\w-]+"$/);
      const again = await t.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: { 'if-none-match': etag },
      });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
    });

    it('shows the report body with its rules and the Spot schema', async () => {
      const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const body = doc.paths['/api/spots'].post.requestBody.content['application/json'].schema;
      assert.deepEqual(body.required.sort(), ['category', 'lat', 'lng', 'severity', 'time_of_day', 'title']);
      assert.equal(body.properties.title.maxLength, 80);
      assert.deepEqual(body.properties.severity.maximum, 5);
      assert.equal(doc.components.schemas.Spot.properties.moderator_verified.type, 'boolean');
    });
  });

  describe('the page is typed from the document', () => {
    it('web/src/lib/api-types.ts is what `npm run api:types` writes from it today', async () => {
      const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const committed = readFileSync(new URL(`../../../${API_TYPES_FILE}`, import.meta.url), 'utf8');
      // Stale types let the page compile against answers the server no longer sends.
      assert.ok(committed === (await apiTypes(doc)), `${API_TYPES_FILE} is stale: run npm run api:types`);
    });
  });

  describe('GET /api/docs', () => {
    it('is a reference page, served from this server, of the generated document', async () => {
      const page = await t.inject({ method: 'GET', url: '/api/docs/' });
      assert.equal(page.statusCode, 200);
      assert.match(String(page.headers['content-type']), /text\/html/);
      for (const src of page.body.matchAll(/(?:src|href)="([^"]+)"/g)) {
        assert.doesNotMatch(src[1] as string, /^(https?:)?\/\//, 'no asset from another site');
      }
      const init = await t.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
      assert.equal(init.statusCode, 200);
      assert.match(init.body, /openapi\.json|\.\/json/);
    });
  });

  /** Every route the app serves, read from Fastify's route tree (full paths, one line a node). */

  describe('rate-limit headers in the document', () => {
    it('are documented exactly on the endpoints that are limited', async () => {
      const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const hasHeaders = (path: string, method: string) =>
        Object.values(doc.paths[path][method].responses as Record<string, { headers?: object }>).every(
          (r) => r.headers && 'RateLimit-Limit' in r.headers,
        );
      assert.equal(hasHeaders('/api/spots', 'post'), true);
      assert.equal(hasHeaders('/api/search', 'get'), true);
      assert.equal(hasHeaders('/api/mod/spots', 'get'), true);
      assert.equal(hasHeaders('/api/auth/login', 'post'), true);
      assert.equal(hasHeaders('/api/health', 'get'), false);
    });

    it("lists each operation's limit policies, network ceilings included", async () => {
      const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const policies = (path: string, method: string) =>
        (doc.paths[path][method]['x-rate-limits'] ?? []).map(
          (p: {
            policy: string;
            limit: number;
            window_seconds: number;
            per: string;
            newcomers_only?: true;
          }) =>
            `${p.policy} ${p.limit}/${p.window_seconds}s per ${p.per}${p.newcomers_only ? ' (newcomers)' : ''}`,
        );
      assert.deepEqual(policies('/api/spots/{id}/vote', 'post'), [
        'vote 60/3600s per visitor',
        'vote_network 1500/3600s per network (newcomers)',
        'status_change_network 60/3600s per wide_network (newcomers)',
      ]);
      assert.deepEqual(policies('/api/spots/{id}/flag', 'post'), [
        'flag 20/3600s per visitor',
        'flag_network 300/3600s per network (newcomers)',
      ]);
      assert.deepEqual(policies('/api/spots', 'post'), [
        'report_visitor 5/3600s per visitor',
        'report_network 30/3600s per network',
      ]);
      assert.deepEqual(policies('/api/device', 'post'), [
        'device_network 5000/3600s per network (newcomers)',
      ]);
      assert.deepEqual(policies('/api/channels/sms/{secret}', 'post'), [
        'channel 300/3600s per visitor',
        'channel_network 30000/60s per network',
        'sms_reply 10/86400s per visitor',
        'place_lookup 30/60s per visitor',
        'place_lookup_network 60/60s per network',
      ]);
      assert.deepEqual(policies('/api/health', 'get'), []);
    });
  });

  function servedRoutes(app: TestApp): Array<{ method: string; url: string }> {
    const stack: string[] = [];
    const routes: Array<{ method: string; url: string }> = [];
    for (const line of app.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^([\s│├└─]*)(\S+) \(([A-Z, ]+)\)$/.exec(line);
      if (!m) continue;
      const depth = (m[1] ?? '').length / 4;
      stack.length = depth;
      stack.push(m[2] ?? '');
      for (const method of (m[3] ?? '').split(', ')) routes.push({ method, url: stack.join('') });
    }
    return routes;
  }
});
