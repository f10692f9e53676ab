import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { tileOf } from '../../../common/geo.ts';
import { publicDataChanged } from '../../src/deps.ts';
import { archiveAgedSpots } from '../../src/spots/index.ts';
import { moderatorSession, report } from '../factories.ts';
import { FakeOsrm } from '../fakes.ts';
import { startTestApp, type TestApp, TestClock } from '../test-app.ts';

/**
 * Ageing out (docs/api.md, "Confidence and time"): the clock moves 13 months; a spot nobody
 * confirmed leaves the map, tiles, routes and statistics, stays by its link and in open data as
 * archived, and a confirmation or a moderator brings it back.
 */
const ADMIN = { username: 'Amina', password: 'a long archive test password' };
const MONTH_MS = 30.5 * 86_400_000;
const FROM = { lat: 0.3, lng: 32.55 };
const TO = { lat: 0.3, lng: 32.6 };
/** On the fake router's straight road. */
const ON_ROAD = { lat: 0.3, lng: 32.575 };
const osrm = new FakeOsrm();
const clock = new TestClock();
let t: TestApp;

type Spot = { id: number; archived: boolean; confidence: number };

const get = (url: string) => t.inject({ method: 'GET', url });
const listed = async (query = '') =>
  ((await get(`/api/spots?limit=500${query}`)).json().spots as Spot[]).map((s) => s.id);
const tileIds = async (p: { lat: number; lng: number }) => {
  const { x, y } = tileOf(p.lat, p.lng, 16);
  const tile = (await get(`/api/spots/tiles/16/${x}/${y}.json`)).json() as { spots: { id: number }[] };
  return tile.spots.map((s) => s.id);
};
const routeDangers = async () => {
  const res = await get(`/api/route?from=${FROM.lat},${FROM.lng}&to=${TO.lat},${TO.lng}`);
  assert.equal(res.statusCode, 200, res.body);
  const routes = res.json().routes as { dangers: { spot: { id: number } }[] }[];
  return new Set(routes.flatMap((r) => r.dangers.map((d) => d.spot.id)));
};
/** The spots the page's "what is here" and nearby answers name at the road's spot. */
const nearbyIds = async () =>
  ((await get(`/api/nearby?lat=${ON_ROAD.lat}&lng=${ON_ROAD.lng}`)).json().spots as { id: number }[]).map(
    (s) => s.id,
  );
const total = async () => (await get('/api/stats')).json().totals.total as number;

