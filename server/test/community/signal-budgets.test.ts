import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { networkName } from '../../../common/domain.ts';
import { givenModerator, givenSpot, report, signedIn } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

/**
 * Site-wide budgets on what takes a danger off the map, protection that sticks, and the moderators'
 * alarms with the one action that reverts a burst (docs/api.md, "Protected spots and site-wide
 * budgets"; docs/moderators.md, "Alarms"). Time passes by moving the recorded events back an hour.
 */
let t: TestApp;
let moderator: string;
describe('community/signal-budgets', () => {
  before(async () => {
    t = await startTestApp();
    moderator = await signedIn(t, await givenModerator(t, { role: 'admin' }));
  });
  after(() => t.close());

  /** Each test starts with the hour's budgets unspent and no alarm. */
  beforeEach(async () => {
    await t.db.query(`UPDATE signal_events SET at = at - interval '8 days'`);
    await t.db.query(
      `UPDATE signal_refusals SET bucket = bucket - interval '8 days', last_at = last_at - interval '8 days'`,
    );
    await t.db.query(`UPDATE votes SET updated_at = updated_at - interval '8 days'`);
    await t.db.query(`UPDATE flags SET created_at = created_at - interval '8 days'`);
  });

  const json = { 'content-type': 'application/json' };
  type Who = { ip: string; ua: string };
  let nextNet = 0;
  /** A visitor on a wide network (IPv4 /24) of its own. */
  const stranger = (): Who => {
    const n = ++nextNet;
    return { ip: `100.${64 + Math.floor(n / 250)}.${n % 250}.9`, ua: `Phone ${n}` };
  };
  const send = (who: Who, opts: InjectOptions) =>
    t.inject({ ...opts, remoteAddress: who.ip, headers: { ...json, 'user-agent': who.ua } });
  const newSpot = async (body: Record<string, unknown> = {}) => {
    const res = await send(stranger(), { method: 'POST', url: '/api/spots', payload: report(body) });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().spot.id as number;
  };
  const vote = (who: Who, id: number, value: 1 | -1) =>
    send(who, { method: 'POST', url: `/api/spots/${id}/vote`, payload: { value } });
  const flag = (who: Who, id: number) =>
    send(who, { method: 'POST', url: `/api/spots/${id}/flag`, payload: { reason: 'inaccurate' } });
  const mod = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.inject({
      method,
      url,
      headers: { ...(method === 'GET' ? {} : json), cookie: moderator },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
  const row = async (id: number) =>
    (
      await t.db.query<{
        confirmations: number;
        denials: number;
        status: string;
        publication: string;
        review_reason: string | null;
      }>('SELECT confirmations, denials, status, publication, review_reason FROM spots WHERE id = $1', [id])
    )[0];
  const isPublic = async (id: number) =>
    (await t.inject({ method: 'GET', url: `/api/spots/${id}` })).statusCode === 200;
  /** Flags a spot from three wide networks: the default threshold. */
  const flagThrice = async (id: number) => {
    const results = [];
    for (let i = 0; i < 3; i++) results.push((await flag(stranger(), id)).json().result);
    return results;
  };
  /** Takes a new spot (1 - 0) to disputed: three strangers' denials make it 1 - 3, the fourth 1 - 4. */
  const disputeVotes = async (id: number) => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await vote(stranger(), id, -1));
    return answers;
  };

  describe('protected spots stay on the map whatever the flags', () => {
    it('a seeded spot with a source, flagged by many networks, stays public and waits for review', async () => {
      const id = await newSpot({ title: 'Sourced seed spot' });
      await t.db.query(
        `UPDATE spots SET seeded = true, source_url = 'https://news.example/a' WHERE id = $1`,
        [id],
      );
      const total = (await t.inject({ method: 'GET', url: '/api/stats' })).json().totals.total;
      const results = [];
      for (let i = 0; i < 6; i++) results.push((await flag(stranger(), id)).json().result);
      assert.deepEqual(results, Array(6).fill('flagged'));
      assert.ok(await isPublic(id), 'still on the map');
      assert.equal((await t.inject({ method: 'GET', url: '/api/stats' })).json().totals.total, total);
      assert.equal((await row(id))?.review_reason, 'flagged');
      const queue = (await mod('GET', '/api/mod/spots?state=review')).json();
      const listed = queue.spots.find((s: { id: number }) => s.id === id);
      assert.deepEqual([listed.review_reason, listed.flag_count, listed.protected], ['flagged', 6, true]);
      assert.ok(queue.counts.review >= 1, 'counted on the queue');
    });

    it('three addresses of one IPv4 /24 count as one network towards hiding', async () => {
      const id = await newSpot();
      for (const host of [1, 2, 3, 4, 5])
        assert.equal((await flag({ ip: `100.100.7.${host}`, ua: 'Flagger' }, id)).json().result, 'flagged');
      assert.ok(await isPublic(id), 'one /24 does not hide it');
    });
  });

  describe('the hide budget', () => {
    it('hides at most five spots an hour; past it flags are stored, answered "flagged", and the spot waits on the map', async () => {
      const spots = [];
      for (let i = 0; i < 7; i++) spots.push(await newSpot({ title: `Hide target ${i}` }));
      const last = [];
      for (const id of spots) last.push((await flagThrice(id)).at(-1));
      assert.deepEqual(last, ['hidden', 'hidden', 'hidden', 'hidden', 'hidden', 'flagged', 'flagged']);
      for (const id of spots.slice(5)) {
        assert.ok(await isPublic(id), `spot ${id} stays on the map`);
        assert.deepEqual(
          [(await row(id))?.review_reason, (await row(id))?.publication],
          ['held', 'approved'],
          'held for review',
        );
        const [{ n }] = (await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM flags WHERE spot_id = $1',
          [id],
        )) as [{ n: number }];
        assert.equal(n, 3, 'the flags are stored');
      }
      const alarms = (await mod('GET', '/api/mod/alarms')).json();
      assert.deepEqual(alarms.budgets.hides, { used: 5, per_hour: 5 });
      assert.ok(
        alarms.bursts.some((b: { held: number }) => b.held === 2),
        `the held spots raise an alarm: ${JSON.stringify(alarms.bursts)}`,
      );
      // An hour later the budget is there again: the next network's flag hides a held spot.
      await t.db.query(`UPDATE signal_events SET at = at - interval '61 minutes'`);
      assert.equal((await flag(stranger(), spots[5] as number)).json().result, 'hidden');
    });

    it('follows the moderators setting, and 0 holds every hide for review', async () => {
      assert.equal((await mod('GET', '/api/mod/settings')).json().autoHideBudgetPerHour, 5);
      const put = await t.inject({
        method: 'PUT',
        url: '/api/mod/settings',
        headers: { ...json, cookie: moderator },
        payload: JSON.stringify({ autoHideBudgetPerHour: 0 }),
      });
      assert.equal(put.statusCode, 200, put.body);
      try {
        const id = await newSpot();
        assert.deepEqual(await flagThrice(id), ['flagged', 'flagged', 'flagged']);
        assert.equal((await row(id))?.review_reason, 'held');
      } finally {
        await t.db.query(`UPDATE settings SET value = '5' WHERE key = 'auto_hide_budget_per_hour'`);
      }
    });
  });

  describe('the dispute budget', () => {
    it('moves at most twenty spots into disputed an hour; the next such vote is a 429 that stores nothing', async () => {
      const spots = [];
      for (let i = 0; i < 22; i++) spots.push(await newSpot({ title: `Dispute target ${i}` }));
      const outcomes = [];
      for (const id of spots) outcomes.push((await disputeVotes(id)).at(-1));
      assert.deepEqual(
        outcomes.map((r) => r?.statusCode),
        [...Array(20).fill(200), 429, 429],
      );
      const refused = outcomes[20] as NonNullable<(typeof outcomes)[number]>;
      assert.match(refused.json().error, /moderators now decide/);
      const wait = Number(refused.headers['retry-after']);
      assert.ok(
        wait > 3000 && wait <= 3600,
        `Retry-After ${wait} s: when the oldest dispute leaves the hour`,
      );
      const id = spots[20] as number;
      assert.deepEqual(
        [(await row(id))?.denials, (await row(id))?.status],
        [3, 'unverified'],
        'the refused vote changed nothing',
      );
      const [{ n }] = (await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM votes WHERE spot_id = $1',
        [id],
      )) as [{ n: number }];
      assert.equal(n, 4, 'the reporter and three denials: the refused vote is not stored');

      // Confirming votes and reports are never held by the budget.
      assert.equal((await vote(stranger(), id, 1)).statusCode, 200);
      await newSpot({ title: 'Still reported' });

      const alarms = (await mod('GET', '/api/mod/alarms')).json();
      assert.deepEqual(alarms.budgets.disputes, { used: 20, per_hour: 20 });
      const burst = alarms.bursts[0];
      assert.equal(burst.refused, 2);
      assert.ok(burst.budget_spent, 'the burst spent the budget');
      const byId = new Map(burst.spots.map((s: { id: number; refused: number }) => [s.id, s.refused]));
      assert.deepEqual([byId.get(spots[20]), byId.get(spots[21])], [1, 1], 'refused attempts listed by spot');
    });

    it('never spends the budget on a protected spot: its dispute goes to review', async () => {
      const id = await givenSpot(t, { verified: true });
      const answers = await disputeVotes(id);
      assert.deepEqual(
        answers.map((r) => r.statusCode),
        [200, 200, 200, 200],
      );
      assert.deepEqual([(await row(id))?.status, (await row(id))?.review_reason], ['disputed', 'disputed']);
      assert.equal((await mod('GET', '/api/mod/alarms')).json().budgets.disputes.used, 0);
    });
  });

  describe('alarms and reverting a burst', () => {
    it('shows a burst across networks at once, and one action reverts votes, flags and hides on every spot', async () => {
      const reader = stranger();
      const total = async () => (await t.inject({ method: 'GET', url: '/api/stats' })).json().totals.total;
      const before = await total();
      const spots = [];
      for (let i = 0; i < 4; i++) spots.push(await newSpot({ title: `Burst spot ${i}` }));
      const [a, b, c, d] = spots as [number, number, number, number];
      const attackers = [stranger(), stranger(), stranger(), stranger()];
      for (const who of attackers) {
        await flag(who, a);
        await flag(who, b);
        await vote(who, c, -1);
        await vote(who, d, -1);
      }
      assert.equal(await isPublic(a), false, 'flags hid it');
      assert.equal((await row(c))?.status, 'disputed');
      assert.equal(await total(), before, 'two hidden and two disputed of four new spots');

      const queue = (await mod('GET', '/api/mod/spots?state=pending')).json();
      assert.equal(queue.counts.alarms, 1, 'a count on the queue');
      const { bursts } = (await mod('GET', '/api/mod/alarms')).json();
      assert.equal(bursts.length, 1);
      const burst = bursts[0];
      // The third network's flag hid each flagged spot, so the fourth's was a 404.
      assert.deepEqual([burst.denials, burst.flags, burst.hidden, burst.disputed], [8, 6, 2, 2]);
      assert.deepEqual(
        burst.networks.map((n: { key: string; label: string; denials: number; flags: number }) => [
          n.label === networkName(n.key),
          n.denials,
          n.flags,
        ]),
        [
          [true, 2, 2],
          [true, 2, 2],
          [true, 2, 2],
          [true, 2, 0],
        ],
      );
      assert.deepEqual(burst.spots.map((s: { id: number }) => s.id).sort(), [...spots].sort());
      assert.ok(Date.parse(burst.to) - Date.parse(burst.from) >= 600_000, 'a ten-minute window at least');

      // An honest "still dangerous" vote in the same window is not the burst's and stays.
      await vote(reader, c, 1);
      const res = await mod('POST', '/api/mod/bursts/revert', { from: burst.from, to: burst.to });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { spots: 4, votes: 8, flags: 6, shown_again: 2 });
      for (const id of spots) assert.ok(await isPublic(id), `spot ${id} is back`);
      assert.deepEqual(
        [(await row(c))?.confirmations, (await row(c))?.denials, (await row(c))?.status],
        [2, 0, 'unverified'],
      );
      assert.equal(await total(), before + 4, 'statistics count them again');
      assert.deepEqual((await mod('GET', '/api/mod/alarms')).json().bursts, [], 'the alarm is reviewed');
      const log = (await mod('GET', '/api/mod/log')).json().entries;
      assert.equal(log.filter((e: { action: string }) => e.action === 'revert-burst').length, 5);

      // Restored spots are protected: fresh networks cannot hide or dispute them again.
      assert.deepEqual(await flagThrice(a), ['flagged', 'flagged', 'flagged']);
      assert.ok(await isPublic(a), 'still on the map');
      for (const r of await disputeVotes(d)) assert.equal(r.statusCode, 200);
      assert.equal(await total(), before + 4, 'a restored spot stays a danger when disputed');
    });

    it('reverts only the networks named, and a kept burst leaves the alarms without changing anything', async () => {
      const id = await newSpot();
      const [x, y, z] = [stranger(), stranger(), stranger()];
      for (let i = 0; i < 10; i++) {
        const target = await newSpot({ title: `Crowd ${i}` });
        await vote(i % 2 ? x : y, target, -1);
      }
      await vote(z, id, -1);
      const [burst] = (await mod('GET', '/api/mod/alarms')).json().bursts;
      assert.ok(burst, 'ten denials from two networks are a burst');
      const keyOf = (denials: number) =>
        burst.networks.find((n: { denials: number }) => n.denials === denials)?.key as string;
      const res = await mod('POST', '/api/mod/bursts/revert', {
        from: burst.from,
        to: burst.to,
        networks: [keyOf(1)],
      });
      assert.deepEqual(res.json(), { spots: 1, votes: 1, flags: 0, shown_again: 0 });
      assert.equal((await row(id))?.denials, 0);

      await vote(stranger(), id, -1);
      for (let i = 0; i < 10; i++)
        await vote(i % 2 ? x : y, await newSpot({ title: `Crowd again ${i}` }), -1);
      const [next] = (await mod('GET', '/api/mod/alarms')).json().bursts;
      const kept = await mod('POST', '/api/mod/bursts/keep', { from: next.from, to: next.to });
      assert.equal(kept.statusCode, 204);
      assert.equal((await row(id))?.denials, 1, 'kept: nothing changed');
      assert.deepEqual((await mod('GET', '/api/mod/alarms')).json().bursts, []);
      const bad = await mod('POST', '/api/mod/bursts/keep', { from: next.to, to: next.from });
      assert.equal(bad.statusCode, 400);
    });
  });
});
