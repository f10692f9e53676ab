import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { moderatorSession, report } from '../factories.ts';
import { startTestApp, type TestApp, TestClock } from '../test-app.ts';

/**
 * The newcomer report budgets (docs/api.md, "Earned trust"): past the site-wide, per-network or
 * per-place budget a newcomer's report is kept and held for a moderator (201, pending: true), the
 * moderators see the burst as one alarm and decide it whole; with every budget at 0 publication is the
 * spec's. Time is the app's clock, moved by hand.
 */
const ADMIN = { username: 'amina', password: 'correct horse battery' };
const HOUR = 3_600_000;
const METRICS_TOKEN = 'a-long-token-for-the-scraper';
const json = { 'content-type': 'application/json' };
type Who = { ip: string; ua: string };

let t: TestApp;
const clock = new TestClock();
const moderator = moderatorSession(() => t, clock, ADMIN);

let nextNet = 0;
/** A visitor (no device credential) on an IPv4 /24 of its own. */
const stranger = (): Who => {
  const n = ++nextNet;
  return { ip: `100.${64 + Math.floor(n / 250)}.${n % 250}.9`, ua: `Phone ${n}` };
};
let nextPlace = 0;
/** A point at least 2 km from every other this file reports at. */
const newPlace = () => {
  const n = ++nextPlace;
  return { lat: 0.05 + 0.02 * (n % 50), lng: 30.0 + 0.02 * Math.floor(n / 50) };
};
const send = (who: Who, opts: InjectOptions) =>
  t.inject({ ...opts, remoteAddress: who.ip, headers: { ...json, 'user-agent': who.ua } });
