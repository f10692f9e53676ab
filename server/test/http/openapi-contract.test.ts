import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { solveAltcha } from '../altcha.ts';
import { report } from '../factories.ts';
import { channelEnv, smsForm, TEST_CHANNEL_SECRET } from '../fake-gateway.ts';
import { FakePushService } from '../fake-push.ts';
import { FakeNominatim, FakeOsrm, KAMPALA_PLACES } from '../fakes.ts';
import { writeFixtureBasemap } from '../fixtures/basemap.ts';
import { startTestApp, type TestApp } from '../test-app.ts';
import { contractChecker } from './contract-check.ts';

/**
 * Every endpoint called as clients call it, answers good and bad, each answer checked against the
 * OpenAPI document the server generates: its status must be listed for the operation, and its
 * body must match the schema listed for that status and media type.
 */
const ADMIN = { username: 'amina', password: 'correct horse battery' };
const osrm = new FakeOsrm();
const nominatim = new FakeNominatim(KAMPALA_PLACES);
const push = new FakePushService();
let t: TestApp;
let cookie = '';
let checked: Awaited<ReturnType<typeof contractChecker>>;
let call: typeof checked.call;

/**
 * Until a stream has subscribed to the event hub, up to 10 s (a moderator's first checks the session
 * in the database, slow on embedded storage): closing the hub before would leave the stream open.
 */
async function untilStreaming() {
  const until = performance.now() + 10_000;
  while (t.deps.events.size === 0 && performance.now() < until) await new Promise((r) => setTimeout(r, 10));
  assert.ok(t.deps.events.size > 0, 'the stream subscribed');
}

