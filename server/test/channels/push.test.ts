import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { localHour } from '../../../common/region.ts';
import { alertSendAfter } from '../../src/channels/alerts.ts';
import { type Courier, PushCourier } from '../../src/channels/couriers.ts';
import { enqueue } from '../../src/channels/outbox.sql.ts';
import { OUTBOX_DEFAULTS, Outbox } from '../../src/channels/outbox.ts';
import { allowedEndpoint } from '../../src/channels/push-endpoints.ts';
import { deviceWithStanding, report, retriesDueNow } from '../factories.ts';
import { FakePushService } from '../fake-push.ts';
import { FakeOsrm } from '../fakes.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

/**
 * Web Push alerts: the page's watches of places and trips, alerted through the outbox to a browser's
 * push service (a fake one on loopback that checks the VAPID token and decrypts what it gets).
 */
const push = new FakePushService();
const osrm = new FakeOsrm();
let t: TestApp;
let outbox: Outbox;
const KALERWE = { lat: 0.34918, lng: 32.57195 };
const OLD_TAXI_PARK = { lat: 0.3123, lng: 32.577 };

const call = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: unknown) =>
  t.inject({ method, url, headers: { 'user-agent': `phone ${Math.random()}` }, payload: payload as object });

const watch = (subscription: ReturnType<FakePushService['subscribe']>, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/push/watches', { subscription, lang: 'en', place: 'Kalerwe', ...KALERWE, ...extra });

/** A report from a device with standing: its alerts go at once (a newcomer's wait for a second voice). */
async function reportAt(at: { lat: number; lng: number }, severity: number) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/spots',
    headers: { 'user-agent': `phone ${Math.random()}`, cookie: await deviceWithStanding(t) },
    payload: report({ ...at, severity, title: 'Phone snatching at the stage' }),
  });
  assert.equal(res.statusCode, 201, res.body);
  return (res.json() as { spot: { id: number } }).spot.id;
}

/** Runs the outbox until nothing due is left. */
async function flush() {
  for (let i = 0; i < 50; i++) {
    await outbox.tick();
    const due = await t.db.query(
      `SELECT 1 FROM outbox WHERE state IN ('queued', 'sending') AND send_after <= now() LIMIT 1`,
    );
    if (!due.length) return;
  }
}