const reportFrom = async (who: Who, at: { lat: number; lng: number }, title = 'Dark corner by the stage') => {
  const res = await send(who, { method: 'POST', url: '/api/spots', payload: report({ ...at, title }) });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as { spot: { id: number }; pending: boolean };
};
const mod = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.inject({
    method,
    url,
    headers: { ...(method === 'GET' ? {} : json), cookie: await moderator() },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
const isPublic = async (id: number) =>
  (await t.inject({ method: 'GET', url: `/api/spots/${id}` })).statusCode === 200;
const setBudgets = async (site: number, network: number, place: number) => {
  const res = await mod('PUT', '/api/mod/settings', {
    reportBudgetPerHour: site,
    reportBudgetPerNetworkPerHour: network,
    reportBudgetPerPlacePerHour: place,
  });
  assert.equal(res.statusCode, 200, res.body);
};

describe('trust/report-budgets', () => {
  before(async () => {
    t = await startTestApp({
      clock,
      env: {
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        REPORT_BUDGET_PER_HOUR: '30',
        REPORT_BUDGET_PER_NETWORK_PER_HOUR: '5',
        REPORT_BUDGET_PER_PLACE_PER_HOUR: '3',
        METRICS_TOKEN: METRICS_TOKEN,
      },
    });
  });
  after(() => t.close());

  /** Each test starts a day later: the last hour's reports are behind it, the held ones decided. */
  beforeEach(async () => {
    clock.advance(24 * HOUR);
    await t.db.query(`UPDATE spots SET publication = 'rejected' WHERE publication = 'pending'`);
    await t.db.query('DELETE FROM report_events');
  });

  it('takes its defaults from the environment, shown in the settings until a moderator sets them', async () => {
    const settings = (await mod('GET', '/api/mod/settings')).json();
    assert.equal(settings.reportBudgetPerHour, 30);
    assert.equal(settings.reportBudgetPerNetworkPerHour, 5);
    assert.equal(settings.reportBudgetPerPlacePerHour, 3);
  });

  it('holds a newcomer report past three within 1 km in the hour, and publishes one farther away', async () => {
    const place = newPlace();
    const near = { lat: place.lat + 0.003, lng: place.lng };
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await reportFrom(stranger(), i === 3 ? near : place));
    assert.deepEqual(
      answers.map((a) => a.pending),
      [false, false, false, true],
    );
    const held = answers[3]?.spot.id as number;
    assert.equal(await isPublic(held), false, 'the held report is not on the map');
    const list = (await t.inject({ method: 'GET', url: '/api/spots' })).json().spots as Array<{ id: number }>;
    assert.ok(!list.some((s) => s.id === held), 'nor in the list');
    assert.equal((await reportFrom(stranger(), newPlace())).pending, false, 'another place is not held');
    clock.advance(HOUR + 1000);
    assert.equal(
      (await reportFrom(stranger(), place)).pending,
      false,
      'an hour later the place has room again',
    );
  });

  it("holds a wide network's sixth newcomer report in the hour, from any address inside its /24", async () => {
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await reportFrom({ ip: `100.200.7.${10 + i}`, ua: `Neighbour ${i}` }, newPlace()));
    assert.deepEqual(
      answers.map((a) => a.pending),
      [false, false, false, false, false, true],
    );
    assert.equal((await reportFrom({ ip: '100.200.8.10', ua: 'Next street' }, newPlace())).pending, false);
  });

  it('holds newcomer reports past the site-wide budget, whatever the number of networks', async () => {
    await setBudgets(4, 0, 0);
    try {
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push((await reportFrom(stranger(), newPlace())).pending);
      assert.deepEqual(answers, [false, false, false, false, true, true, true]);
    } finally {
      await setBudgets(30, 5, 3);
    }
  });

  it("follows the site's baseline: three times the median hour of the last week, when that is larger", async () => {
    // A week in which every hour published 3 reports: the budget in force is 9, not 4.
    await t.db.query(
      `INSERT INTO report_events (at, newcomer, held_by, wide_network, geog)
       SELECT h - interval '10 minutes', true, NULL, 'past', ST_SetSRID(ST_MakePoint(32.5, 0.3), 4326)::geography
       FROM generate_series($1::timestamptz - interval '167 hours', $1::timestamptz, interval '1 hour') h,
            generate_series(1, 3)`,
      [clock.now()],
    );
    await setBudgets(4, 0, 0);
    try {
      const alarms = (await mod('GET', '/api/mod/alarms')).json();
      assert.equal(alarms.budgets.reports.per_hour, 9);
      // The last hour already holds 3 of the week's.
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push((await reportFrom(stranger(), newPlace())).pending);
      assert.deepEqual(answers, [false, false, false, false, false, false, true]);
    } finally {
      await setBudgets(30, 5, 3);
    }
  });

  it("with every budget at 0, publishes as the spec says: one network's many reports at one place", async () => {
    await setBudgets(0, 0, 0);
    try {
      const place = newPlace();
      const who = { ip: '100.201.1.1', ua: 'One phone' };
      for (let i = 0; i < 8; i++)
        assert.equal((await reportFrom({ ...who, ua: `${who.ua} ${i}` }, place)).pending, false);
    } finally {
      await setBudgets(30, 5, 3);
    }
  });

  it('shows the held reports as one alarm, and approves them whole in one action', async () => {
    const place = newPlace();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const made = await reportFrom(
        { ip: `100.202.3.${i + 1}`, ua: `Crowd ${i}` },
        place,
        `Fake danger ${i}`,
      );
      if (made.pending) ids.push(made.spot.id);
    }
    assert.equal(ids.length, 3, 'three past the place budget are held');
    const alarms = (await mod('GET', '/api/mod/alarms')).json();
    const held = alarms.held_reports;
    assert.equal(held.reports, 3);
    assert.deepEqual(held.by, { site: 0, network: 0, place: 3 });
    assert.equal(held.networks.length, 1);
    assert.equal(held.networks[0].reports, 3);
    assert.match(held.networks[0].label, /^network /);
    assert.equal(held.places.length, 1);
    assert.ok(Math.abs(held.places[0].lat - place.lat) < 0.01, 'at the place reported');
    const queue = (await mod('GET', '/api/mod/spots?state=pending')).json();
    assert.ok(queue.counts.alarms >= 1, 'the alarms tab counts it');

    const decided = await mod('POST', '/api/mod/held-reports/approve', { from: held.from, to: held.to });
    assert.equal(decided.statusCode, 200, decided.body);
    assert.equal(decided.json().spots, 3);
    for (const id of ids) assert.equal(await isPublic(id), true);
    assert.equal((await mod('GET', '/api/mod/alarms')).json().held_reports, null, 'the alarm is gone');
    const log = (await mod('GET', '/api/mod/log')).json().entries as Array<{
      action: string;
      spot_id: number;
    }>;
    assert.ok(
      log.some((e) => e.action === 'approve-held'),
      'the decision is logged',
    );
    assert.equal(log.filter((e) => e.action === 'approve' && ids.includes(e.spot_id)).length, 3);
  });

  it('rejects held reports whole: none reaches the map', async () => {
    const place = newPlace();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const made = await reportFrom(stranger(), place);
      if (made.pending) ids.push(made.spot.id);
    }
    const held = (await mod('GET', '/api/mod/alarms')).json().held_reports;
    assert.equal(held.reports, 2);
    const decided = await mod('POST', '/api/mod/held-reports/reject', { from: held.from, to: held.to });
    assert.equal(decided.json().spots, 2);
    for (const id of ids) assert.equal(await isPublic(id), false);
    const states = await t.db.query<{ publication: string }>(
      'SELECT publication FROM spots WHERE id = ANY($1::int[])',
      [ids],
    );
    assert.deepEqual(
      states.map((s) => s.publication),
      ['rejected', 'rejected'],
    );
  });

  it('tells how soon moderators decide, on the console and in /metrics: held reports from the hold, bursts from their end', async () => {
    // A month after the other tests' decisions, which are then out of the period.
    clock.advance(31 * 24 * HOUR);
    const place = newPlace();
    for (let i = 0; i < 5; i++) await reportFrom(stranger(), place);
    clock.advance(20 * 60_000);
    const held = (await mod('GET', '/api/mod/alarms')).json().held_reports;
    assert.equal(held.reports, 2);
    await mod('POST', '/api/mod/held-reports/approve', { from: held.from, to: held.to });
    // A burst's period ended an hour ago (the database's time, as the alarms' periods are) and is kept now.
    const [row] = await t.db.query<{ end: Date }>(`SELECT now() - interval '1 hour' AS end`);
    assert.ok(row, "the database's time");
    const end = new Date(row.end);
    const kept = await mod('POST', '/api/mod/bursts/keep', { from: new Date(end.getTime() - HOUR), to: end });
    assert.equal(kept.statusCode, 204, kept.body);

    const { decisions } = (await mod('GET', '/api/mod/alarms')).json();
    assert.equal(decisions.days, 30);
    assert.deepEqual(decisions.held_reports, { decided: 2, median_seconds: 1200, p90_seconds: 1200 });
    assert.equal(decisions.alarms.decided, 1);
    assert.ok(
      Math.abs(decisions.alarms.median_seconds - 3600) < 60,
      `an hour: ${decisions.alarms.median_seconds}`,
    );
    const metrics = await t.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    assert.match(metrics.body, /^hatari_decision_seconds\{kind="held_report",quantile="0.5"\} 1200$/m);
    assert.match(metrics.body, /^hatari_decision_seconds\{kind="held_report",quantile="0.9"\} 1200$/m);
    assert.match(metrics.body, /^hatari_decisions\{kind="held_report"\} 2$/m);
    assert.match(metrics.body, /^hatari_decisions\{kind="alarm"\} 1$/m);
  });
});