describe('http/openapi-contract', () => {
  before(async () => {
    t = await startTestApp({
      env: {
        OSRM_URL: await osrm.start(),
        NOMINATIM_URL: await nominatim.start(),
        PUSH_SERVICES: await push.start(),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        // The channels on, with a gateway that never answers: only the callbacks are called here.
        ...channelEnv('http://127.0.0.1:9'),
        BASEMAP_PMTILES: writeFixtureBasemap(
          path.join(mkdtempSync(path.join(tmpdir(), 'hatari-contract-')), 'basemap.pmtiles'),
        ),
      },
    });
    checked = await contractChecker(t, () => cookie);
    call = checked.call;
  });
  after(async () => {
    await t.close();
    await osrm.stop();
    await nominatim.stop();
    await push.stop();
  });

  describe('every endpoint answers as the generated OpenAPI document says', () => {
    let id = 0;
    let pendingId = 0;

    it("the gateway's callbacks", async () => {
      const secret = { secret: TEST_CHANNEL_SECRET };
      const ussd = {
        sessionId: 'c1',
        serviceCode: '*284#',
        phoneNumber: '+256772555001',
        networkCode: '64110',
      };
      const screen = await call('POST', '/api/channels/ussd/{secret}', {
        params: secret,
        form: { ...ussd, text: '' },
      });
      assert.match(screen.body, /^CON Hatari/);
      await call('POST', '/api/channels/ussd/{secret}', { params: secret, form: { ...ussd, text: '1*4' } });
      await call('POST', '/api/channels/ussd/{secret}', { params: secret, form: { text: '1' } });
      await call('POST', '/api/channels/ussd/{secret}', { params: { secret: 'wrong' }, form: ussd });
      await call('POST', '/api/channels/sms/{secret}', {
        params: secret,
        form: smsForm('+256772555001', 'hello'),
      });
      await call('POST', '/api/channels/sms/{secret}', { params: secret, form: { text: 'hello' } });
      await call('POST', '/api/channels/sms/{secret}', {
        params: { secret: 'wrong' },
        form: smsForm('+256772555001', 'x'),
      });
    });

    it('public reads and writes', async () => {
      id = (await call('POST', '/api/spots', { payload: report() })).json().spot.id;
      await call('POST', '/api/spots', { payload: report({ title: 'x', lat: 9 }) });
      await call('POST', '/api/spots', {
        payload: report({ title: 'Dark corner by the taxi park', lng: 32.59 }),
      });
      const list = await call('GET', '/api/spots', { query: 'category=robbery&limit=1' });
      assert.equal(list.json().spots.length, 1);
      await call('GET', '/api/spots', { query: 'limit=0' });
      await call('GET', '/api/spots/clusters', { query: 'zoom=7' });
      await call('GET', '/api/spots/clusters', { query: 'zoom=x' });
      const tile = '/api/spots/tiles/{z}/{x}/{y}.json';
      await call('GET', tile, { params: { z: 10, x: 604, y: 511 } });
      await call('GET', tile, { params: { z: 15, x: 19347, y: 16355 }, query: 'category=robbery' });
      await call('GET', tile, { params: { z: 2, x: 9, y: 1 } });
      const mvt = '/api/spots/tiles/{z}/{x}/{y}.mvt';
      await call('GET', mvt, { params: { z: 10, x: 604, y: 511 } });
      await call('GET', mvt, { params: { z: 10, x: 604, y: 511 }, query: 'status=gone' });
      assert.equal((await call('GET', '/api/spots/{id}', { params: { id } })).json().spot.id, id);
      await call('GET', '/api/spots/{id}', { params: { id: 999_999 } });
      await call('GET', '/api/spots/{id}', { params: { id: 'abc' } });
      await call('GET', '/api/spots/{id}/history', { params: { id } });
      await call('GET', '/api/spots/{id}/history', { params: { id: 999_999 } });
      await call('GET', '/api/spots/{id}/history', { params: { id: 'abc' } });
      await call('GET', '/api/spots.geojson');
      await call('GET', '/api/spots.csv', { query: 'category=robbery' });
      await call('GET', '/api/spots.csv', { query: 'since=0' });
      await call('POST', '/api/spots/{id}/vote', { params: { id }, payload: { value: -1 } });
      await call('POST', '/api/spots/{id}/vote', { params: { id }, payload: { value: -1 } });
      await call('POST', '/api/spots/{id}/vote', { params: { id }, payload: { value: 2 } });
      await call('POST', '/api/spots/{id}/vote', { params: { id: 999_999 }, payload: { value: 1 } });
      await call('POST', '/api/spots/{id}/flag', {
        params: { id },
        payload: { reason: 'duplicate', note: '' },
      });
      await call('POST', '/api/spots/{id}/flag', { params: { id }, payload: { reason: 'duplicate' } });
      await call('POST', '/api/spots/{id}/flag', { params: { id }, payload: { reason: 'nonsense' } });
      await call('GET', '/api/me');
      await call('POST', '/api/device', { payload: {} });
      const challenge = await call('GET', '/api/device/challenge');
      await call('POST', '/api/device', { payload: { altcha: solveAltcha(challenge.json()) } });
      await call('GET', '/api/stats');
      await call('GET', '/api/spots/tiles.json');
      await call('GET', '/api/feeds/spots.atom', { query: 'near=0.3136,32.5811&radius=3000' });
      await call('GET', '/api/feeds/spots.rss', { query: 'bbox=32.5,0.2,32.7,0.4&verified=1' });
      await call('GET', '/api/feeds/spots.rss', { query: 'near=0.3' });
      await call('GET', '/ogc');
      await call('GET', '/ogc', { query: 'f=xml' });
      await call('GET', '/ogc/conformance');
      await call('GET', '/ogc/collections');
      await call('GET', '/ogc/collections/spots');
      await call('GET', '/ogc/collections/spots/items', { query: 'limit=2&bbox=32.5,0.2,32.7,0.4' });
      await call('GET', '/ogc/collections/spots/items', { query: 'limit=5000' });
      await call('GET', '/ogc/collections/spots/items/{id}', { params: { id } });
      await call('GET', '/ogc/collections/spots/items/{id}', { params: { id: 999_999 } });
      await call('GET', '/api/health');
      await call('GET', '/api/live');
    });

    it('push alerts, with a fake push service', async () => {
      await call('GET', '/api/push');
      const subscription = push.subscribe();
      const place = { subscription, lang: 'en', place: 'Kalerwe', lat: 0.349, lng: 32.572 };
      const added = await call('POST', '/api/push/watches', { payload: place });
      await call('POST', '/api/push/watches', {
        payload: { ...place, place: 'Trip', to: { place: 'Old Taxi Park', lat: 0.3123, lng: 32.577 } },
      });
      await call('POST', '/api/push/watches', { payload: { ...place, place: 'Wandegeya' } });
      await call('POST', '/api/push/watches', { payload: { ...place, place: 'Ntinda' } }); // a fourth: 409
      await call('POST', '/api/push/watches', {
        payload: { ...place, subscription: { ...subscription, endpoint: 'https://victim.example/x' } },
      });
      await call('POST', '/api/push/watches/list', { payload: { endpoint: subscription.endpoint } });
      await call('POST', '/api/push/watches/list', { payload: {} });
      const id = added.json().watch.id;
      await call('DELETE', '/api/push/watches/{id}', {
        params: { id },
        payload: { endpoint: subscription.endpoint },
      });
      await call('DELETE', '/api/push/watches/{id}', {
        params: { id },
        payload: { endpoint: subscription.endpoint },
      });
      await call('DELETE', '/api/push/subscription', { payload: { endpoint: subscription.endpoint } });
      osrm.noRoute = true;
      await call('POST', '/api/push/watches', {
        payload: { ...place, place: 'Nowhere', to: { place: 'Old Taxi Park', lat: 0.3123, lng: 32.577 } },
      });
      osrm.noRoute = false;
    });

    it('the live stream', async () => {
      assert.equal((await call('GET', '/api/events', { query: 'bbox=1,2,3' })).statusCode, 400);
      // A stream stays open: it is ended by closing the hub once it is open.
      const open = call('GET', '/api/events', { query: 'bbox=32.5,0.22,32.7,0.42' });
      await untilStreaming();
      await t.deps.events.close();
      const res = await open;
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /^retry: \d+\n/);
    });

    it('the basemap', async () => {
      const tile = '/api/basemap/{z}/{x}/{y}.mvt';
      const kampala = await call('GET', tile, { params: { z: 14, x: 9674, y: 8177 } });
      assert.equal(kampala.statusCode, 200);
      await call('GET', tile, { params: { z: 14, x: 0, y: 0 } });
      await call('GET', tile, { params: { z: 99, x: 0, y: 0 } });
      await call('GET', '/api/basemap.pmtiles');
      await call('GET', '/api/basemap.json');
      const area = await call('GET', '/api/basemap/area', { query: 'bbox=32.5,0.22,32.7,0.42' });
      assert.notEqual(area.json().tiles.length, 0, 'the tiles of an area');
      await call('GET', '/api/basemap/area', { query: 'bbox=0,0,1' });
      const archive = '/api/basemap.pmtiles';
      const head = await t.inject({ method: 'GET', url: archive, headers: { range: 'bytes=0-126' } });
      assert.equal(head.statusCode, 206);
      assert.ok(checked.doc.paths[archive]?.get?.responses['206'], 'a range is a documented answer');
    });

    it('search and route checks, with the map services faked on loopback', async () => {
      await call('GET', '/api/nearby', { query: 'lat=0.3136&lng=32.5811' });
      await call('GET', '/api/nearby', { query: 'lat=51.5&lng=0' });
      await call('GET', '/api/search', { query: 'q=unlit&places=0' });
      const both = await call('GET', '/api/search', { query: 'q=kalerwe' });
      assert.notEqual(both.json().places.length, 0, 'places found');
      await call('GET', '/api/search', { query: 'q=a&places=2' });
      const routes = await call('GET', '/api/route', { query: 'from=0.3,32.55&to=0.3,32.6' });
      assert.notEqual(routes.json().routes.length, 0, 'a route found');
      await call('GET', '/api/route', { query: 'from=0.3,32.55&to=0.3,32.6&detail=compact&avoid=1' });
      await call('GET', '/api/route', { query: 'from=9,9&to=0.3,32.6' });
      osrm.noRoute = true;
      await call('GET', '/api/route', { query: 'from=0.3,32.56&to=0.3,32.61' });
      osrm.noRoute = false;
    });

    it('moderators', async () => {
      await call('GET', '/api/auth/session');
      await call('POST', '/api/auth/login', { payload: { ...ADMIN, password: 'wrong password here' } });
      const login = await call('POST', '/api/auth/login', { payload: ADMIN });
      cookie = /hatari_session=[^;]+/.exec(String(login.headers['set-cookie']))?.[0] ?? '';
      const as = { signedIn: true };
      await call('GET', '/api/auth/session', as);
      // The moderators' stream: refused without a session; open, it is ended by closing the hub.
      await call('GET', '/api/mod/events');
      const stream = call('GET', '/api/mod/events', as);
      await untilStreaming();
      await t.deps.events.close();
      assert.equal((await stream).statusCode, 200);
      await call('GET', '/api/mod/spots', { ...as, query: 'state=flagged' });
      await call('GET', '/api/mod/spots');
      await call('GET', '/api/mod/spots', { ...as, query: 'state=nope' });
      await call('PUT', '/api/mod/settings', { ...as, payload: { requireApproval: true } });
      pendingId = (await call('POST', '/api/spots', { payload: report({ lng: 32.6 }) })).json().spot.id;
      for (const action of ['approve', 'reject', 'verify', 'unverify', 'dismiss-flags']) {
        await call('POST', `/api/mod/spots/{id}/${action}`, { ...as, params: { id: pendingId } });
      }
      // Back on the map, then archived and restored, each twice (the second time a 409).
      for (const action of ['approve', 'archive', 'archive', 'restore', 'restore']) {
        await call('POST', `/api/mod/spots/{id}/${action}`, { ...as, params: { id: pendingId } });
      }
      await call('POST', '/api/mod/spots/{id}/approve', { ...as, params: { id: 999_999 } });
      await call('PATCH', '/api/mod/spots/{id}', { ...as, params: { id }, payload: { severity: 4 } });
      await call('PATCH', '/api/mod/spots/{id}', { ...as, params: { id }, payload: { severity: 9 } });
      const networks = await call('GET', '/api/mod/spots/{id}/networks', { ...as, params: { id } });
      const network = networks.json().networks[0].key;
      await call('POST', '/api/mod/spots/{id}/void', {
        ...as,
        params: { id },
        payload: { network, what: 'votes' },
      });
      await call('POST', '/api/mod/networks/void-votes', {
        ...as,
        payload: { network, from: '2020-01-01T00:00:00Z', to: t.deps.clock.now().toISOString() },
      });
      await call('POST', '/api/mod/networks/void-votes', { ...as, payload: { network: 'x' } });
      const setup = await call('POST', '/api/auth/two-factor/setup', { ...as, payload: {} });
      assert.match(setup.json().uri, /^otpauth:/);
      await call('POST', '/api/auth/two-factor/enable', { ...as, payload: { code: '000000' } });
      await call('POST', '/api/auth/two-factor/disable', {
        ...as,
        payload: { password: 'x', code: '000000' },
      });
      const alarms = await call('GET', '/api/mod/alarms', as);
      assert.ok(alarms.json().budgets.hides.per_hour >= 0, 'budgets listed');
      const period = { from: '2020-01-01T00:00:00Z', to: t.deps.clock.now().toISOString() };
      await call('POST', '/api/mod/bursts/keep', { ...as, payload: period });
      await call('POST', '/api/mod/bursts/revert', { ...as, payload: { ...period, networks: [network] } });
      await call('POST', '/api/mod/bursts/revert', { ...as, payload: { from: period.to, to: period.from } });
      await call('POST', '/api/mod/held-reports/approve', { ...as, payload: period });
      await call('POST', '/api/mod/held-reports/reject', { ...as, payload: period });
      await call('POST', '/api/mod/held-reports/reject', { ...as, payload: { from: 'yesterday' } });
      await call('GET', '/api/mod/settings', as);
      await call('GET', '/api/mod/users', as);
      await call('POST', '/api/mod/users', {
        ...as,
        payload: { username: 'joseph', password: 'another long password', role: 'moderator' },
      });
      await call('POST', '/api/mod/users', {
        ...as,
        payload: { username: 'joseph', password: 'another long password', role: 'moderator' },
      });
      await call('PATCH', '/api/mod/users/{username}', {
        ...as,
        params: { username: 'joseph' },
        payload: { role: 'admin' },
      });
      await call('PATCH', '/api/mod/users/{username}', {
        ...as,
        params: { username: 'nobody' },
        payload: { role: 'admin' },
      });
      await call('DELETE', '/api/mod/users/{username}', { ...as, params: { username: 'joseph' } });
      await call('GET', '/api/mod/log', { ...as, query: 'limit=5' });
      const hook = await call('POST', '/api/mod/webhooks', {
        ...as,
        payload: { url: 'https://partner.example/hatari', secret: 'a-partner-secret-of-some-length' },
      });
      await call('POST', '/api/mod/webhooks', {
        ...as,
        payload: { url: 'ftp://partner.example', secret: 'x' },
      });
      await call('GET', '/api/mod/webhooks', as);
      await call('DELETE', '/api/mod/webhooks/{id}', {
        ...as,
        params: { id: hook.json().webhook.id },
        payload: {},
      });
      await call('DELETE', '/api/mod/webhooks/{id}', {
        ...as,
        params: { id: hook.json().webhook.id },
        payload: {},
      });
      await call('GET', '/api/mod/on-call', as);
      await call('PATCH', '/api/mod/on-call', {
        ...as,
        payload: { on_duty: true, quiet_hours: { from: 22, to: 6 } },
      });
      await call('PATCH', '/api/mod/on-call', { ...as, payload: { phone: '0772 123456' } });
      await call('PATCH', '/api/mod/on-call', { ...as, payload: {} });
      const phone = push.subscribe();
      await call('POST', '/api/mod/on-call/phones', { ...as, payload: { subscription: phone, lang: 'en' } });
      await call('POST', '/api/mod/on-call/phones', { ...as, payload: { subscription: {}, lang: 'en' } });
      await call('DELETE', '/api/mod/on-call/phones', { ...as, payload: { endpoint: phone.endpoint } });
      await call('DELETE', '/api/mod/on-call/phones', { ...as, payload: { endpoint: phone.endpoint } });
      const box = { name: 'Kawempe', west: 32.54, south: 0.36, east: 32.57, north: 0.4 };
      const covered = await call('POST', '/api/mod/on-call/areas', { ...as, payload: box });
      await call('POST', '/api/mod/on-call/areas', { ...as, payload: { ...box, east: 0 } });
      const areaId = covered.json().areas[0].id;
      await call('DELETE', '/api/mod/on-call/areas/{id}', { ...as, params: { id: areaId }, payload: {} });
      await call('DELETE', '/api/mod/on-call/areas/{id}', { ...as, params: { id: areaId }, payload: {} });
      await call('GET', '/api/mod/spots', { ...as, query: 'state=pending&areas=mine' });
      await call('DELETE', '/api/mod/spots/{id}', { ...as, params: { id: pendingId } });
      await call('DELETE', '/api/mod/spots/{id}', { ...as, params: { id: pendingId } });
      await call('POST', '/api/auth/logout', { ...as, payload: {} });
    });

    it('left no operation of the document uncalled', () => {
      assert.deepEqual(
        checked.operations.filter((op) => !checked.seen.has(op)),
        [],
      );
    });
  });
});
