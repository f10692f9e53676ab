import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { POLICIES } from '../src/limits/policies.ts';
import { FakeOsrm } from '../test/fakes.ts';
import { type RunningServer, serverOutput } from '../test/processes.ts';
import {
  ATTACKED_ADMIN,
  type Client,
  call,
  dangersThrough,
  device,
  isPublic,
  loopbackNetwork,
  publicSpots,
  report,
  SETUPS,
  setupSkipped,
  signIn,
  startAttackedServer,
  statsTotal,
  voteStuffing,
} from './attacks.ts';

/**
 * The attacks on the community signal, replayed against the real server (as `npm start` runs it)
 * in four set-ups: embedded storage and PostgreSQL + Redis, each with and without a trusted proxy.
 * ABUSE_SERVER_DIR points at another checkout to replay them against other code (the note shows
 * them failing on the code before the defences).
 */
/** One wide network's status changes and flags an hour, as a newcomer (limits/policies.ts). */
const STATUS_CHANGE_BUDGET = POLICIES.status_change_network.limit;
const FLAG_CEILING = POLICIES.flag_network.limit;

const osrm = new FakeOsrm();
let osrmUrl: string;
before(async () => {
  osrmUrl = await osrm.start();
});
after(() => osrm.stop());

/** Figures printed at the end, for the closing note and docs/testing.md. */
const figures: Record<string, unknown> = {};
after(() => console.log(`\nattack figures:\n${JSON.stringify(figures, null, 2)}`));

