import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { localHour } from '../../../common/region.ts';
import { PushCourier, SmsCourier } from '../../src/channels/couriers.ts';
import { Outbox } from '../../src/channels/outbox.ts';
import { PhoneCipher } from '../../src/channels/phone.ts';
import { SmsGateway } from '../../src/clients/sms-gateway.ts';
import { Pager } from '../../src/moderation/pager.ts';
import { type GivenModerator, givenModerator, givenSpot, report, signedIn } from '../factories.ts';
import { channelEnv, FAKE_API_KEY, FAKE_USERNAME, FakeSmsGateway, TEST_PHONE_KEY } from '../fake-gateway.ts';
import { FakePushService } from '../fake-push.ts';
import { startTestApp, type TestApp, TestClock } from '../test-app.ts';

/**
 * Moderators on call (docs/moderators.md, "On call"): duty, quiet hours, phones and areas through
 * the API; the pager sends a held report's alarm to the on-duty moderator of its place first, then
 * to every moderator when nobody acts, through the real outbox and a fake push service that
 * decrypts what it gets. The app's clock is moved; the pager's round is called, never waited for.
 */
const MINUTE = 60_000;
const KAWEMPE = { name: 'Kawempe', west: 32.54, south: 0.36, east: 32.57, north: 0.4 };
const ENTEBBE = { name: 'Entebbe', west: 32.43, south: 0.03, east: 32.5, north: 0.09 };
const IN_KAWEMPE = { lat: 0.3792, lng: 32.5567, area: 'Kawempe' };

const push = new FakePushService();
const clock = new TestClock();
let t: TestApp;
let pager: Pager;
let outbox: Outbox;
let nextNet = 0;

async function as(who: GivenModerator) {
  const cookie = await signedIn(t, who);
  return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.inject({ method, url, headers: { cookie }, ...(method === 'GET' ? {} : { payload: payload ?? {} }) });
}

/** A moderator's phone, duty and area, set through the API as the console sets them. */
async function goOnCall(
  who: GivenModerator,
  o: { phone: object; onDuty: boolean; area?: object; lang?: string },
) {
  const call = await as(who);
  const calls = [
    await call('POST', '/api/mod/on-call/phones', { subscription: o.phone, lang: o.lang ?? 'en' }),
    await call('PATCH', '/api/mod/on-call', { on_duty: o.onDuty }),
    ...(o.area ? [await call('POST', '/api/mod/on-call/areas', o.area)] : []),
  ];
  for (const res of calls) assert.equal(res.statusCode, 200, res.body);
}

