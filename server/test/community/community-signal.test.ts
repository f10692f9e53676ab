import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { POLICIES } from '../../src/limits/policies.ts';
import { FakeOsrm } from '../fakes.ts';
import { startTestApp } from '../test-app.ts';
import {
  flag,
  mod,
  network,
  newSpot,
  spotRow,
  t,
  useCommunitySignalApp,
  vote,
  type Who,
} from './community-signal-harness.ts';

/** One person, one voice: the network ceilings (with the real limits) and protected spots. */
describe('community/community-signal', () => {
  useCommunitySignalApp();

  describe('network ceilings', () => {
    it('lets 10 visitors on one address walk a spot through every status', async () => {
      const phones = network(10);
      const { id } = await newSpot(phones[0] as Who);
      const seen = ['unverified'];
      const step = async (who: Who, value: 1 | -1) => {
        const res = await vote(who, id, value);
        assert.equal(res.statusCode, 200, res.body);
        const status = res.json().spot.status;
        if (seen.at(-1) !== status) seen.push(status);
      };
      await step(phones[1] as Who, 1);
      await step(phones[2] as Who, 1); // 3 - 0: confirmed
      for (const p of phones.slice(3, 9)) await step(p, -1); // 3 - 6: disputed
      await step(phones[9] as Who, 1); // 4 - 6: unverified
      await step(phones[3] as Who, 1); // 5 - 5
      await step(phones[4] as Who, 1); // 6 - 4
      await step(phones[5] as Who, 1); // 7 - 3: confirmed
      assert.deepEqual(seen, [
        'unverified',
        'confirmed',
        'unverified',
        'disputed',
        'unverified',
        'confirmed',
      ]);
    });

    it('refuses a status change beyond the network budget with 429 and changes nothing', async () => {
      const budget = POLICIES.status_change_network.limit;
      // Two confirmations take a new spot (1 - 0) to confirmed: one status change each spot.
      const phones = network(2 * budget + 8);
      const spots = [];
      for (let i = 0; i <= budget; i++)
        spots.push(await newSpot(network(1)[0] as Who, { title: `Budget spot ${i}` }));
      let changes = 0;
      let refused: Awaited<ReturnType<typeof vote>> | undefined;
      let voter = 4;
      outer: for (const s of spots) {
        for (let i = 0; i < 2; i++) {
          const before = await spotRow(s.id);
          const res = await vote(phones[voter++] as Who, s.id, 1);
          if (res.statusCode === 429) {
            refused = res;
            assert.deepEqual(await spotRow(s.id), before, 'nothing changed');
            break outer;
          }
          assert.equal(res.statusCode, 200, res.body);
          if (res.json().spot.status !== before?.status) changes++;
        }
      }
      assert.equal(changes, budget, `${budget} status changes an hour per network`);
      assert.ok(refused, 'the next is refused');
      assert.equal(refused.headers['ratelimit-policy'], `${budget};w=3600`);
      assert.equal(refused.headers['ratelimit-remaining'], '0');
      assert.ok(
        Number(refused.headers['retry-after']) > 60,
        `Retry-After ${refused.headers['retry-after']} s`,
      );
      assert.match(refused.json().error, /changed status from your network/);
      // Votes that change no status still go through.
      const { id } = await newSpot(phones[0] as Who, { title: 'Quiet spot' });
      assert.equal((await vote(phones[voter] as Who, id, -1)).statusCode, 200);
      // Another network is not affected.
      const [other] = network(1);
      const s = spots.at(-1) as { id: number };
      assert.equal((await vote(other as Who, s.id, 1)).statusCode, 200);
    });

    it('keeps the spec visitor limit at 60 votes, refused by the visitor policy', async () => {
      const [phone] = network(1) as [Who];
      const others = network(3);
      const spots = [];
      for (let i = 0; i < 13; i++)
        spots.push((await newSpot(others[i % 3] as Who, { title: `Vote target ${i}` })).id);
      let n = 0;
      let last: Awaited<ReturnType<typeof vote>> | undefined;
      for (let i = 0; n < 61; i++) {
        // One visitor switches its vote back and forth; no status moves past one change per spot.
        last = await vote(phone, spots[i % 13] as number, i % 26 < 13 ? 1 : -1);
        n++;
        if (n <= 60) assert.equal(last.statusCode, 200, `${n}: ${last.body}`);
      }
      assert.equal(last?.statusCode, 429);
      assert.equal(last?.headers['ratelimit-policy'], '60;w=3600');
      assert.match(last?.json().error, /You voted 60 times in the last hour/, 'a refusal says why');
    });

    it('caps flags per network, and flags from one IPv6 /56 count as one network', async () => {
      const owner = network(1)[0] as Who;
      const { id } = await newSpot(owner);
      const sameSubscriber = network(3, true); // three /64s inside one /56
      for (const p of sameSubscriber) {
        const res = await flag(p, id);
        assert.equal(res.statusCode, 200);
        assert.equal(res.json().result, 'flagged');
      }
      assert.equal((await spotRow(id))?.publication, 'approved', 'one /56 does not hide a spot');
      const ceiling = POLICIES.flag_network.limit;
      const many = network(ceiling + 1);
      const targets = [];
      for (let i = 0; i < 4; i++) targets.push((await newSpot(owner, { title: `Flag target ${i}` })).id);
      const answers = [];
      for (let i = 0; i <= ceiling; i++) answers.push(await flag(many[i] as Who, targets[i % 4] as number));
      const statuses = answers.map((a) => a.statusCode);
      assert.equal(statuses.filter((s) => s === 200).length, ceiling);
      assert.equal(statuses.at(-1), 429);
      assert.match(
        answers.at(-1)?.json().error,
        /Very many flags came from your network/,
        'a refusal says why',
      );
    });
  });

  describe('protected spots', () => {
    const osrm = new FakeOsrm();
    let osrmUrl: string;
    before(async () => {
      osrmUrl = await osrm.start();
    });
    after(() => osrm.stop());

    /** Disputes a spot with denials from six fresh networks (no budget is near). */
    const dispute = async (id: number) => {
      for (const who of Array.from({ length: 6 }, () => network(1)[0] as Who)) {
        const res = await vote(who, id, -1);
        assert.equal(res.statusCode, 200, res.body);
      }
      assert.equal((await spotRow(id))?.status, 'disputed');
    };
    const total = async () =>
      (await t.inject({ method: 'GET', url: '/api/stats' })).json().totals.total as number;

    it('a verified or seeded-and-sourced spot disputed by votes stays a danger and waits for review; others leave', async () => {
      const owner = network(1)[0] as Who;
      // Along the fake router's straight road (lat 0.3), far from the spots of other tests.
      const verified = await newSpot(owner, { title: 'Verified spot', lat: 0.3, lng: 32.575, severity: 5 });
      const sourced = await newSpot(owner, { title: 'Sourced seed', lat: 0.3, lng: 32.58, severity: 4 });
      const plain = await newSpot(owner, { title: 'Plain spot', lat: 0.3, lng: 32.585, severity: 3 });
      assert.equal(
        (await mod({ method: 'POST', url: `/api/mod/spots/${verified.id}/verify` })).statusCode,
        200,
      );
      await t.db.query(
        `UPDATE spots SET seeded = true, source_url = 'https://news.example/story' WHERE id = $1`,
        [sourced.id],
      );
      const before = await total();
      for (const s of [verified, sourced, plain]) await dispute(s.id);
      assert.equal(await total(), before - 1, 'only the plain spot left the statistics');

      const app = await startTestApp({
        database: { db: t.db, drop: async () => {} },
        env: { OSRM_URL: osrmUrl },
      });
      try {
        const res = await app.inject({ method: 'GET', url: '/api/route?from=0.3,32.55&to=0.3,32.6' });
        assert.equal(res.statusCode, 200, res.body);
        const straight = res.json().routes.find((r: { summary: string }) => r.summary === 'Straight Road');
        const dangers = straight.dangers.map((d: { spot: { title: string } }) => d.spot.title);
        assert.deepEqual(
          dangers
            .filter((title: string) => ['Verified spot', 'Sourced seed', 'Plain spot'].includes(title))
            .sort(),
          ['Sourced seed', 'Verified spot'],
        );
      } finally {
        await app.close();
      }

      const queue = (await mod({ method: 'GET', url: '/api/mod/spots?state=review' })).json().spots;
      const waiting = queue.map((s: { id: number; review_reason: string }) => [s.id, s.review_reason]);
      assert.deepEqual(
        waiting.filter(([id]: [number]) => [verified.id, sourced.id, plain.id].includes(id)).sort(),
        [
          [verified.id, 'disputed'],
          [sourced.id, 'disputed'],
        ].sort(),
      );
      // The moderator looks and keeps the verification: it leaves the queue, and stays a danger.
      await mod({ method: 'POST', url: `/api/mod/spots/${verified.id}/verify` });
      const after = (await mod({ method: 'GET', url: '/api/mod/spots?state=review' })).json().spots;
      assert.equal(
        after.find((s: { id: number }) => s.id === verified.id),
        undefined,
        'verified, it leaves the review queue',
      );
    });

    it('a spot whose flags were dismissed is protected for 30 days: flags from any network send it to review', async () => {
      const owner = network(1)[0] as Who;
      const { id } = await newSpot(owner, { title: 'Flag target' });
      const flaggers = [network(1)[0], network(1)[0], network(1)[0]] as Who[];
      const results = [];
      for (const f of flaggers) results.push((await flag(f, id)).json().result);
      assert.deepEqual(results, ['flagged', 'flagged', 'hidden']);
      await mod({ method: 'POST', url: `/api/mod/spots/${id}/dismiss-flags` });
      assert.equal((await spotRow(id))?.publication, 'approved');
      // The same three networks, as new visitors (another user agent), flag again: it stays.
      for (const f of flaggers) {
        const res = await flag({ ...f, ua: `${f.ua} again` }, id);
        assert.equal(res.json().result, 'flagged');
      }
      assert.equal((await spotRow(id))?.publication, 'approved');
      // Three other networks cannot either while the restore protects it: the spot goes to review.
      const fresh = [network(1)[0], network(1)[0], network(1)[0]] as Who[];
      const last = [];
      for (const f of fresh) last.push((await flag(f, id)).json().result);
      assert.deepEqual(last, ['flagged', 'flagged', 'flagged']);
      const [row] = await t.db.query<{ publication: string; review_reason: string }>(
        'SELECT publication, review_reason FROM spots WHERE id = $1',
        [id],
      );
      assert.deepEqual(row, { publication: 'approved', review_reason: 'flagged' });
      // Once the 30 days are over, the next flag hides it: the three fresh networks' flags are open.
      await t.db.query(`UPDATE spots SET restored_until = now() - interval '1 second' WHERE id = $1`, [id]);
      assert.equal((await flag(network(1)[0] as Who, id)).json().result, 'hidden');
    });
  });
});