describe('channels/push', () => {
  before(async () => {
    t = await startTestApp({
      env: { SEED: '0', OSRM_URL: await osrm.start(), PUSH_SERVICES: await push.start() },
    });
    await t.deps.worker.close();
    outbox = new Outbox(t.db, [new PushCourier(t.db, t.deps.channels.push)], t.deps.log, {
      ...OUTBOX_DEFAULTS,
      pollMs: 20,
      backoffSeconds: 0.05,
    });
  });
  after(async () => {
    await outbox?.close();
    await t?.close();
    await push.stop();
    await osrm.stop();
  });
  beforeEach(async () => {
    push.deliveries = [];
    push.refused = [];
    push.mode = 'ok';
    await t.db.query('DELETE FROM push_subscriptions');
    await t.db.query('DELETE FROM outbox');
  });

  describe('push alerts', () => {
    it("gives the site's key and the rules the page explains", async () => {
      const res = await call('GET', '/api/push');
      assert.equal(res.statusCode, 200);
      const info = res.json() as {
        public_key: string;
        per_day: number;
        max_watches: number;
        min_severity: number;
      };
      assert.equal(Buffer.from(info.public_key, 'base64url').length, 65, 'an uncompressed P-256 point');
      assert.deepEqual([info.per_day, info.max_watches, info.min_severity], [3, 3, 3]);
      // The key is generated once and kept: a second app on the same database gives the same.
      const stored = await t.db.query<{ value: string }>(
        `SELECT value FROM app_secrets WHERE name = 'vapid_keys'`,
      );
      assert.equal(JSON.parse(stored[0]?.value ?? '{}').publicKey, info.public_key);
    });

    it('sends one encrypted, signed notification for a new severe danger near a watched place, none for others', async () => {
      const sub = push.subscribe();
      const added = await watch(sub, { radius_m: 500 });
      assert.equal(added.statusCode, 201, added.body);
      const near = await reportAt({ lat: KALERWE.lat + 0.0027, lng: KALERWE.lng }, 5); // 300 m
      await reportAt({ lat: KALERWE.lat + 0.0063, lng: KALERWE.lng }, 5); // 700 m: beyond 500 m
      await reportAt({ lat: KALERWE.lat + 0.001, lng: KALERWE.lng }, 2); // near but not severe
      await flush();
      assert.deepEqual(push.refused, [], 'the push service took every message');
      const got = push.to(sub.endpoint);
      assert.equal(got.length, 1, JSON.stringify(got));
      const [one] = got;
      assert.ok(one, 'one alert');
      const payload = one.payload as { body: string };
      assert.deepEqual(payload, {
        title: 'Hatari',
        body: payload.body,
        url: `/spots/${near}`,
        tag: `spot-${near}`,
      });
      assert.match(
        payload.body,
        new RegExp(
          `^New danger 300 m from Kalerwe: #${near} Robbery or snatching 5/5 at night: Phone snatching`,
        ),
      );
      assert.equal(one.ttl, 86_400);
      assert.equal(one.urgency, 'high');
      const info = (await call('GET', '/api/push')).json() as { public_key: string };
      assert.equal(one.vapidKey, info.public_key, "signed with the site's key");
      const sent = await t.db.query<{ push_id: number | null; state: string }>(
        'SELECT push_id, state FROM outbox',
      );
      assert.deepEqual(sent, [{ push_id: null, state: 'sent' }], 'sent, and the link to the browser erased');
    });

    it('writes the alert in the language the page was in', async () => {
      const sub = push.subscribe();
      assert.equal((await watch(sub, { lang: 'lg' })).statusCode, 201);
      await reportAt(KALERWE, 5);
      await flush();
      const [alert] = push.to(sub.endpoint);
      assert.match(String((alert?.payload as { body?: string } | undefined)?.body), /^Obulabe obupya /);
    });

    it('a trip with hours: exactly one alert along the way inside them, none off it, and outside them it waits', async () => {
      const now = t.deps.clock.now();
      const hour = localHour(now);
      const inside = push.subscribe();
      const outside = push.subscribe();
      const trip = { place: 'Kalerwe', to: { place: 'Old Taxi Park', ...OLD_TAXI_PARK } };
      const a = await watch(inside, { ...trip, hours: { from: hour, to: (hour + 2) % 24 } });
      assert.equal(a.statusCode, 201, a.body);
      assert.deepEqual((a.json() as { watch: { place: string; trip: boolean; radius_m: number } }).watch, {
        ...(a.json() as { watch: object }).watch,
        place: 'Kalerwe - Old Taxi Park',
        trip: true,
        radius_m: 300,
      });
      const later = { from: (hour + 3) % 24, to: (hour + 5) % 24 };
      assert.equal((await watch(outside, { ...trip, hours: later })).statusCode, 201);
      // Severity 4: inside the first watch's hours it goes at once, night or not.
      const along = await reportAt({ lat: 0.3307, lng: 32.5745 }, 4);
      await reportAt({ lat: 0.3307, lng: 32.5885 }, 4); // 1.5 km off the way
      await flush();
      assert.deepEqual(
        push.to(inside.endpoint).map((d) => (d.payload as { url: string }).url),
        [`/spots/${along}`],
      );
      assert.equal(push.to(outside.endpoint).length, 0, 'nothing outside the hours');
      const waiting = await t.db.query<{ send_after: Date }>(
        `SELECT send_after FROM outbox WHERE state = 'queued' AND spot_id = $1`,
        [along],
      );
      const expected = alertSendAfter(4, now, later);
      assert.ok(expected && waiting[0], 'the other waits');
      const late = Math.abs(new Date(waiting[0].send_after).getTime() - expected.getTime());
      assert.ok(late < 60_000, `waits for ${later.from}:00: ${waiting[0].send_after}`);
    });

    it('lists, stops one watch, refuses a fourth place, and unsubscribes in one call', async () => {
      const sub = push.subscribe();
      for (const place of ['Kalerwe', 'Wandegeya', 'Ntinda'])
        assert.equal((await watch(sub, { place })).statusCode, 201);
      const fourth = await watch(sub, { place: 'Kisenyi' });
      assert.equal(fourth.statusCode, 409);
      assert.equal((await watch(sub, { place: 'Kalerwe', radius_m: 2000 })).statusCode, 201, 'renewed');
      const list = await call('POST', '/api/push/watches/list', { endpoint: sub.endpoint });
      const watches = (list.json() as { watches: { id: number; place: string; radius_m: number }[] }).watches;
      assert.deepEqual(
        watches.map((w) => [w.place, w.radius_m]),
        [
          ['Kalerwe', 2000],
          ['Wandegeya', 1000],
          ['Ntinda', 1000],
        ],
      );
      const other = push.subscribe();
      const stranger = await call('DELETE', `/api/push/watches/${watches[0]?.id}`, {
        endpoint: other.endpoint,
      });
      assert.equal(stranger.statusCode, 404, "another browser cannot stop this one's watch");
      const mine = await call('DELETE', `/api/push/watches/${watches[0]?.id}`, { endpoint: sub.endpoint });
      assert.equal(mine.statusCode, 204);
      await reportAt({ lat: 0.3316, lng: 32.5706 }, 5); // Wandegeya: queued, then unsubscribed
      const off = await call('DELETE', '/api/push/subscription', { endpoint: sub.endpoint });
      assert.equal(off.statusCode, 204);
      await flush();
      assert.equal(push.deliveries.length, 0, 'nothing sent after unsubscribing');
      assert.equal((await t.db.query('SELECT 1 FROM push_subscriptions')).length, 0);
      assert.equal((await t.db.query('SELECT 1 FROM watches WHERE push_id IS NOT NULL')).length, 0);
      assert.equal((await t.db.query(`SELECT 1 FROM outbox WHERE state = 'queued'`)).length, 0);
    });

    it('a subscription its push service calls gone is deleted; a push service that fails is retried', async () => {
      const gone = push.subscribe();
      const flaky = push.subscribe();
      await watch(gone);
      await watch(flaky);
      push.gone.add(gone.endpoint.split('/').at(-1) ?? '');
      push.mode = 'error';
      await reportAt(KALERWE, 5);
      await outbox.tick();
      push.mode = 'ok';
      await retriesDueNow(t);
      await flush();
      assert.equal(push.to(flaky.endpoint).length, 1, 'delivered on a retry');
      const left = await t.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions');
      assert.deepEqual(
        left.map((r) => r.endpoint),
        [flaky.endpoint],
        'the gone one is deleted with its watch',
      );
    });

    it('a push service that hangs does not hold the SMS back', async () => {
      const sub = push.subscribe();
      await watch(sub);
      const pushId = (await t.db.query<{ id: number }>('SELECT id FROM push_subscriptions'))[0]?.id;
      await enqueue(t.db, { phoneHash: `push:${pushId}`, pushId, kind: 'reply', body: 'to a browser' });
      await enqueue(t.db, { phoneHash: 'a-number', phoneEnc: 'sealed', kind: 'reply', body: 'to a phone' });
      let release = () => {};
      const hung = new Promise<void>((r) => {
        release = r;
      });
      const sent: string[] = [];
      const courier = (channel: 'sms' | 'push'): Courier => ({
        channel,
        accepting: true,
        deliver: async (m) => {
          if (channel === 'push') await hung;
          sent.push(m.body);
          return { state: 'sent' };
        },
      });
      const both = new Outbox(t.db, [courier('push'), courier('sms')], t.deps.log, OUTBOX_DEFAULTS);
      const round = both.tick();
      for (let i = 0; i < 200 && !sent.length; i++) await new Promise((r) => setTimeout(r, 10));
      assert.deepEqual(sent, ['to a phone'], 'the SMS went while the push hung');
      release();
      await round;
      assert.deepEqual(sent, ['to a phone', 'to a browser']);
    });

    it('sends only to the configured push services', async () => {
      const services = ['https://fcm.googleapis.com', 'https://*.notify.windows.com'];
      const allowed = [
        'https://fcm.googleapis.com/fcm/send/abc',
        'https://wns2-par02p.notify.windows.com/w/?token=x',
        'https://notify.windows.com.evil.example/w',
        'http://fcm.googleapis.com/fcm/send/abc',
        'https://fcm.googleapis.com.evil.example/x',
        'https://user@fcm.googleapis.com@evil.example/x',
      ].map((endpoint) => allowedEndpoint(endpoint, services));
      assert.deepEqual(allowed, [true, true, false, false, false, false]);
      const sub = { ...push.subscribe(), endpoint: 'https://victim.example/api/expensive' };
      const res = await watch(sub);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal((await t.db.query('SELECT 1 FROM push_subscriptions')).length, 0, 'nothing kept');
    });

    it('refuses a place outside the region and bad hours', async () => {
      const sub = push.subscribe();
      assert.equal((await watch(sub, { lat: 51.5, lng: -0.12 })).statusCode, 400);
      assert.equal((await watch(sub, { hours: { from: 7, to: 7 } })).statusCode, 400);
      assert.equal((await watch(sub, { radius_m: 50_000 })).statusCode, 400);
    });
  });
});
