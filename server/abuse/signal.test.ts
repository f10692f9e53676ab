import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FakeOsrm } from '../test/fakes.ts';
import {
  ATTACKED_ADMIN,
  type Client,
  call,
  dangersThrough,
  isPublic,
  loopbackNetwork,
  publicSpots,
  report,
  SETUPS,
  type Sender,
  setupSkipped,
  signIn,
  startAttackedServer,
  statsTotal,
} from './attacks.ts';

/**
 * Attacks on the community signal from many networks at once (issue: "the map cannot be emptied"),
 * replayed against the real server in four set-ups: embedded storage and PostgreSQL + Redis, each
 * with and without a trusted proxy. Without a proxy the "networks" are IPv4 /24s of this machine's
 * loopback network, each request sent from one of them; with one, forwarded addresses.
 * ABUSE_SERVER_DIR replays them against other code.
 */
const BUDGET = { hides: 5, disputes: 20 } as const;

const osrm = new FakeOsrm();
let osrmUrl: string;
before(async () => {
  osrmUrl = await osrm.start();
});
after(() => osrm.stop());

const figures: Record<string, unknown> = {};
after(() => console.log(`\nsignal attack figures:\n${JSON.stringify(figures, null, 2)}`));

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

for (const setup of SETUPS) {
  describe(`attacks from many networks (${setup.name})`, { skip: setupSkipped(setup) }, () => {
    let c: Client;
    let moderator: Sender;
    const cleanups: Array<() => Promise<unknown> | unknown> = [];
    const fig = (name: string, value: unknown) => {
      figures[`${name} (${setup.name})`] = value;
    };
    /** The IPv4 network numbered n (a /24 of its own), as this set-up reaches the server from it. */
    const v4 = (n: number): string =>
      setup.proxy ? `41.${100 + (n >> 8)}.${n & 255}.9` : loopbackNetwork(n);
    let reporters = 0;
    /** New (unprotected) spots, each reporter on a network of its own. */
    const newSpots = async (n: number, title: string) => {
      const ids: number[] = [];
      while (ids.length < n) {
        const who = { ip: v4(3000 + ++reporters), ua: `Reporter ${reporters}` };
        for (let i = 0; i < 5 && ids.length < n; i++) {
          const made = await call(
            c,
            who,
            'POST',
            '/api/spots',
            report({ title: `${title} ${ids.length + 1}` }),
          );
          assert.equal(made.status, 201, JSON.stringify(made.json));
          ids.push((made.json.spot as { id: number }).id);
        }
      }
      return ids;
    };
    const flag = (who: Sender, id: number) =>
      call(c, who, 'POST', `/api/spots/${id}/flag`, { reason: 'inaccurate' });
    const vote = (who: Sender, id: number, value: 1 | -1) =>
      call(c, who, 'POST', `/api/spots/${id}/vote`, { value });

    before(async () => {
      ({ c } = await startAttackedServer(setup, osrmUrl, cleanups));
      moderator = await signIn(c, ATTACKED_ADMIN.username, ATTACKED_ADMIN.password);
    });
    after(async () => {
      for (const clean of cleanups.reverse()) await clean();
    });

    it('three networks flagging every sourced spot take none of them off the map, routes or statistics', async () => {
      const sourced = (await publicSpots(c)).filter((s) => s.seeded);
      assert.ok(sourced.length >= 20, 'the sourced seed is loaded');
      const target = sourced.find((s) => s.id === 8) ?? (sourced[0] as (typeof sourced)[number]);
      const before = {
        map: (await publicSpots(c)).length,
        stats: await statsTotal(c),
        routeDanger: (await dangersThrough(c, target)).includes(target.id),
      };
      const started = performance.now();
      let requests = 0;
      // Each flag from a new visitor (a fresh user agent), so only network ceilings bind.
      for (const n of [1, 2, 3]) {
        for (const s of sourced) {
          requests++;
          const res = await flag({ ip: v4(n), ua: `Flagger ${n}/${s.id}` }, s.id);
          assert.equal(res.status, 200, JSON.stringify(res.json));
        }
      }
      const after = {
        map: (await publicSpots(c)).length,
        stats: await statsTotal(c),
        routeDanger: (await dangersThrough(c, target)).includes(target.id),
      };
      const review = (await call(c, moderator, 'GET', '/api/mod/spots?state=review&limit=1000')).json
        .spots as Array<{ id: number; review_reason: string; flag_count: number }>;
      const waiting = review.filter((s) => sourced.some((x) => x.id === s.id));
      fig('three networks flag every sourced spot', {
        requests,
        seconds: seconds(started),
        publicSpots: `${before.map} → ${after.map}`,
        statsTotal: `${before.stats} → ${after.stats}`,
        routePastSpot: `${before.routeDanger ? 1 : 0} → ${after.routeDanger ? 1 : 0} danger`,
        inReviewWithFlags: waiting.length,
      });
      assert.equal(after.map, before.map, 'no sourced spot left the map');
      assert.equal(after.stats, before.stats, 'nor the statistics');
      assert.equal(after.routeDanger, true, 'nor the route');
      assert.equal(waiting.length, sourced.length, 'every one waits for moderators, with its flags');
      assert.ok(
        waiting.every((s) => s.review_reason === 'flagged' && s.flag_count === 3),
        'counted',
      );
    });

    it('crowds of networks hide at most 5 and dispute at most 20 spots an hour, and one action repairs the burst', async () => {
      const statsBefore = await statsTotal(c);
      const toFlag = await newSpots(12, 'Flag crowd target');
      const toDispute = await newSpots(30, 'Dispute crowd target');
      const statsWithNew = await statsTotal(c);
      const started = performance.now();
      const tally = { requests: 0, refused: 0 };
      const send = async (res: Promise<Awaited<ReturnType<typeof call>>>) => {
        tally.requests++;
        const r = await res;
        if (r.status === 429) tally.refused++;
        return r;
      };
      // Behind a proxy: first 256 /56s of one IPv6 /48, one network each to the server's limits.
      if (setup.proxy) {
        const sub = (i: number) => ({ ip: `2001:db8:4848:${(i * 256).toString(16)}::1`, ua: `Sub ${i}` });
        for (const [i, id] of toFlag.entries())
          for (const k of [0, 1, 2]) await send(flag(sub(i * 3 + k), id));
        for (const [i, id] of toDispute.entries())
          for (const k of [0, 1, 2, 3]) await send(vote(sub((i * 4 + k) % 256), id, -1));
      }
      // Then 64 IPv4 /24s.
      const net = (i: number) => ({ ip: v4(100 + (i % 64)), ua: `Crowd ${i}` });
      for (const [i, id] of toFlag.entries()) for (const k of [0, 1, 2]) await send(flag(net(i * 3 + k), id));
      for (const [i, id] of toDispute.entries())
        for (const k of [0, 1, 2, 3]) await send(vote(net(i * 4 + k), id, -1));
      const attackSeconds = seconds(started);

      let hidden = 0;
      for (const id of toFlag) if (!(await isPublic(c, id))) hidden++;
      const spots = await publicSpots(c);
      const disputed = spots.filter((s) => toDispute.includes(s.id) && s.status === 'disputed').length;
      const statsAfter = await statsTotal(c);
      const alarms = (await call(c, moderator, 'GET', '/api/mod/alarms')).json as {
        budgets: { hides: { used: number }; disputes: { used: number } };
        bursts: Array<{
          from: string;
          to: string;
          refused: number;
          held: number;
          networks: unknown[];
          spots: unknown[];
        }>;
      };
      fig('crowds of networks flag and dispute new spots', {
        ...tally,
        seconds: attackSeconds,
        spotsHidden: hidden,
        spotsDisputed: disputed,
        statsTotal: `${statsWithNew} → ${statsAfter}`,
        alarm: alarms.bursts?.map((b) => ({
          networks: b.networks.length,
          spots: b.spots.length,
          refused: b.refused,
          held: b.held,
        })),
      });
      assert.ok(hidden <= BUDGET.hides, `${hidden} spots hidden in the hour`);
      assert.ok(disputed <= BUDGET.disputes, `${disputed} spots disputed in the hour`);
      assert.ok(alarms.budgets.disputes.used <= BUDGET.disputes, 'the hour holds at most 20 disputes');
      assert.ok(tally.refused > 0, 'the rest waits for moderators');
      assert.ok(alarms.bursts.length >= 1, 'moderators see it at once');

      const repairing = performance.now();
      const window = {
        from: alarms.bursts.at(-1)?.from as string,
        to: alarms.bursts[0]?.to as string,
      };
      const revert = await call(c, moderator, 'POST', '/api/mod/bursts/revert', window);
      assert.equal(revert.status, 200, JSON.stringify(revert.json));
      const repairSeconds = seconds(repairing);
      let stillHidden = 0;
      for (const id of [...toFlag, ...toDispute]) if (!(await isPublic(c, id))) stillHidden++;
      const stillDisputed = (await publicSpots(c)).filter(
        (s) => toDispute.includes(s.id) && s.status === 'disputed',
      ).length;
      fig('one action repairs the burst', {
        ...revert.json,
        seconds: repairSeconds,
        stillHidden,
        stillDisputed,
        statsTotal: `${statsAfter} → ${await statsTotal(c)} (${statsBefore} before the new spots)`,
      });
      assert.equal(stillHidden, 0);
      assert.equal(stillDisputed, 0);
      assert.equal(await statsTotal(c), statsWithNew, 'every new spot counts again');
    });

    it('a spot a moderator restored stays on the map when fresh networks flag it again', async () => {
      // A roomy hide budget for this test, so what holds is the restore's protection (code without
      // budgets refuses the setting, and has no budget to hold anything anyway).
      await call(c, moderator, 'PUT', '/api/mod/settings', { autoHideBudgetPerHour: 1000 });
      try {
        const ids = await newSpots(8, 'Race target');
        const flagAll = async (first: number) => {
          for (const n of [first, first + 1, first + 2])
            for (const id of ids) await flag({ ip: v4(n), ua: `Hider ${n}` }, id);
          let hidden = 0;
          for (const id of ids) if (!(await isPublic(c, id))) hidden++;
          return hidden;
        };
        const hidden = await flagAll(10);
        assert.equal(hidden, ids.length, 'with room in the budget, three networks hide new spots');
        const restoring = performance.now();
        for (const id of ids)
          assert.equal(
            (await call(c, moderator, 'POST', `/api/mod/spots/${id}/dismiss-flags`, {})).status,
            200,
          );
        const restoreSeconds = seconds(restoring);
        const again = performance.now();
        const rehidden = await flagAll(20);
        fig('moderator restores, fresh networks flag again', {
          hiddenFirst: hidden,
          restoreSeconds,
          rehidden,
          rehideSeconds: seconds(again),
        });
        assert.equal(rehidden, 0, 'restored spots are protected');
      } finally {
        await call(c, moderator, 'PUT', '/api/mod/settings', { autoHideBudgetPerHour: BUDGET.hides });
      }
    });
  });
}
