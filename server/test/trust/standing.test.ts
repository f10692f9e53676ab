import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { DEFAULT_ALERT_MIN_CONFIDENCE } from '../../../common/confidence.ts';
import { POLICIES, type Policy } from '../../src/limits/policies.ts';
import { RateLimiter } from '../../src/limits/rate-limit.ts';
import { meetsStanding } from '../../src/trust/standing.ts';
import { deviceWithStanding, moderatorSession, report, solvedChallenge } from '../factories.ts';
import { FakePushService } from '../fake-push.ts';
import { startTestApp, type TestApp, TestClock } from '../test-app.ts';

/**
 * Standing, earned with time and agreement (docs/api.md, "Earned trust"), what it changes (a
 * trusted reporter publishes past the newcomer budgets and alerts at once; the newcomers' ceilings do
 * not bind it), how it is lost, and alerts that wait for a second voice. Days pass on the app's clock.
 */
const ADMIN = { username: 'amina', password: 'correct horse battery' };
const DAY = 86_400_000;
const HOUR = 3_600_000;
const json = { 'content-type': 'application/json' };
const KALERWE = { lat: 0.34918, lng: 32.57195 };

describe('trust/standing, the rule', () => {
  const settings = { standingDays: 3, standingActiveDays: 2 };
  const row = (first_seen: string, days_seen: number, agreed = true) => ({ first_seen, days_seen, agreed });
  it('needs agreement, a first sight at least three days back (today counts), and two days seen', () => {
    assert.equal(meetsStanding(row('2026-11-25', 2), '2026-11-27', settings), true);
    assert.equal(meetsStanding(row('2026-11-26', 2), '2026-11-27', settings), false, 'two days only');
    assert.equal(meetsStanding(row('2026-11-01', 1), '2026-11-27', settings), false, 'seen on one day');
    assert.equal(meetsStanding(row('2026-11-01', 9, false), '2026-11-27', settings), false, 'no agreement');
    assert.equal(meetsStanding(undefined, '2026-11-27', settings), false, 'never seen');
    assert.equal(
      meetsStanding(row('2026-11-20', 4), '2026-11-27', { standingDays: 10, standingActiveDays: 2 }),
      false,
      'as the settings say',
    );
  });
});

describe('trust/standing, ceilings of our own bind newcomers only', () => {
  it('counts a device with standing against its own limits and not the network ceilings', async () => {
    const hits: string[] = [];
    const counters = {
      hitAll: async (h: Array<{ key: string }>) => {
        hits.push(...h.map((x) => x.key.split(':')[0] as string));
        return h.map(() => ({ current: 1, previous: 0, nowMs: 0 }));
      },
    };
    const limiter = new RateLimiter(counters as unknown as ConstructorParameters<typeof RateLimiter>[0]);
    const who = { visitor: 'v', network: 'n', wideNetwork: 'w', site: 's', agent: 'a', device: true };
    await limiter.consume(['vote', 'vote_network', 'status_change_network'], who, true);
    assert.deepEqual(hits, ['vote']);
    hits.length = 0;
    await limiter.consume(['vote', 'vote_network', 'status_change_network'], who, false);
    assert.deepEqual(hits, ['vote', 'vote_network', 'status_change_network']);
    const binds = (name: keyof typeof POLICIES) => (POLICIES[name] as Policy).newcomers ?? false;
    assert.equal(binds('report_network'), false, "the spec's own limits bind everyone");
    assert.equal(binds('report_visitor'), false);
    assert.equal(binds('vote'), false);
    assert.equal(binds('sign_in'), false);
  });
});