/** A newcomer's report from a network of its own; with the site budget at 1 an hour, all but the first are held. */
async function newcomerReport(at: { lat: number; lng: number; area?: string }) {
  const n = ++nextNet;
  const res = await t.inject({
    method: 'POST',
    url: '/api/spots',
    remoteAddress: `100.70.${n}.9`,
    headers: { 'user-agent': `Phone ${n}` },
    payload: report({ ...at, title: `Dark corner ${n}` }),
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as { spot: { id: number }; pending: boolean };
}

/** Pages the push service got for a phone, by their text and where they open. */
const pagesTo = (endpoint: string) =>
  push.to(endpoint).map((d) => {
    const p = d.payload as { body: string; url: string };
    return { body: p.body, url: p.url };
  });

/** The pager's round, then the outbox's: what is due is paged and handed to the push service. */
async function round() {
  const paged = await pager.tick();
  await outbox.tick();
  return paged;
}

describe('moderation/on-call', () => {
  let kato: GivenModerator;
  let nakato: GivenModerator;
  let okello: GivenModerator;
  before(async () => {
    t = await startTestApp({
      clock,
      env: { PUSH_SERVICES: await push.start(), REPORT_BUDGET_PER_HOUR: '1' },
    });
    // No background work: the test calls a pager's and an outbox's rounds itself.
    await t.deps.worker.close();
    pager = new Pager(t.db, clock, t.deps.log, false, { burstsEveryMs: 0, purgeEveryMs: 0 });
    outbox = new Outbox(t.db, [new PushCourier(t.db, t.deps.channels.push)], t.deps.log);
    kato = await givenModerator(t, { username: 'kato' });
    nakato = await givenModerator(t, { username: 'nakato' });
    okello = await givenModerator(t, { username: 'okello', role: 'admin' });
  });
  after(async () => {
    await t.close();
    await push.stop();
  });
  beforeEach(async () => {
    clock.advance(24 * 60 * MINUTE);
    await t.db.query(`UPDATE spots SET publication = 'rejected' WHERE publication = 'pending'`);
    // One statement a query: embedded storage (PGlite) takes no more.
    for (const table of [
      'moderator_areas',
      'moderator_on_call',
      'moderator_pages',
      'push_subscriptions',
      'outbox',
    ])
      await t.db.query(`DELETE FROM ${table}`);
    push.deliveries = [];
  });

  it('a moderator sets duty, quiet hours, phones and areas; each answer is the whole on call', async () => {
    assert.equal((await t.inject({ method: 'GET', url: '/api/mod/on-call' })).statusCode, 401);
    const call = await as(kato);
    const first = await call('GET', '/api/mod/on-call');
    assert.equal(first.statusCode, 200, first.body);
    const key = first.json().push_public_key;
    assert.deepEqual(first.json(), {
      on_duty: false,
      quiet_hours: null,
      phones: [],
      sms: { available: false, number: null },
      push_public_key: key,
      areas: [],
    });
    const duty = await call('PATCH', '/api/mod/on-call', { on_duty: true, quiet_hours: { from: 22, to: 6 } });
    assert.equal(duty.statusCode, 200, duty.body);
    assert.deepEqual([duty.json().on_duty, duty.json().quiet_hours], [true, { from: 22, to: 6 }]);
    assert.equal(
      (await call('PATCH', '/api/mod/on-call', { quiet_hours: { from: 5, to: 5 } })).statusCode,
      400,
    );
    assert.equal(
      (await call('PATCH', '/api/mod/on-call', { phone: '0772 123456' })).statusCode,
      409,
      'no SMS here',
    );
    const offDuty = await call('PATCH', '/api/mod/on-call', { on_duty: false });
    assert.deepEqual([offDuty.json().on_duty, offDuty.json().quiet_hours], [false, { from: 22, to: 6 }]);

    const elsewhere = { endpoint: 'https://push.example.net/abc', keys: push.subscribe().keys };
    const refused = await call('POST', '/api/mod/on-call/phones', { subscription: elsewhere, lang: 'en' });
    assert.equal(refused.statusCode, 400, 'only the push services configured');
    const phone = push.subscribe();
    const added = await call('POST', '/api/mod/on-call/phones', { subscription: phone, lang: 'sw' });
    assert.deepEqual(
      added.json().phones,
      [createHash('sha256').update(phone.endpoint).digest('hex')],
      'the phone, known by the SHA-256 of its endpoint',
    );
    // The housekeeping that drops subscriptions without watches keeps a moderator's.
    await t.db.query(
      `INSERT INTO push_subscriptions (endpoint, p256dh, auth, lang) VALUES ($1, 'key', 'auth', 'en')`,
      [push.subscribe().endpoint],
    );
    await t.db.query(`UPDATE push_subscriptions SET created_at = now() - interval '2 days'`);
    await outbox.tick();
    assert.deepEqual(
      (await t.db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions')).map(
        (r) => r.endpoint,
      ),
      [phone.endpoint],
      "a browser's subscription left without watches goes; the moderator's phone stays",
    );
    assert.equal((await call('GET', '/api/mod/on-call')).json().phones.length, 1);

    assert.equal((await call('POST', '/api/mod/on-call/areas', { ...KAWEMPE, west: 33 })).statusCode, 400);
    const area = await call('POST', '/api/mod/on-call/areas', KAWEMPE);
    assert.equal(area.statusCode, 200, area.body);
    const [kept] = area.json().areas;
    assert.deepEqual({ ...kept, id: 0 }, { ...KAWEMPE, id: 0 });
    const other = await as(nakato);
    assert.equal(
      (await other('DELETE', `/api/mod/on-call/areas/${kept.id}`)).statusCode,
      404,
      "not nakato's",
    );
    for (let i = 1; i < 10; i++)
      await call('POST', '/api/mod/on-call/areas', { ...KAWEMPE, name: `Box ${i}` });
    assert.equal((await call('POST', '/api/mod/on-call/areas', ENTEBBE)).statusCode, 409, 'ten at most');
    const removed = await call('DELETE', `/api/mod/on-call/areas/${kept.id}`);
    assert.equal(removed.json().areas.length, 9);
    const gone = await call('DELETE', '/api/mod/on-call/phones', { endpoint: phone.endpoint });
    assert.deepEqual(gone.json().phones, []);
    assert.equal(
      (await t.db.query('SELECT 1 FROM push_subscriptions')).length,
      0,
      'the subscription is gone',
    );

    // Five phones at most: a sixth replaces the oldest, which gets no more pages.
    const many = Array.from({ length: 6 }, () => push.subscribe());
    for (const p of many) await call('POST', '/api/mod/on-call/phones', { subscription: p, lang: 'en' });
    assert.equal((await call('GET', '/api/mod/on-call')).json().phones.length, 5);
    const stored = await t.db.query<{ endpoint: string }>(
      'SELECT endpoint FROM push_subscriptions ORDER BY id',
    );
    assert.deepEqual(
      stored.map((r) => r.endpoint),
      many.slice(1).map((p) => p.endpoint),
    );
  });

  it('a held report pages the on-duty moderator of its place first, then every moderator while nobody acts', async () => {
    const phones = { kato: push.subscribe(), nakato: push.subscribe(), okello: push.subscribe() };
    await goOnCall(kato, { phone: phones.kato, onDuty: true, area: KAWEMPE });
    await goOnCall(nakato, { phone: phones.nakato, onDuty: true, area: ENTEBBE });
    await goOnCall(okello, { phone: phones.okello, onDuty: false });
    assert.equal((await newcomerReport({ lat: 0.31, lng: 32.58 })).pending, false, 'the budget takes one');
    const held = await newcomerReport(IN_KAWEMPE);
    assert.equal(held.pending, true, 'the second is held');

    clock.advance(14 * MINUTE);
    assert.equal(await round(), 0, 'not yet: held reports wait 15 minutes first');
    clock.advance(2 * MINUTE);
    assert.equal(await round(), 1, 'one moderator paged');
    assert.deepEqual(pagesTo(phones.kato.endpoint), [
      {
        body: 'Held reports waiting: 1, the oldest for 16 min, near Kawempe. Open the console to decide.',
        url: '/moderate#alarms',
      },
    ]);
    assert.deepEqual([pagesTo(phones.nakato.endpoint), pagesTo(phones.okello.endpoint)], [[], []]);
    assert.equal(await round(), 0, 'paged once');

    clock.advance(30 * MINUTE);
    assert.equal(await round(), 3, 'nobody acted: every moderator');
    for (const phone of Object.values(phones))
      assert.match(
        pagesTo(phone.endpoint).at(-1)?.body ?? '',
        /^Nobody has acted for 30 min\. Held reports waiting: 1, the oldest for 46 min/,
      );
    assert.deepEqual(push.refused, []);

    // A moderator decides: the alarm is over, nothing more is paged.
    const approve = await (await as(kato))('POST', `/api/mod/spots/${held.spot.id}/approve`, {});
    assert.equal(approve.statusCode, 200, approve.body);
    clock.advance(60 * MINUTE);
    assert.equal(await round(), 0);
    const pages = () => t.db.query('SELECT stage FROM moderator_pages ORDER BY stage');
    assert.deepEqual(await pages(), [{ stage: 'all' }, { stage: 'first' }]);
    clock.advance(14 * 24 * 60 * MINUTE);
    await round();
    assert.deepEqual(await pages(), [], 'pages are forgotten after two weeks');
  });

  it('a burst across networks pages the on-duty moderator of its place at once', async () => {
    const phones = { kato: push.subscribe(), nakato: push.subscribe() };
    await goOnCall(kato, { phone: phones.kato, onDuty: true, area: KAWEMPE, lang: 'sw' });
    await goOnCall(nakato, { phone: phones.nakato, onDuty: true, area: ENTEBBE, lang: 'sw' });
    const spot = await givenSpot(t, { fields: { lat: 0.06, lng: 32.46, area: 'Entebbe' } });
    // A spot held back from hiding (the hide budget spent) makes its ten minutes an alarm.
    await t.db.query(`INSERT INTO signal_events (kind, spot_id) VALUES ('held', $1)`, [spot]);
    assert.equal(await round(), 1);
    assert.deepEqual(pagesTo(phones.nakato.endpoint), [
      {
        body: 'Milipuko kutoka mitandao mingi: 1, karibu na Entebbe. Fungua dashibodi uamue.',
        url: '/moderate#alarms',
      },
    ]);
    assert.deepEqual(pagesTo(phones.kato.endpoint), []);
    // Kept by a moderator: the alarm is over before anyone else is paged.
    const alarms = (await (await as(kato))('GET', '/api/mod/alarms')).json() as {
      bursts: Array<{ from: string; to: string }>;
    };
    const [burst] = alarms.bursts;
    assert.ok(burst, 'the burst is an alarm');
    const kept = await (await as(kato))('POST', '/api/mod/bursts/keep', { from: burst.from, to: burst.to });
    assert.equal(kept.statusCode, 204, kept.body);
    clock.advance(31 * MINUTE);
    assert.equal(await round(), 0);
    await t.db.query('DELETE FROM signal_events');
  });

  it('nobody is paged in their quiet hours, and nobody off duty at first', async () => {
    const phone = push.subscribe();
    const call = await as(kato);
    await call('POST', '/api/mod/on-call/phones', { subscription: phone, lang: 'en' });
    const hour = localHour(clock.now());
    await call('PATCH', '/api/mod/on-call', {
      on_duty: true,
      quiet_hours: { from: hour, to: (hour + 2) % 24 },
    });
    await newcomerReport({ lat: 0.31, lng: 32.58 });
    await newcomerReport(IN_KAWEMPE);
    clock.advance(16 * MINUTE);
    assert.equal(await round(), 0, 'kato sleeps');
    await call('PATCH', '/api/mod/on-call', { quiet_hours: null, on_duty: false });
    assert.equal(await round(), 0, 'awake but off duty: nobody is on duty, the first page goes to none');
    assert.deepEqual(pagesTo(phone.endpoint), []);
    const pages = await t.db.query('SELECT stage, sent_to FROM moderator_pages');
    assert.deepEqual(pages, [{ stage: 'first', sent_to: 0 }]);
    clock.advance(30 * MINUTE);
    assert.equal(await round(), 1, 'then to every moderator');
    assert.equal(pagesTo(phone.endpoint).length, 1);
  });

  it("the queue shows only one's areas when asked; a moderator with none sees all", async () => {
    await newcomerReport({ lat: 0.31, lng: 32.58 });
    const inKawempe = await newcomerReport(IN_KAWEMPE);
    const outside = await newcomerReport({ lat: 0.32, lng: 32.6 });
    await (await as(kato))('POST', '/api/mod/on-call/areas', KAWEMPE);
    const queue = async (who: GivenModerator, areas: string) =>
      (
        (await (await as(who))('GET', `/api/mod/spots?state=pending&areas=${areas}`)).json() as {
          spots: Array<{ id: number }>;
        }
      ).spots.map((s) => s.id);
    assert.deepEqual(await queue(kato, 'mine'), [inKawempe.spot.id]);
    assert.deepEqual(await queue(kato, 'all'), [outside.spot.id, inKawempe.spot.id]);
    assert.deepEqual(await queue(okello, 'mine'), [outside.spot.id, inKawempe.spot.id], 'no areas: all');
  });
});

describe('moderation/on-call by SMS', () => {
  const gateway = new FakeSmsGateway();
  let sms: TestApp;
  before(async () => {
    sms = await startTestApp({
      clock,
      env: { ...channelEnv(await gateway.start()), REPORT_BUDGET_PER_HOUR: '1' },
    });
    await sms.deps.worker.close();
  });
  after(async () => {
    await sms.close();
    await gateway.stop();
  });

  it('a number given for pages is kept sealed, shown masked, and gets the page', async () => {
    const who = await givenModerator(sms, { username: 'sarah' });
    const cookie = await signedIn(sms, who);
    const patch = (payload: object) =>
      sms.inject({ method: 'PATCH', url: '/api/mod/on-call', headers: { cookie }, payload });
    assert.equal((await patch({ phone: 'not a number' })).statusCode, 400);
    const set = await patch({ phone: '0772 123456', on_duty: true });
    assert.equal(set.statusCode, 200, set.body);
    assert.deepEqual(set.json().sms, { available: true, number: '••••••••••456' });
    const [stored] = await sms.db.query<{ phone_enc: string }>('SELECT phone_enc FROM moderator_on_call');
    assert.doesNotMatch(stored?.phone_enc ?? '', /123456/, 'sealed, never the number');

    for (const n of [1, 2]) {
      const res = await sms.inject({
        method: 'POST',
        url: '/api/spots',
        remoteAddress: `100.90.${n}.9`,
        headers: { 'user-agent': `Phone ${n}` },
        payload: report({ ...IN_KAWEMPE, title: `Dark lane ${n}` }),
      });
      assert.equal(res.json().pending, n === 2, res.body);
    }
    clock.advance(16 * MINUTE);
    const smsPager = new Pager(sms.db, clock, sms.deps.log, true);
    assert.equal(await smsPager.tick(), 1);
    const courier = new SmsCourier(
      new SmsGateway({
        apiUrl: `${sms.deps.config.channels.sms?.apiUrl}`,
        username: FAKE_USERNAME,
        apiKey: FAKE_API_KEY,
        userAgent: 'Hatari-test/1',
        timeoutMs: 2000,
      }),
      new PhoneCipher(Buffer.from(TEST_PHONE_KEY, 'hex')),
      sms.deps.log,
    );
    await new Outbox(sms.db, [courier], sms.deps.log).tick();
    assert.deepEqual(
      gateway.delivered.map((d) => [d.to, d.message]),
      [
        [
          '+256772123456',
          'Held reports waiting: 1, the oldest for 16 min, near Kawempe. Open the console to decide.',
        ],
      ],
    );
    // Where the site sends no SMS (a pager without it), a number alone reaches nobody: nothing is
    // recorded as paged.
    clock.advance(60 * MINUTE);
    await sms.db.query('DELETE FROM moderator_pages');
    assert.equal(await new Pager(sms.db, clock, sms.deps.log, false).tick(), 0);
    assert.deepEqual(await sms.db.query('SELECT 1 FROM moderator_pages'), []);
    const forgot = await patch({ phone: null });
    assert.equal(forgot.json().sms.number, null);
  });
});