for (const setup of SETUPS) {
  describe(`attacks on the community signal (${setup.name})`, { skip: setupSkipped(setup) }, () => {
    let server: RunningServer;
    let c: Client;
    const cleanups: Array<() => Promise<unknown> | unknown> = [];
    before(async () => {
      ({ server, c } = await startAttackedServer(setup, osrmUrl, cleanups));
    });
    after(async () => {
      const fellBack = serverOutput(server.proc).match(/.*counting in memory.*/g);
      if (fellBack) console.log(`counter fallbacks (${setup.name}): ${fellBack.length}\n${fellBack[0]}`);
      for (const clean of cleanups.reverse()) await clean();
    });

    it('made-up If-None-Match tags buy no more open-data downloads, while the real one still gets 304s', async () => {
      const scraper = { ip: '41.210.171.4', ua: 'Scraper/1' };
      const statuses: number[] = [];
      let etag = '';
      for (let i = 0; i < 15; i++) {
        const res = await call(c, scraper, 'GET', '/api/spots.geojson', undefined, {
          'if-none-match': `"made-up-${i}"`,
        });
        statuses.push(res.status);
        etag = res.headers.get('etag') ?? etag;
      }
      assert.deepEqual(
        statuses,
        [...Array(POLICIES.export.limit).fill(200), ...Array(15 - POLICIES.export.limit).fill(429)],
        'each made-up tag pays a download',
      );
      const revalidated = await call(c, scraper, 'GET', '/api/spots.geojson', undefined, {
        'if-none-match': etag,
      });
      assert.equal(revalidated.status, 304, 'the real tag revalidates past the download limit');
    });

    it('re-reading one cached spot, answered before Fastify from memory, is held to the read limit all the same', async () => {
      const id = (await publicSpots(c))[0]?.id;
      const rereader = { ip: '41.210.171.30', ua: 'Rereader/1' };
      const statuses: number[] = [];
      const remaining: number[] = [];
      for (let i = 0; i < POLICIES.read.limit + 5; i++) {
        const res = await call(c, rereader, 'GET', `/api/spots/${id}`);
        statuses.push(res.status);
        remaining.push(Number(res.headers.get('ratelimit-remaining')));
      }
      assert.deepEqual(
        statuses,
        [...Array(POLICIES.read.limit).fill(200), ...Array(5).fill(429)],
        'the visitor read limit holds for answers sent from memory',
      );
      assert.deepEqual(
        remaining.slice(0, 5),
        [0, 1, 2, 3, 4].map((n) => POLICIES.read.limit - 1 - n),
        'every answer counted once',
      );
    });

    it('a moderator sees a burst by network and undoes it in one action', async () => {
      const total = await statsTotal(c);
      const made = await call(
        c,
        { ip: '41.210.170.1', ua: 'Reporter' },
        'POST',
        '/api/spots',
        report({ title: 'Burst target' }),
      );
      const id = (made.json.spot as { id: number }).id;
      for (let i = 0; i < 5; i++) {
        const res = await call(c, { ip: '41.210.170.9', ua: `Burst/${i}` }, 'POST', `/api/spots/${id}/vote`, {
          value: -1,
        });
        assert.equal(res.status, 200);
      }
      const moderator = await signIn(c, ATTACKED_ADMIN.username, ATTACKED_ADMIN.password);
      const queue = (await call(c, moderator, 'GET', '/api/mod/spots?state=bursts')).json.spots as Array<{
        id: number;
        burst: boolean;
      }>;
      assert.equal(queue.find((s) => s.id === id)?.burst, true, 'marked in the queue');
      const nets = (await call(c, moderator, 'GET', `/api/mod/spots/${id}/networks`)).json.networks as Array<{
        key: string;
        label: string;
        down: number;
        agents: number;
        burst: boolean;
      }>;
      const burst = nets.find((n) => n.down === 5);
      assert.ok(burst?.burst, 'the five votes are one network, marked as a burst');
      assert.equal(burst.agents, setup.proxy ? 5 : 6);
      const res = await call(c, moderator, 'POST', `/api/mod/spots/${id}/void`, {
        network: burst.key,
        what: 'votes',
      });
      assert.equal(res.status, 200);
      const spot = res.json.spot as { denials: number; status: string };
      assert.deepEqual([spot.denials, spot.status], [0, 'unverified']);
      figures[`burst undone (${setup.name})`] = { shown: burst.label, voided: res.json.voided };
      assert.ok((await statsTotal(c)) > total, 'the reverted spots count again');
    });

    it('vote stuffing from one address changes at most the budgeted statuses and never buries a verified or sourced spot', async () => {
      const seeded = (await publicSpots(c)).filter((s) => s.seeded);
      assert.ok(seeded.length >= 20, 'the sourced seed is loaded');
      const target = seeded[0] as (typeof seeded)[number];
      assert.ok((await dangersThrough(c, target)).includes(target.id), 'a danger before the attack');
      const f = await voteStuffing(c, '41.210.143.25');
      // Then confirming 40 new spots from the same address (two more votes confirm each): past the
      // network's status changes of the hour, the rest are refused.
      for (let i = 0; i < 40; i++) {
        const made = await call(
          c,
          { ip: setup.proxy ? `41.211.${i}.9` : loopbackNetwork(3100 + i), ua: 'Reporter' },
          'POST',
          '/api/spots',
          report({ title: `Stuffed ${i}` }),
        );
        assert.equal(made.status, 201, JSON.stringify(made.json));
        const id = (made.json.spot as { id: number }).id;
        for (let k = 0; k < 2; k++) {
          const res = await call(
            c,
            { ip: '41.210.143.25', ua: `Stuffer ${i}-${k}` },
            'POST',
            `/api/spots/${id}/vote`,
            { value: 1 },
          );
          f.requests++;
          if (res.status === 429) f.refused++;
          else if ((res.json.spot as { status: string }).status === 'confirmed') f.statusChanges++;
        }
      }
      figures[`stuffing (${setup.name})`] = f;
      assert.ok(f.statusChanges <= STATUS_CHANGE_BUDGET, `${f.statusChanges} status changes in an hour`);
      assert.ok(f.refused > 0, 'the budget refused the rest');
      assert.ok(
        f.statsAfter >= f.statsBefore,
        `statistics kept every seeded spot (${f.statsBefore} → ${f.statsAfter})`,
      );
      const after = await publicSpots(c);
      for (const s of seeded)
        assert.ok(
          after.some((a) => a.id === s.id),
          `seeded spot ${s.id} still on the map`,
        );
      assert.ok((await dangersThrough(c, target)).includes(target.id), 'still a route danger');
    });

    it('two phones behind one address with one user agent keep their own votes and limits', async () => {
      const ua =
        'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
      const a = await device(c, { ip: '41.210.150.7', ua });
      const b = await device(c, { ip: '41.210.150.7', ua });
      assert.ok(a.cookie && b.cookie && a.cookie !== b.cookie, 'each phone got its own credential');
      const made = await call(c, a, 'POST', '/api/spots', report({ title: 'Phone A spot' }));
      assert.equal(made.status, 201);
      const id = (made.json.spot as { id: number }).id;
      const voteB = await call(c, b, 'POST', `/api/spots/${id}/vote`, { value: 1 });
      assert.equal(voteB.status, 200, 'B is not A: no 409');
      const meA = (await call(c, a, 'GET', '/api/me')).json.votes;
      const meB = (await call(c, b, 'GET', '/api/me')).json.votes;
      assert.deepEqual(meA, { [id]: 1 });
      assert.deepEqual(meB, { [id]: 1 });
      for (let i = 0; i < 4; i++)
        assert.equal((await call(c, a, 'POST', '/api/spots', report())).status, 201);
      assert.equal((await call(c, a, 'POST', '/api/spots', report())).status, 429, "A's sixth report");
      assert.equal((await call(c, b, 'POST', '/api/spots', report())).status, 201, 'B still reports');
    });

    it('a flood of flags from one network is capped and never hides a spot', async () => {
      const spots = (await publicSpots(c)).filter((s) => !s.moderator_verified).slice(0, 10);
      const started = performance.now();
      let accepted = 0;
      let sent = 0;
      for (let i = 0; i < FLAG_CEILING + 40; i++) {
        const spot = spots[i % spots.length] as (typeof spots)[number];
        // One address, or one IPv6 /56 behind the proxy, rotating user agents.
        const ip = setup.proxy ? `2001:db8:77:${(i % 256).toString(16)}::1` : undefined;
        const res = await call(c, { ip, ua: `Flagger/${i}` }, 'POST', `/api/spots/${spot.id}/flag`, {
          reason: 'inaccurate',
        });
        sent++;
        if (res.status === 200) accepted++;
      }
      figures[`flag flood (${setup.name})`] = {
        sent,
        accepted,
        seconds: (performance.now() - started) / 1000,
      };
      assert.ok(accepted <= FLAG_CEILING, `${accepted} flags accepted from one network in an hour`);
      assert.ok(sent - accepted >= 40, 'the rest refused');
      for (const s of spots) assert.ok(await isPublic(c, s.id), `spot ${s.id} is still on the map`);
    });

    // Distinct networks need a trusted proxy (without one every request here comes from 127.0.0.1).
    if (setup.proxy)
      it('flags from one /56 never hide a spot, and networks whose flags were dismissed do not hide it again', async () => {
        const made = await call(
          c,
          { ip: '41.210.160.1', ua: 'Reporter' },
          'POST',
          '/api/spots',
          report({ title: 'Flag target' }),
        );
        const id = (made.json.spot as { id: number }).id;
        for (const sub of ['2001:db8:5:101::1', '2001:db8:5:102::1', '2001:db8:5:1ff::1']) {
          await call(c, { ip: sub, ua: 'Flagger' }, 'POST', `/api/spots/${id}/flag`, {});
        }
        assert.ok(await isPublic(c, id), 'three /64s of one /56 are one network');
        const nets = ['2001:db8:6::1', '2001:db8:7::1', '2001:db8:8::1'];
        for (const ip of nets) await call(c, { ip, ua: 'Flagger' }, 'POST', `/api/spots/${id}/flag`, {});
        assert.equal(await isPublic(c, id), false, 'three networks hide it until reviewed');
        const moderator = await signIn(c, ATTACKED_ADMIN.username, ATTACKED_ADMIN.password);
        const dismissed = await call(c, moderator, 'POST', `/api/mod/spots/${id}/dismiss-flags`, {});
        assert.equal(dismissed.status, 200);
        assert.ok(await isPublic(c, id), `spot ${id} is back on the map`);
        for (const ip of nets) {
          const res = await call(c, { ip, ua: 'Flagger again' }, 'POST', `/api/spots/${id}/flag`, {});
          assert.equal(res.status, 200);
        }
        assert.ok(await isPublic(c, id), 'the dismissed networks do not hide it again');
      });
  });
}
