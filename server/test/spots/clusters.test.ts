import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TILE_CLUSTER_MAX_ZOOM, tileRange } from '../../../common/geo.ts';
import { ensureSyntheticSpots } from '../../src/cli/synthetic.sql.ts';
import { aggregateClusters, readGridClusters } from '../../src/spots/clusters.sql.ts';
import { givenModerator, report, signedIn } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

interface Cluster {
  count: number;
  max_severity: number;
  severities: number[];
  lat: number;
  lng: number;
}
interface Clusters {
  cell: number;
  clusters: Cluster[];
}

let t: TestApp;

/** A signed-in admin sending moderator calls. */
async function moderator() {
  const cookie = await signedIn(t, await givenModerator(t, { role: 'admin' }));
  const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload: unknown = {}) =>
    t.inject({
      method,
      url,
      payload: JSON.stringify(payload),
      headers: { cookie, 'content-type': 'application/json' },
    });
  return {
    post: (url: string) => call('POST', url),
    patch: (url: string, body: unknown) => call('PATCH', url, body),
    delete: (url: string) => call('DELETE', url),
  };
}
const total = (c: Clusters) => c.clusters.reduce((n, x) => n + x.count, 0);

async function clusters(query: string): Promise<Clusters> {
  const res = await t.inject({ url: `/api/spots/clusters?${query}` });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

async function addSpot(body: Record<string, unknown>): Promise<number> {
  const res = await t.inject({ method: 'POST', url: '/api/spots', payload: report(body) });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().spot.id;
}

/** The cells the triggers keep must always equal a fresh count of the public spots, at every zoom. */
async function assertGridMatchesSpots() {
  const bbox = { minLng: 29.5, minLat: -1.6, maxLng: 35.1, maxLat: 4.3 };
  for (let z = 0; z <= TILE_CLUSTER_MAX_ZOOM; z++) {
    const key = (c: Cluster) =>
      `${c.count}:${c.max_severity}:${c.severities.join('/')}:${c.lat.toFixed(6)}:${c.lng.toFixed(6)}`;
    const kept = (await readGridClusters(t.db, z, tileRange(bbox, z + 3))).map(key).sort();
    const fresh = (await aggregateClusters(t.db, z, { bbox })).map(key).sort();
    assert.deepEqual(kept, fresh, `cells of zoom-${z} tiles`);
  }
}

describe('GET /api/spots/clusters', () => {
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('counts public spots per cell with the highest severity and the centroid', async () => {
    await addSpot({ title: 'Kampala one', lat: 0.31, lng: 32.58, severity: 2, category: 'robbery' });
    await addSpot({ title: 'Kampala two', lat: 0.33, lng: 32.6, severity: 5, category: 'murder' });
    await addSpot({ title: 'Gulu', lat: 2.77, lng: 32.3, severity: 4, category: 'boda_gang' });
    const country = await clusters('zoom=6');
    // About 48 px at zoom 6: the cells of zoom-5 tiles, 1.4° (64 px) wide.
    assert.equal(country.cell, 360 / 2 ** 8);
    assert.equal(total(country), 3);
    const kampala = country.clusters.find((c) => c.count === 2) as Cluster;
    assert.equal(kampala.max_severity, 5);
    assert.deepEqual(kampala.severities, [0, 1, 0, 0, 1], 'the mix of severities, for the map to draw');
    assert.ok(Math.abs(kampala.lat - 0.32) < 1e-9 && Math.abs(kampala.lng - 32.59) < 1e-9, 'centroid');
    const street = await clusters('zoom=14&bbox=32.55,0.3,32.62,0.35');
    assert.equal(street.cell, 360 / 2 ** 16, 'finer cells when zoomed in: the cells of zoom-13 tiles');
    assert.equal(street.clusters.length, 2);
    assert.equal(total(street), 2);
    await assertGridMatchesSpots();
  });

  it('follows moderation, edits and deletions, but not votes', async () => {
    const id = await addSpot({ title: 'Moving spot', lat: 1.0, lng: 31.0, severity: 3 });
    await assertGridMatchesSpots();
    const before = total(await clusters('zoom=6'));
    const admin = await moderator();
    assert.equal((await admin.post(`/api/mod/spots/${id}/reject`)).statusCode, 200);
    assert.equal(total(await clusters('zoom=6')), before - 1, 'a rejected spot leaves the clusters');
    assert.equal((await admin.post(`/api/mod/spots/${id}/approve`)).statusCode, 200);
    assert.equal(total(await clusters('zoom=6')), before);
    assert.equal(
      (await admin.patch(`/api/mod/spots/${id}`, { lat: 3.5, lng: 33.9, severity: 5 })).statusCode,
      200,
    );
    await assertGridMatchesSpots();
    const vote = await t.inject({
      method: 'POST',
      url: `/api/spots/${id}/vote`,
      payload: { value: -1 },
      headers: { 'user-agent': 'another phone' },
    });
    assert.equal(vote.statusCode, 200);
    await assertGridMatchesSpots();
    assert.equal((await admin.delete(`/api/mod/spots/${id}`)).statusCode, 204);
    assert.equal(total(await clusters('zoom=6')), before - 1);
    await assertGridMatchesSpots();
  });

  it('takes the list filters', async () => {
    const murders = await clusters('zoom=6&category=murder');
    assert.equal(total(murders), 1);
    assert.equal(murders.clusters[0]?.max_severity, 5);
    assert.deepEqual(murders.clusters[0]?.severities, [0, 0, 0, 0, 1]);
    assert.equal(total(await clusters('zoom=6&verified=1')), 0);
  });

  it('never returns more than 500 clusters, even for many spots seen country-wide when zoomed in', async () => {
    // The cell grows with the box so that at most 500 cover it, whatever the count of spots; every
    // public spot is still counted once.
    await ensureSyntheticSpots(t.db, 5_000);
    // Written behind the app's back: its short-lived read cache must not answer for the old spots.
    t.deps.publicCache.invalidate();
    await assertGridMatchesSpots();
    const [row] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM spots WHERE publication = 'approved'`,
    );
    assert.ok((row?.n ?? 0) > 1_000, `${row?.n} public spots`);
    for (const zoom of [6, 9, 12, 16]) {
      const c = await clusters(`zoom=${zoom}`);
      assert.ok(c.clusters.length <= 500, `zoom ${zoom}: ${c.clusters.length} clusters`);
      assert.equal(total(c), row?.n, `zoom ${zoom}`);
    }
  });

  it('keeps coordinates to 7 decimals: reports at a latitude too small to compute with leave the clusters answering', async () => {
    // Stored as sent, 5e-324 beside 0 made the cell's mean latitude underflow in PostgreSQL: a 500
    // for every visitor's clusters (found by the fuzzer).
    const res = await t.inject({
      method: 'POST',
      url: '/api/spots',
      payload: report({ title: 'On the equator, nearly', lat: 5e-324, lng: 30.2 }),
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().spot.lat, 0, 'kept as 0');
    await addSpot({ title: 'On the equator', lat: 0, lng: 30.2 });
    const fine = await t.inject({
      method: 'POST',
      url: '/api/spots',
      payload: report({ title: 'Precise to the nanodegree', lat: 0.123456789, lng: 30.987654321 }),
    });
    assert.deepEqual([fine.json().spot.lat, fine.json().spot.lng], [0.1234568, 30.9876543]);
    const street = await clusters('zoom=14&bbox=30.19,-0.01,30.21,0.01');
    assert.ok(
      street.clusters.some((c) => c.lat === 0 && c.lng === 30.2 && c.count === 2),
      JSON.stringify(street.clusters),
    );
    assert.equal((await t.inject({ url: '/api/spots/clusters?zoom=6' })).statusCode, 200);
    assert.equal((await t.inject({ url: `/api/nearby?lat=0.${'0'.repeat(300)}1&lng=30.2` })).statusCode, 200);
    await assertGridMatchesSpots();
  });

  it('refuses a missing zoom or a bad box', async () => {
    for (const q of ['', 'zoom=x', 'zoom=30', 'zoom=6&bbox=1,2,3']) {
      const res = await t.inject({ url: `/api/spots/clusters?${q}` });
      assert.equal(res.statusCode, 400, q);
      assert.equal(typeof res.json().error, 'string');
    }
  });
});
