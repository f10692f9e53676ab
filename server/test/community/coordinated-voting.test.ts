import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { networkName } from '../../../common/domain.ts';
import {
  flag,
  json,
  mod,
  network,
  newSpot,
  spotRow,
  t,
  useCommunitySignalApp,
  vote,
  type Who,
} from './community-signal-harness.ts';

/** The moderators' tools against coordinated voting: what one network did, seen and undone. */
describe('community/coordinated-voting', () => {
  useCommunitySignalApp();

  describe('moderator tools against coordinated voting', () => {
    it('groups votes and flags by network, marks the burst, and voids one network on a spot', async () => {
      const owner = network(1)[0] as Who;
      const { id } = await newSpot(owner, { title: 'Burst target' });
      for (const p of network(2)) assert.equal((await vote(p, id, 1)).statusCode, 200); // confirmed: 3 - 0
      const stuffer = network(7); // one address, seven user agents
      for (const p of stuffer) await vote(p, id, -1);
      assert.equal((await spotRow(id))?.status, 'disputed'); // 3 - 7
      const one = (await mod({ method: 'GET', url: `/api/mod/spots/${id}/networks` })).json().networks;
      assert.deepEqual(
        one.map((n: Record<string, unknown>) => [
          n.up,
          n.down,
          n.voidable,
          n.agents,
          n.top_agent_share,
          n.burst,
        ]),
        [
          [1, 0, 0, 1, 1, false], // the reporter: its own vote is not voidable
          [2, 0, 2, 2, 0.5, false],
          [0, 7, 7, 7, 0.14, true],
        ],
      );
      // One name per network, wherever it shows: the start of its key.
      for (const n of one) assert.equal(n.label, networkName(n.key));
      const listed = (await mod({ method: 'GET', url: '/api/mod/spots?state=bursts' })).json().spots;
      assert.equal(listed.find((s: { id: number }) => s.id === id)?.burst, true);
      const res = await mod({
        method: 'POST',
        url: `/api/mod/spots/${id}/void`,
        payload: { network: one[2].key, what: 'votes' },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().voided, 7);
      assert.deepEqual(
        [res.json().spot.confirmations, res.json().spot.denials, res.json().spot.status],
        [3, 0, 'confirmed'],
      );
      assert.deepEqual(await spotRow(id), {
        confirmations: 3,
        denials: 0,
        status: 'confirmed',
        publication: 'approved',
      });
      const log = (await mod({ method: 'GET', url: '/api/mod/log' })).json().entries[0];
      assert.equal(log.action, 'void-votes');
      assert.equal(log.spot_id, id);
      assert.deepEqual([log.detail.up, log.detail.down], [0, 7]);
      assert.equal(
        networkName(log.detail.network),
        one[2].label,
        'the log names the network as the card does',
      );

      // Voiding the reporter's own network takes its other votes, never the report's own confirmation.
      const own = await mod({
        method: 'POST',
        url: `/api/mod/spots/${id}/void`,
        payload: { network: one[0].key, what: 'votes' },
      });
      assert.equal(own.json().voided, 0);
      assert.equal(own.json().spot.confirmations, 3);
    });

    it("marks a burst of flags, and voids one network's flags so the spot comes back on the map", async () => {
      const { id } = await newSpot(network(1)[0] as Who, { title: 'Flag burst' });
      for (const p of network(5)) assert.equal((await flag(p, id)).json().result, 'flagged');
      let nets = (await mod({ method: 'GET', url: `/api/mod/spots/${id}/networks` })).json().networks;
      const burst = nets.find((n: { flags: number }) => n.flags === 5);
      assert.equal(burst.burst, true);
      assert.equal(burst.open_flags, 5);

      await mod({ method: 'PUT', url: '/api/mod/settings', payload: { autoHideFlagThreshold: 2 } });
      try {
        const [hider] = network(1) as [Who];
        assert.equal((await flag(hider, id)).json().result, 'hidden');
        assert.equal((await spotRow(id))?.publication, 'pending');
        nets = (await mod({ method: 'GET', url: `/api/mod/spots/${id}/networks` })).json().networks;
        const res = await mod({
          method: 'POST',
          url: `/api/mod/spots/${id}/void`,
          payload: { network: nets.at(-1).key, what: 'flags' },
        });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json().voided, 1);
        assert.equal(res.json().spot.publication, 'approved');
        assert.equal(res.json().spot.flag_count, 5);
      } finally {
        await mod({ method: 'PUT', url: '/api/mod/settings', payload: { autoHideFlagThreshold: 3 } });
      }
    });

    it("voids a network's votes on every spot over a period", async () => {
      const owner = network(1)[0] as Who;
      const a = await newSpot(owner, { title: 'Period A' });
      const b = await newSpot(owner, { title: 'Period B' });
      const attacker = network(2);
      for (const p of attacker) {
        await vote(p, a.id, -1);
        await vote(p, b.id, -1);
      }
      const key = (await mod({ method: 'GET', url: `/api/mod/spots/${a.id}/networks` })).json().networks[1]
        .key;
      const now = t.deps.clock.now().getTime();
      const from = new Date(now - 3600_000).toISOString();
      const to = new Date(now + 60_000).toISOString();
      const res = await mod({
        method: 'POST',
        url: '/api/mod/networks/void-votes',
        payload: { network: key, from, to },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { spots: 2, votes: 4 });
      for (const s of [a, b])
        assert.deepEqual(await spotRow(s.id), {
          confirmations: 1,
          denials: 0,
          status: 'unverified',
          publication: 'approved',
        });
      const bad = await mod({
        method: 'POST',
        url: '/api/mod/networks/void-votes',
        payload: { network: key, from: to, to: from },
      });
      assert.equal(bad.statusCode, 400);
      const anon = await t.inject({
        method: 'POST',
        url: '/api/mod/networks/void-votes',
        headers: json,
        payload: { network: key, from, to },
      });
      assert.equal(anon.statusCode, 401);
    });
  });
});