/** A moderator's call, signed in again as the clock moves past sessions' end. */
const moderator = moderatorSession(() => t, clock, ADMIN);
const as = async (opts: InjectOptions) =>
  t.inject({
    ...opts,
    headers: {
      ...(opts.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      cookie: await moderator(),
    },
    payload: opts.method === 'GET' ? undefined : '{}',
  });

/** What the hourly ageing does (spots/confidence.ts), then the caches told, as it tells them. */
async function age(months: number) {
  clock.advance(months * MONTH_MS);
  const archived = await archiveAgedSpots(t.db, clock.now());
  publicDataChanged(t.deps);
  return archived;
}

describe('spots/archive: ageing out', () => {
  const ids: Record<string, number> = {};
  before(async () => {
    t = await startTestApp({
      clock,
      env: {
        SEED: '0',
        OSRM_URL: await osrm.start(),
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
    const add = async (name: string, body: Record<string, unknown>) => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/spots',
        payload: report({ title: name, ...body }),
      });
      assert.equal(res.statusCode, 201, res.body);
      ids[name] = res.json().spot.id;
    };
    await add('Severe on the road', { ...ON_ROAD, severity: 5 });
    await add('Mild nearby', { lat: 0.3005, lng: 32.576, severity: 2 });
    await add('Verified later', { lat: 0.301, lng: 32.577, severity: 5 });
    await add('By hand', { lat: 0.3015, lng: 32.578, severity: 4 });
  });
  after(async () => {
    await t.close();
    await osrm.stop();
  });

  it('keeps every spot while it is recent', async () => {
    assert.equal(await age(0), 0);
    const onMap = await listed();
    for (const id of Object.values(ids)) assert.ok(onMap.includes(id), `spot ${id} on the map`);
    assert.ok((await routeDangers()).has(ids['Severe on the road'] as number), 'a route danger');
    assert.ok((await nearbyIds()).includes(ids['Severe on the road'] as number), 'in the nearby answers');
    assert.ok((await tileIds(ON_ROAD)).includes(ids['Severe on the road'] as number), 'on its tile');
  });

  it('archives a spot of severity 1–3 after 6 months without a word, a severe one after 12', async () => {
    const totalBefore = await total();
    // 7 months on: the mild spot goes, the severe ones stay; a moderator verifies one of them.
    assert.equal(await age(7), 1);
    const after7 = await listed();
    assert.ok(!after7.includes(ids['Mild nearby'] as number), 'the mild spot is archived after 7 months');
    assert.ok(after7.includes(ids['Severe on the road'] as number), 'the severe spot stays until 12 months');
    assert.equal(await total(), totalBefore - 1, 'statistics count it no more');
    const verified = await as({
      method: 'POST',
      url: `/api/mod/spots/${ids['Verified later']}/verify`,
    });
    assert.equal(verified.statusCode, 200, verified.body);

    // 13 months after the reports: the severe spots nobody confirmed go; the verified one stays.
    assert.equal(await age(6), 2);
    const after13 = await listed();
    assert.ok(!after13.includes(ids['Severe on the road'] as number), 'off the list');
    assert.ok(after13.includes(ids['Verified later'] as number), 'a moderator kept it 6 months ago');
    assert.ok(!(await tileIds(ON_ROAD)).includes(ids['Severe on the road'] as number), 'off the tiles');
    assert.ok(!(await routeDangers()).has(ids['Severe on the road'] as number), 'off the route dangers');
    assert.ok(!(await nearbyIds()).includes(ids['Severe on the road'] as number), 'off the nearby answers');
    assert.equal(await total(), totalBefore - 3);
  });

  it('opens archived spots by their link, lists them when asked, and keeps them in open data', async () => {
    const id = ids['Severe on the road'] as number;
    const detail = await get(`/api/spots/${id}`);
    assert.equal(detail.statusCode, 200, detail.body);
    assert.equal(detail.json().spot.archived, true);
    assert.ok((await listed('&archived=1')).includes(id), 'listed with archived=1');
    assert.equal((await get('/api/spots?archived=2')).statusCode, 400);
    const geojson = (await get('/api/spots.geojson')).json() as {
      features: { id: number; properties: { archived: boolean } }[];
    };
    const feature = geojson.features.find((f) => f.id === id);
    assert.equal(feature?.properties.archived, true, 'in open data, archived');
    const onMap = geojson.features.find((f) => f.id === ids['Verified later']);
    assert.equal(onMap?.properties.archived, false);
  });

  it('brings a spot back with one confirmation', async () => {
    const id = ids['Severe on the road'] as number;
    const vote = await t.inject({
      method: 'POST',
      url: `/api/spots/${id}/vote`,
      payload: { value: 1 },
      remoteAddress: '203.0.113.77',
    });
    assert.equal(vote.statusCode, 200, vote.body);
    assert.equal(vote.json().spot.archived, false);
    publicDataChanged(t.deps);
    assert.ok((await listed()).includes(id), 'back on the list');
    assert.ok((await tileIds(ON_ROAD)).includes(id), 'back on the tiles');
    assert.ok((await routeDangers()).has(id), 'a route danger again');
    assert.ok((await nearbyIds()).includes(id), 'in the nearby answers again');
    // The confirmation is its last word now: the next ageing leaves it.
    assert.equal(await age(0), 0);
  });

  it('lets a moderator restore and archive by hand, logged and counted', async () => {
    // Aged out with the others, 13 months after its report.
    const id = ids['By hand'] as number;
    const mod = (action: string) => as({ method: 'POST', url: `/api/mod/spots/${id}/${action}` });
    const restored = await mod('restore');
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal(restored.json().spot.publication, 'approved');
    assert.equal((await mod('restore')).statusCode, 409, 'only an archived spot is restored');
    publicDataChanged(t.deps);
    assert.ok((await listed()).includes(id), 'restored to the list');
    // A moderator kept it: it ages from now, not from its report 13 months ago.
    assert.equal(await age(0), 0);

    const archived = await mod('archive');
    assert.equal(archived.statusCode, 200, archived.body);
    assert.equal(archived.json().spot.publication, 'archived');
    assert.equal((await mod('archive')).statusCode, 409, 'only a spot on the map is archived');
    publicDataChanged(t.deps);
    assert.ok(!(await listed()).includes(id), 'archived off the list');
    const queue = (await as({ method: 'GET', url: '/api/mod/spots?state=archived' })).json();
    assert.deepEqual((queue.spots as Spot[]).map((s) => s.id).sort(), [ids['Mild nearby'], id].sort());
    assert.equal(queue.counts.archived, 2);
    const log = (await as({ method: 'GET', url: '/api/mod/log' })).json().entries as {
      action: string;
      spot_id: number;
    }[];
    assert.deepEqual(
      log.filter((e) => e.spot_id === id).map((e) => e.action),
      ['archive', 'restore'],
    );
  });
});