describe('trust/standing over HTTP', () => {
  let t: TestApp;
  const clock = new TestClock(new Date('2026-11-02T09:00:00Z'));
  const moderator = moderatorSession(() => t, clock, ADMIN);
  const push = new FakePushService();

  before(async () => {
    t = await startTestApp({
      clock,
      env: {
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        PUSH_SERVICES: await push.start(),
        REPORT_BUDGET_PER_HOUR: '30',
        REPORT_BUDGET_PER_NETWORK_PER_HOUR: '5',
        REPORT_BUDGET_PER_PLACE_PER_HOUR: '3',
      },
    });
    await t.deps.worker.close();
  });
  after(async () => {
    await t.close();
    await push.stop();
  });
  beforeEach(async () => {
    clock.advance(DAY);
    await t.db.query('DELETE FROM report_events');
    await t.db.query('DELETE FROM outbox');
    await t.db.query('DELETE FROM push_subscriptions');
  });

  let nextNet = 0;
  /** A phone on an IPv4 /24 of its own; with a device credential once it asked for one. */
  const phone = () => ({ ip: `100.90.${++nextNet}.5`, ua: 'Chrome on Android', cookie: '' });
  type Phone = ReturnType<typeof phone>;
  const send = (who: Phone, opts: InjectOptions) =>
    t.inject({
      ...opts,
      remoteAddress: who.ip,
      headers: { ...json, 'user-agent': who.ua, ...(who.cookie ? { cookie: who.cookie } : {}) },
    });
  const withDevice = async (who: Phone) => {
    const res = await send(who, { method: 'POST', url: '/api/device', payload: await solvedChallenge(t) });
    who.cookie = `hatari_device=${/hatari_device=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1]}`;
    return who;
  };
  const reportFrom = async (who: Phone, at: { lat: number; lng: number }, severity = 4) => {
    const res = await send(who, {
      method: 'POST',
      url: '/api/spots',
      payload: report({ ...at, severity, title: 'Bag snatching at the stage' }),
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json() as { spot: { id: number; confidence: number }; pending: boolean };
  };
  const vote = (who: Phone, id: number, value: 1 | -1) =>
    send(who, { method: 'POST', url: `/api/spots/${id}/vote`, payload: { value } });
  const mod = async (action: string, id: number) =>
    t.inject({
      method: 'POST',
      url: `/api/mod/spots/${id}/${action}`,
      headers: { ...json, cookie: await moderator() },
      payload: '{}',
    });
  let nextPlace = 0;
  /** A place the others are far from, with its place budget spent by three strangers this hour. */
  const crowdedPlace = async () => {
    const place = { lat: 1.0 + 0.05 * ++nextPlace, lng: 33.0 };
    for (let i = 0; i < 3; i++) assert.equal((await reportFrom(phone(), place)).pending, false);
    return place;
  };
  /** Whether the device's report past a spent budget publishes at once: what standing changes. */
  const publishesPastBudget = async (who: Phone) => !(await reportFrom(who, await crowdedPlace())).pending;
  const alertsQueued = async () =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE kind = 'alert'`))[0]?.n;
  const watchKalerwe = async () => {
    const added = await t.inject({
      method: 'POST',
      url: '/api/push/watches',
      headers: { ...json, 'user-agent': 'watcher' },
      payload: { subscription: push.subscribe(), lang: 'en', place: 'Kalerwe', ...KALERWE, radius_m: 2000 },
    });
    assert.equal(added.statusCode, 201, added.body);
  };

  it('is earned by a device seen over three days whose report a moderator verified', async () => {
    const amina = await withDevice(phone());
    const { spot } = await reportFrom(amina, { lat: 0.2, lng: 32.2 });
    assert.equal(await publishesPastBudget(amina), false, 'a newcomer on its first day');
    assert.equal((await mod('verify', spot.id)).statusCode, 200);
    assert.equal(await publishesPastBudget(amina), false, 'agreement alone is not time');
    clock.advance(DAY);
    await vote(amina, spot.id, -1);
    assert.equal(await publishesPastBudget(amina), false, 'seen on two days, over two');
    clock.advance(DAY);
    assert.equal(await publishesPastBudget(amina), true, 'seen on three days with agreement');
  });

  it('is earned by agreement from a device with standing on another wide network, not by a crowd of newcomers', async () => {
    const brian = await withDevice(phone());
    const { spot } = await reportFrom(brian, { lat: 0.25, lng: 32.25 });
    clock.advance(2 * DAY);
    await vote(brian, spot.id, -1);
    await vote(brian, spot.id, 1);
    for (let i = 0; i < 5; i++)
      assert.equal((await vote(await withDevice(phone()), spot.id, 1)).statusCode, 200);
    assert.equal(await publishesPastBudget(brian), false, "newcomers' confirmations are no agreement");
    const trusted = { ...phone(), cookie: await deviceWithStanding(t) };
    assert.equal((await vote(trusted, spot.id, 1)).statusCode, 200);
    assert.equal(await publishesPastBudget(brian), true, 'a trusted confirmation from another network is');
  });

  it('is never held by address and user agent alone: they are not one device', async () => {
    const kept = async () => (await t.db.query('SELECT 1 FROM standing')).length;
    const before = await kept();
    const stranger = phone();
    const { spot } = await reportFrom(stranger, { lat: 0.3, lng: 32.3 });
    await mod('verify', spot.id);
    clock.advance(3 * DAY);
    await vote(stranger, spot.id, -1);
    assert.equal(await publishesPastBudget(stranger), false);
    assert.equal(await kept(), before, 'nothing is kept of it');
  });

  it('is lost when a moderator rejects its report, and earned again only with time', async () => {
    const trusted = { ...phone(), cookie: await deviceWithStanding(t) };
    assert.equal(await publishesPastBudget(trusted), true);
    const { spot } = await reportFrom(trusted, { lat: 0.35, lng: 32.35 });
    assert.equal((await mod('reject', spot.id)).statusCode, 200);
    assert.equal(await publishesPastBudget(trusted), false, 'lost');
    const again = await reportFrom(trusted, { lat: 0.36, lng: 32.36 });
    await mod('verify', again.spot.id);
    assert.equal(await publishesPastBudget(trusted), false, 'agreement again, but its days start over');
    clock.advance(DAY);
    await vote(trusted, again.spot.id, -1);
    clock.advance(DAY);
    assert.equal(await publishesPastBudget(trusted), true, 'earned again');
  });

  it("holds a newcomer's alerts until a device with standing from another network confirms", async () => {
    await watchKalerwe();
    const newcomer = await withDevice(phone());
    const { spot, pending } = await reportFrom(newcomer, KALERWE, 5);
    assert.equal(pending, false, 'on the map at once');
    assert.equal(await alertsQueued(), 0, 'but no alert');
    for (let i = 0; i < 3; i++) await vote(await withDevice(phone()), spot.id, 1);
    assert.equal(await alertsQueued(), 0, "newcomers' confirmations are not the second voice");
    const trusted = { ...phone(), cookie: await deviceWithStanding(t) };
    const neighbour = { ...trusted, ip: newcomer.ip.replace(/\.5$/, '.77') };
    assert.equal((await vote(neighbour, spot.id, 1)).statusCode, 200);
    assert.equal(await alertsQueued(), 0, "not from the reporter's own /24");
    const other = { ...phone(), cookie: await deviceWithStanding(t) };
    assert.equal((await vote(other, spot.id, 1)).statusCode, 200);
    assert.equal(await alertsQueued(), 1, 'now the alert goes');
    await vote({ ...phone(), cookie: await deviceWithStanding(t) }, spot.id, 1);
    assert.equal(await alertsQueued(), 1, 'once');
  });

  it("lets a newcomer's alerts go when a moderator verifies the spot, and a trusted reporter's at once", async () => {
    await watchKalerwe();
    const newcomer = await withDevice(phone());
    const { spot } = await reportFrom(newcomer, { lat: KALERWE.lat + 0.001, lng: KALERWE.lng }, 5);
    assert.equal(await alertsQueued(), 0);
    assert.equal((await mod('verify', spot.id)).statusCode, 200);
    assert.equal(await alertsQueued(), 1, 'the moderator was the second voice');
    const trusted = { ...phone(), cookie: await deviceWithStanding(t) };
    await reportFrom(trusted, { lat: KALERWE.lat - 0.001, lng: KALERWE.lng }, 5);
    assert.equal(await alertsQueued(), 2, 'a trusted reporter alerts at once');
  });

  it("sends no alert for a spot below the site's alert confidence", async () => {
    const set = async (alertMinConfidence: number) =>
      t.inject({
        method: 'PUT',
        url: '/api/mod/settings',
        headers: { ...json, cookie: await moderator() },
        payload: { alertMinConfidence },
      });
    assert.equal((await set(6)).statusCode, 200);
    try {
      await watchKalerwe();
      // A trusted reporter's report alone is 5.
      const trusted = { ...phone(), cookie: await deviceWithStanding(t) };
      const { spot } = await reportFrom(trusted, KALERWE, 5);
      assert.equal(spot.confidence, 5);
      assert.equal(await alertsQueued(), 0, 'below 6: no alert');
      assert.equal((await set(5)).statusCode, 200);
      await reportFrom(trusted, { lat: KALERWE.lat + 0.002, lng: KALERWE.lng }, 5);
      assert.equal(await alertsQueued(), 1, 'at 5: alerted');
    } finally {
      await set(DEFAULT_ALERT_MIN_CONFIDENCE);
    }
  });

  it('bounds the alerts of an hour site-wide, the hour by the app’s clock', async () => {
    const res = await t.inject({
      method: 'PUT',
      url: '/api/mod/settings',
      headers: { ...json, cookie: await moderator() },
      payload: { alertBudgetPerHour: 2 },
    });
    assert.equal(res.statusCode, 200, res.body);
    try {
      for (let i = 0; i < 4; i++) await watchKalerwe();
      const trusted = { ...phone(), cookie: await deviceWithStanding(t) };
      await reportFrom(trusted, KALERWE, 5);
      assert.equal(await alertsQueued(), 2, 'two of four watchers, the budget');
      const alarms = await t.inject({
        method: 'GET',
        url: '/api/mod/alarms',
        headers: { cookie: await moderator() },
      });
      assert.deepEqual(alarms.json().budgets.alerts, { used: 2, per_hour: 2 });
      // Still within the hour, a second danger has no room; an hour later it has.
      await reportFrom(trusted, { lat: KALERWE.lat + 0.001, lng: KALERWE.lng }, 5);
      assert.equal(await alertsQueued(), 2, 'the hour’s budget is spent');
      clock.advance(HOUR + 1000);
      await reportFrom(trusted, { lat: KALERWE.lat + 0.002, lng: KALERWE.lng }, 5);
      assert.equal(await alertsQueued(), 4, 'two more in the next hour');
    } finally {
      await t.inject({
        method: 'PUT',
        url: '/api/mod/settings',
        headers: { ...json, cookie: await moderator() },
        payload: { alertBudgetPerHour: 120 },
      });
    }
  });
});
