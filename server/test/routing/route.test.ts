import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { COMPACT_DANGERS } from '../../../common/api.ts';
import { givenSpot, type SpotState } from '../factories.ts';
import { FakeOsrm } from '../fakes.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

/**
 * A 5.6 km east-west trip. The fake router offers the straight road and a road that bends 1.5 km
 * south. Spot A (severity 5) lies on the straight road, spot B (severity 4) on the first leg of the
 * bend, so every offered route passes a severe spot.
 */
const FROM = { lat: 0.3, lng: 32.55 };
const TO = { lat: 0.3, lng: 32.6 };
const osrm = new FakeOsrm();
let t: TestApp;
const ids: Record<string, number> = {};

describe('routing/route', () => {
  before(async () => {
    const url = await osrm.start();
    t = await startTestApp({
      env: { OSRM_URL: url, OSRM_PROFILES: 'driving:car,walking:foot,cycling:bike' },
      // A hanging router is given up on after 1.5 s, not the 8 s of the deployed client.
      upstreamTimeoutMs: 1500,
    });
    const add = async (name: string, body: Record<string, unknown>, state: SpotState = {}) => {
      ids[name] = await givenSpot(t, { ...state, fields: { title: name, ...body } });
    };
    await add('Spot A', { lat: 0.3, lng: 32.575, severity: 5, time_of_day: 'night' });
    await add('Spot B', { lat: 0.29325, lng: 32.56925, severity: 4, time_of_day: 'any' });
    await add('Near start', { lat: 0.3008, lng: 32.56, severity: 2, time_of_day: 'day' }); // ~90 m off
    await add('Too far', { lat: 0.3025, lng: 32.585, severity: 5 }); // ~280 m off the straight road
    await add('Disputed', { lat: 0.3, lng: 32.59, severity: 5 }, { denials: 5 });
    await add('Pending', { lat: 0.3, lng: 32.58, severity: 5 }, { publication: 'pending' });
  });
  after(async () => {
    await t.close();
    await osrm.stop();
  });

  const qs = (extra = '') => `from=${FROM.lat},${FROM.lng}&to=${TO.lat},${TO.lng}${extra}`;
  const route = (query: string) => t.inject({ method: 'GET', url: `/api/route?${query}` });
  type Route = {
    distance: number;
    duration: number;
    risk: number;
    weighted_risk: number;
    detour: boolean;
    summary: string;
    line: Array<{ lat: number; lng: number }>;
    dangers: Array<{
      spot: { id: number; title: string; severity: number; confidence: number };
      distance: number;
      along: number;
    }>;
  };
  const titles = (r: Route) => r.dangers.map((d) => d.spot.title);

  describe('GET /api/route', () => {
    it('lists routes safest first, each with the dangers along it in travel order', async () => {
      osrm.reset();
      const res = await route(qs());
      assert.equal(res.statusCode, 200, res.body);
      // The check's server time and the part of it spent waiting for a turn, for developer tools.
      assert.match(String(res.headers['server-timing']), /^check;dur=\d+\.\d, queue;dur=\d+\.\d$/);
      const { routes, bufferMeters } = res.json() as { routes: Route[]; bufferMeters: number };
      assert.equal(bufferMeters, 150);
      assert.equal(routes.length, 2);
      const [bend, straight] = routes as [Route, Route];
      assert.equal(bend.summary, 'Bend Road');
      assert.deepEqual(titles(bend), ['Spot B']);
      assert.equal(bend.risk, 4);
      assert.equal(straight.summary, 'Straight Road');
      assert.deepEqual(titles(straight), ['Near start', 'Spot A']);
      assert.equal(straight.risk, 2 + 5);
      for (const r of routes) {
        assert.equal(r.detour, false);
        assert.ok(r.distance > 5000 && r.duration > 0, `${r.distance} m in ${r.duration} s`);
        assert.deepEqual(r.line[0], FROM);
        const along = r.dangers.map((d) => d.along);
        assert.deepEqual(
          along,
          [...along].sort((x, y) => x - y),
          'in travel order',
        );
        assert.deepEqual(
          r.dangers.filter((d) => d.distance > 150),
          [],
          'every danger within 150 m of the line',
        );
      }
      const a = straight.dangers.find((d) => d.spot.title === 'Spot A');
      assert.ok(a && Math.abs(a.along - 2780) < 60, `Spot A is about 2.78 km along, got ${a?.along}`);
      assert.ok(a && a.distance < 5, 'a && a.distance < 5');
      const call = osrm.calls[0] as URL;
      assert.match(call.pathname, /^\/route\/v1\/car\/32\.550000,0\.300000;32\.600000,0\.300000$/);
      assert.equal(call.searchParams.get('alternatives'), 'true');
      assert.equal(call.searchParams.get('geometries'), 'geojson');
    });

    it('weighs each danger by its confidence, and orders by weighted risk when asked (order=weighted)', async () => {
      // Spot B (on the bend) as sure as a verified spot; the straight road's two are one newcomer's
      // report each.
      await t.db.query('UPDATE spots SET confidence = 9 WHERE id = $1', [ids['Spot B']]);
      try {
        const byRisk = (await route(qs('&order=risk'))).json().routes as Route[];
        const weighted = await route(qs('&order=weighted'));
        assert.equal(weighted.statusCode, 200, weighted.body);
        const byWeight = weighted.json().routes as Route[];
        for (const r of [...byRisk, ...byWeight]) {
          const sum = r.dangers.reduce((s, d) => s + d.spot.severity * d.spot.confidence, 0);
          assert.equal(r.weighted_risk, Math.round(sum) / 10, `${r.summary}: severity × confidence / 10`);
        }
        // The seed's order stays the default: lowest risk (4 on the bend against 7) first.
        assert.deepEqual(
          byRisk.map((r) => [r.summary, r.risk, r.weighted_risk]),
          [
            ['Bend Road', 4, 3.6],
            ['Straight Road', 7, 2.3],
          ],
        );
        // Weighted: two unconfirmed reports weigh less than one spot the map is sure of.
        assert.deepEqual(
          byWeight.map((r) => r.summary),
          ['Straight Road', 'Bend Road'],
        );
        assert.equal((await route(qs('&order=safest'))).statusCode, 400);
      } finally {
        await t.db.query('UPDATE spots SET confidence = 3.3 WHERE id = $1', [ids['Spot B']]);
      }
    });

    it('with detail=compact lists the first dangers in brief and counts them all', async () => {
      const full = (await route(qs())).json().routes as Route[];
      const res = await route(qs('&detail=compact&cachebust=1'));
      assert.equal(res.statusCode, 200);
      const compact = res.json().routes as Array<
        Omit<Route, 'dangers'> & {
          dangers: Array<Record<string, unknown>>;
          danger_count: number;
        }
      >;
      assert.equal(compact.length, full.length);
      compact.forEach((c, i) => {
        const f = full[i] as Route;
        assert.deepEqual([c.risk, c.summary, c.line.length], [f.risk, f.summary, f.line.length]);
        assert.equal(c.danger_count, f.dangers.length);
        assert.deepEqual(
          c.dangers,
          f.dangers.map((d) => ({
            id: d.spot.id,
            title: d.spot.title,
            severity: d.spot.severity,
            confidence: d.spot.confidence,
            lat: (d.spot as unknown as { lat: number }).lat,
            lng: (d.spot as unknown as { lng: number }).lng,
            distance: d.distance,
            along: d.along,
          })),
        );
      });
      assert.equal((await route(qs('&detail=everything'))).statusCode, 400);
    });

    it('a compact route lists as many dangers as the page shows, and counts them all', async () => {
      // 120 spots along a road of their own, 40 m apart, north of the others.
      await t.db.query(
        `INSERT INTO spots (title, lat, lng, category, severity, time_of_day)
       SELECT 'Row ' || g, 0.5, 32.55 + g * 0.00036, 'other', 1 + g % 5, 'any' FROM generate_series(1, 120) g`,
      );
      const res = await route('from=0.5,32.55&to=0.5,32.6&detail=compact');
      const straight = (
        res.json().routes as Array<{
          summary: string;
          dangers: Array<{ title: string }>;
          danger_count: number;
          risk: number;
        }>
      ).find((r) => r.summary === 'Straight Road');
      assert.equal(straight?.danger_count, 120);
      assert.equal(straight?.dangers.length, COMPACT_DANGERS);
      assert.deepEqual(
        straight?.dangers.slice(0, 2).map((d) => d.title),
        ['Row 1', 'Row 2'],
        'in travel order',
      );
      const full = (await route('from=0.5,32.55&to=0.5,32.6')).json().routes as Route[];
      const fullStraight = full.find((r) => r.summary === 'Straight Road') as Route;
      assert.equal(fullStraight.dangers.length, 120);
      assert.equal(straight?.risk, fullStraight.risk);
    });

    it('leaves out spots dangerous only at the other time of day', async () => {
      const day = (await route(qs('&at=day'))).json().routes as Route[];
      assert.deepEqual(titles(day.find((r) => r.summary === 'Straight Road') as Route), ['Near start']);
      // 21:00 in Kampala (UTC+3) is night.
      const night = (await route(qs('&at=2026-11-22T18:00:00Z'))).json().routes as Route[];
      assert.deepEqual(titles(night.find((r) => r.summary === 'Straight Road') as Route), ['Spot A']);
    });

    it('uses the profile configured for the travel mode', async () => {
      osrm.reset();
      await route(qs('&mode=walking'));
      assert.match((osrm.calls[0] as URL).pathname, /^\/route\/v1\/foot\//);
    });

    it('with avoid=1 adds a detour around the severe spots that lowers the risk within the time budget', async () => {
      const res = await route(qs('&avoid=1'));
      assert.equal(res.statusCode, 200);
      const routes = res.json().routes as Route[];
      const [best] = routes as [Route];
      assert.equal(best.detour, true);
      assert.equal(best.risk, 0);
      assert.deepEqual(best.dangers, []);
      const fastest = Math.min(...routes.map((r) => r.duration));
      assert.ok(best.duration <= 1.5 * fastest, `${best.duration} s against the fastest ${fastest} s`);
      assert.deepEqual(
        routes.map((r) => r.risk),
        [...routes.map((r) => r.risk)].sort((x, y) => x - y),
      );
      // Without avoid there is no detour.
      assert.deepEqual(
        new Set(((await route(qs())).json().routes as Route[]).map((r) => r.detour)),
        new Set([false]),
      );
    });

    it('refuses a check with 503 before any other work while every place to score one is taken', async () => {
      osrm.reset();
      let release: () => void = () => {};
      // Detours are routed while a check holds its place: held, two checks wait in scoring, eight queue.
      osrm.holdVias = new Promise<void>((r) => {
        release = r;
      });
      // From ten networks (one network may have only three checks in scoring or waiting), on a trip
      // 11 m off the usual one, so no earlier test's routes are in the cache.
      const trip = 'from=0.3,32.5501&to=0.3,32.5999&avoid=1';
      const waiting = Array.from({ length: 10 }, (_, i) =>
        t.inject({ method: 'GET', url: `/api/route?${trip}`, remoteAddress: `10.0.${i}.1` }),
      );
      const deadline = performance.now() + 10_000;
      while (!t.deps.routePlanner.refusalWhenFull() && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      // Refused before its query is even read: a malformed one gets the same 503, not a 400.
      for (const query of [qs(), 'from=nowhere']) {
        const res = await route(query);
        assert.equal(res.statusCode, 503, res.body);
        assert.equal(res.headers['retry-after'], '5');
        assert.match(res.json().error, /Many routes are being checked/);
      }
      release();
      osrm.holdVias = undefined;
      assert.deepEqual(
        (await Promise.all(waiting)).map((r) => r.statusCode),
        Array(10).fill(200),
      );
      assert.equal(t.deps.routePlanner.refusalWhenFull(), undefined);
      assert.equal((await route(qs())).statusCode, 200);
    });

    it('holds the /56s of one /48 to half the places, so another network still finds one', async () => {
      osrm.reset();
      let release: () => void = () => {};
      osrm.holdVias = new Promise<void>((r) => {
        release = r;
      });
      const trip = 'from=0.3,32.5502&to=0.3,32.5998&avoid=1';
      const crowd = Array.from({ length: 10 }, (_, i) =>
        t.inject({
          method: 'GET',
          url: `/api/route?${trip}`,
          remoteAddress: `2c0f:f4c0:1100:${(i + 1).toString(16)}00::1`,
        }),
      );
      const deadline = performance.now() + 10_000;
      const settled: number[] = [];
      for (const c of crowd) c.then((r) => settled.push(r.statusCode));
      // The five refused answer at once; the five let in wait behind the held detours.
      while (settled.length < 5 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      assert.deepEqual(settled, Array(5).fill(429));
      const other = t.inject({ method: 'GET', url: `/api/route?${trip}`, remoteAddress: '102.85.3.9' });
      release();
      osrm.holdVias = undefined;
      const statuses = (await Promise.all(crowd)).map((r) => r.statusCode).sort();
      assert.deepEqual(statuses, [...Array(5).fill(200), ...Array(5).fill(429)]);
      assert.equal((await other).statusCode, 200);
    });

    it('reads points written with a sign or in exponent notation, as clients of the spec send them', async () => {
      const plain = await route(qs());
      const written = await route(`from=3e-1,+3.255E1&to=.3,32.60`);
      assert.equal(written.statusCode, 200, written.body);
      assert.deepEqual(written.json(), plain.json());
    });

    it('answers identical requests from a short cache', async () => {
      osrm.reset();
      const first = await route('from=0.31,32.55&to=0.31,32.6');
      const second = await route('from=0.31,32.55&to=0.31,32.6');
      const together = await Promise.all([
        route('from=0.32,32.55&to=0.32,32.6'),
        route('from=0.32,32.55&to=0.32,32.6'),
      ]);
      for (const res of [first, second, ...together]) assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(second.json(), first.json());
      assert.deepEqual(together[1].json(), together[0].json());
      assert.equal(first.json().routes.length, 2, 'the straight road and the bend');
      assert.equal(osrm.calls.length, 2);
    });

    for (const [name, query] of [
      ['no to', 'from=0.3,32.55'],
      ['no from', 'to=0.3,32.55'],
      ['malformed point', 'from=0.3;32.55&to=0.3,32.6'],
      ['a point in Kenya', 'from=0.3,32.55&to=-1.29,36.82'],
      ['an unknown mode', `${qs()}&mode=flying`],
      ['a bad time', `${qs()}&at=teatime`],
    ]) {
      it(`answers 400 for ${name}`, async () => {
        const res = await route(query as string);
        assert.equal(res.statusCode, 400);
        assert.equal(typeof res.json().error, 'string');
      });
    }

    it('answers 404 when the service finds no route', async () => {
      osrm.noRoute = true;
      const res = await route('from=0.4,32.5&to=0.4,32.6');
      osrm.noRoute = false;
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { error: 'No route found' });
    });

    for (const [i, mode] of (['down', 'garbage', 'error', 'hang'] as const).entries()) {
      it(`answers 502 when the routing service is ${mode}`, async () => {
        osrm.reset();
        osrm.mode = mode;
        const trip = `from=0.5${i},32.5&to=0.5${i},32.6&mode=cycling`;
        // A hanging service is answered by the client's own timeout: without it this never ends.
        const res = await route(trip);
        osrm.mode = 'ok';
        assert.equal(res.statusCode, 502);
        assert.match(res.json().error, /routing service is unavailable/);
        // A failure is not cached: the next request reaches the service.
        assert.equal((await route(trip)).statusCode, 200);
      });
    }

    // Last in this file: it leaves the routing service's circuit open.
    it('stops asking a routing service that failed five times in a row, and answers 502 at once', async () => {
      osrm.reset();
      osrm.mode = 'down';
      for (let i = 0; i < 5; i++)
        assert.equal((await route(`from=0.6${i},32.5&to=0.6${i},32.6`)).statusCode, 502);
      assert.equal(osrm.calls.length, 5);
      // Were it asked, the service would now hang until the client's timeout and count the call.
      osrm.mode = 'hang';
      const res = await route('from=0.7,32.5&to=0.7,32.6');
      osrm.mode = 'ok';
      assert.equal(res.statusCode, 502);
      assert.match(res.json().error, /routing service is unavailable/);
      assert.equal(osrm.calls.length, 5, 'the failing service was not asked again');
    });
  });
});
