import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { VectorTile, type VectorTileLayer } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { TILE_CLUSTER_MAX_ZOOM, tileBounds, tileKeyRange, tileOf } from '../../../common/geo.ts';
import { readTile } from '../../src/spots/tiles.service.ts';
import { readTileMarkers, readTileMarkersJson } from '../../src/spots/tiles.sql.ts';
import { report } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

/** Spots in a small part of Kampala, and one in Gulu, far from them. */
const KAMPALA = { lat: 0.3136, lng: 32.5811 };
const GULU = { lat: 2.7724, lng: 32.2881 };

let t: TestApp;
const ids: number[] = [];

const tileUrl = (z: number, p: { lat: number; lng: number }, query = '') => {
  const { x, y } = tileOf(p.lat, p.lng, z);
  return `/api/spots/tiles/${z}/${x}/${y}.json${query}`;
};
const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });
const countOf = (tile: { clusters: { count: number }[] }) => tile.clusters.reduce((n, c) => n + c.count, 0);

describe('spots/tiles', () => {
  before(async () => {
    t = await startTestApp({ env: { SEED: '0' } });
    const add = async (body: Record<string, unknown>) => {
      const res = await t.inject({ method: 'POST', url: '/api/spots', payload: report(body) });
      assert.equal(res.statusCode, 201, res.body);
      ids.push(res.json().spot.id);
    };
    await add({ ...KAMPALA, severity: 5, category: 'robbery' });
    await add({ lat: KAMPALA.lat + 0.001, lng: KAMPALA.lng, severity: 2, category: 'boda_gang' });
    await add({ lat: KAMPALA.lat, lng: KAMPALA.lng + 0.002, severity: 3, category: 'robbery' });
    await add({ ...GULU, severity: 4, category: 'stabbing' });
  });
  after(() => t.close());

  describe('GET /api/spots/tiles/{z}/{x}/{y}.json', () => {
    it('at every cluster zoom counts each public spot in exactly one tile, severities included', async () => {
      for (let z = 0; z <= TILE_CLUSTER_MAX_ZOOM; z++) {
        const kampala = (await get(tileUrl(z, KAMPALA))).json();
        const gulu = (await get(tileUrl(z, GULU))).json();
        const same = tileUrl(z, KAMPALA) === tileUrl(z, GULU);
        assert.equal(countOf(kampala), same ? 4 : 3, `zoom ${z}`);
        if (!same) assert.equal(countOf(gulu), 1, `zoom ${z}`);
        assert.deepEqual(kampala.spots, []);
      }
      const city = (await get(tileUrl(10, KAMPALA))).json();
      const severities = city.clusters.reduce(
        (sum: number[], c: { severities: number[] }) => sum.map((n, i) => n + (c.severities[i] ?? 0)),
        [0, 0, 0, 0, 0],
      );
      assert.deepEqual(severities, [0, 1, 1, 0, 1]);
    });

    it('at street zooms lists the spots as slim markers, most severe first, and only public ones', async () => {
      const res = await get(tileUrl(15, KAMPALA));
      assert.equal(res.statusCode, 200);
      const tile = res.json();
      assert.deepEqual(tile.clusters, []);
      assert.equal(tile.more, false);
      assert.deepEqual(
        tile.spots.map((s: { severity: number }) => s.severity),
        [5, 3, 2],
      );
      assert.deepEqual(Object.keys(tile.spots[0]).sort(), [
        'archived',
        'category',
        'confidence',
        'confirmed_on',
        'id',
        'lat',
        'lng',
        'seeded',
        'severity',
        'status',
        'time_of_day',
        'verified',
      ]);
      const box = tileBounds(
        15,
        ...(Object.values(tileOf(KAMPALA.lat, KAMPALA.lng, 15)) as [number, number]),
      );
      for (const s of tile.spots) {
        assert.ok(
          s.lat >= box.minLat && s.lat <= box.maxLat && s.lng >= box.minLng && s.lng <= box.maxLng,
          `spot ${s.id} lies inside the tile`,
        );
      }
    });

    it("reads a street tile's spots from one range of tile keys: each key in its own tile's range at every zoom", async () => {
      // Points spread over Uganda and points on tiles' very edges (a tile's west and north sides are
      // its own), keyed by the database as the index keys them.
      const points: { lat: number; lng: number }[] = [];
      for (let i = 0; i < 200; i++)
        points.push({ lat: -1.4 + ((i * 0.0291) % 5.6), lng: 29.6 + ((i * 0.0377) % 5.4) });
      for (const z of [10, 15, 19]) {
        const edge = tileBounds(
          z,
          ...(Object.values(tileOf(KAMPALA.lat, KAMPALA.lng, z)) as [number, number]),
        );
        points.push({ lat: edge.maxLat, lng: edge.minLng }, { lat: edge.minLat, lng: edge.maxLng });
      }
      const rows = await t.db.query<{ key: string; tiles: number[][] }>(
        `SELECT spot_tile_key(p.lat, p.lng) AS key,
                array_agg(ARRAY[tile_x(p.lng, z), tile_y(p.lat, z)] ORDER BY z) AS tiles
         FROM unnest($1::float8[], $2::float8[]) AS p(lat, lng) CROSS JOIN generate_series(0, 19) AS z
         GROUP BY p.lat, p.lng`,
        [points.map((p) => p.lat), points.map((p) => p.lng)],
      );
      assert.equal(rows.length, points.length);
      for (const row of rows) {
        const key = Number(row.key);
        row.tiles.forEach(([x, y], z) => {
          const own = tileKeyRange({ z, x: x as number, y: y as number });
          assert.ok(key >= own.from && key <= own.to, `key ${key} in its zoom-${z} tile ${x}/${y}`);
          if (z === 0) return; // one tile holds the world
          const east = tileKeyRange({ z, x: (x as number) + 1, y: y as number });
          assert.ok(key < east.from || key > east.to, `key ${key} not in the tile east of it at zoom ${z}`);
        });
      }
      const plan = await t.db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT s.id, s.lat, s.lng, s.severity FROM spots s
         WHERE s.publication = 'approved' AND spot_tile_key(s.lat, s.lng) BETWEEN 0 AND 1000`,
      );
      assert.match(plan.map((r) => r['QUERY PLAN']).join('\n'), /spots_public_tile_key_idx/);
    });

    it('serves the same tile as a Mapbox Vector Tile: clusters, then spots with their ids and fields', async () => {
      const decode = (body: Buffer) => new VectorTile(new PbfReader(body));
      const city = await get(tileUrl(10, KAMPALA, '').replace('.json', '.mvt'));
      assert.equal(city.statusCode, 200);
      assert.equal(city.headers['content-type'], 'application/vnd.mapbox-vector-tile');
      assert.match(String(city.headers.etag), /^"10-\d+-\d+-v\d+\.mvt"$/);
      assert.notEqual(city.headers.etag, (await get(tileUrl(10, KAMPALA))).headers.etag);
      const { x, y } = tileOf(KAMPALA.lat, KAMPALA.lng, 10);
      const clusters = decode(city.rawPayload).layers.clusters as VectorTileLayer;
      assert.equal(clusters.extent, 4096);
      const json = (await get(tileUrl(10, KAMPALA))).json();
      assert.equal(clusters.length, json.clusters.length);
      for (let i = 0; i < clusters.length; i++) {
        const f = clusters.feature(i);
        const c = json.clusters.find((j: { count: number }) => j.count === f.properties.count);
        assert.ok(c, `a JSON cluster of ${f.properties.count} spots`);
        assert.equal(f.properties.max_severity, c.max_severity);
        assert.deepEqual(
          [1, 2, 3, 4, 5].map((n) => f.properties[`severity_${n}`]),
          c.severities,
        );
        const [lng, lat] = (f.toGeoJSON(x, y, 10).geometry as { coordinates: number[] }).coordinates as [
          number,
          number,
        ];
        assert.ok(
          Math.abs(lat - c.lat) < 0.001 && Math.abs(lng - c.lng) < 0.001,
          `centroid ${lat},${lng} of ${c.lat},${c.lng}`,
        );
      }

      const street = tileOf(KAMPALA.lat, KAMPALA.lng, 15);
      const res = await get(tileUrl(15, KAMPALA).replace('.json', '.mvt'));
      const spots = decode(res.rawPayload).layers.spots as VectorTileLayer;
      const markers = (await get(tileUrl(15, KAMPALA))).json().spots;
      assert.equal(spots.length, markers.length);
      for (let i = 0; i < spots.length; i++) {
        const f = spots.feature(i);
        const { id, lat, lng, ...fields } = markers[i];
        assert.equal(f.id, id);
        assert.deepEqual({ ...f.properties }, fields);
        const [x15 = 0, y15 = 0] = (f.toGeoJSON(street.x, street.y, 15).geometry as GeoJSON.Point)
          .coordinates;
        assert.ok(Math.abs(y15 - lat) < 1e-4 && Math.abs(x15 - lng) < 1e-4, `spot ${id} at ${y15},${x15}`);
      }
      assert.equal(decode(res.rawPayload).layers.clusters, undefined);

      const away = await get(tileUrl(8, { lat: 51.5, lng: -0.12 }).replace('.json', '.mvt'));
      assert.equal(away.statusCode, 200);
      assert.equal(away.rawPayload.length, 0, 'an empty tile is an empty body');
      const again = await get(tileUrl(15, KAMPALA).replace('.json', '.mvt'), {
        'if-none-match': String(res.headers.etag),
      });
      assert.equal(again.statusCode, 304);
    });

    it('are described by a TileJSON 3.0 tileset whose layers and fields are what the tiles hold', async () => {
      const res = await get('/api/spots/tiles.json');
      assert.equal(res.statusCode, 200);
      const tileset = res.json();
      assert.equal(tileset.tilejson, '3.0.0');
      assert.deepEqual(tileset.bounds, [29.5, -1.6, 35.1, 4.3], "Uganda's box");
      assert.equal(tileset.maxzoom, 19);
      const street = tileOf(KAMPALA.lat, KAMPALA.lng, 15);
      const address = tileset.tiles[0]
        .replace('{z}', '15')
        .replace('{x}', String(street.x))
        .replace('{y}', String(street.y));
      const tile = await get(new URL(address).pathname);
      const spots = new VectorTile(new PbfReader(tile.rawPayload)).layers.spots as VectorTileLayer;
      const layer = tileset.vector_layers.find((l: { id: string }) => l.id === 'spots');
      assert.ok(spots.length > 0, 'spots in the street tile');
      assert.deepEqual(Object.keys(spots.feature(0).properties).sort(), Object.keys(layer.fields).sort());
      assert.ok(layer.minzoom <= 15, `spots from zoom ${layer.minzoom}`);
      const clusters = tileset.vector_layers.find((l: { id: string }) => l.id === 'clusters');
      assert.ok(Object.keys(clusters.fields).includes('max_severity'), 'clusters carry max_severity');
    });

    it('takes one category, one status and verified=1, and refuses other filters and addresses', async () => {
      assert.equal(countOf((await get(tileUrl(10, KAMPALA, '?category=robbery'))).json()), 2);
      assert.equal(countOf((await get(tileUrl(10, KAMPALA, '?verified=1'))).json()), 0);
      assert.equal((await get(tileUrl(16, KAMPALA, '?category=boda_gang'))).json().spots.length, 1);
      for (const url of [
        tileUrl(10, KAMPALA, '?category=robbery,murder'),
        tileUrl(10, KAMPALA, '?status=gone'),
        '/api/spots/tiles/3/8/1.json',
        '/api/spots/tiles/20/1/1.json',
        '/api/spots/tiles/3/-1/1.json',
      ]) {
        const res = await get(url);
        assert.equal(res.statusCode, 400, url);
        assert.equal(typeof res.json().error, 'string');
      }
    });

    it('answers a tile outside Uganda empty, at version 0', async () => {
      const res = await get(tileUrl(8, { lat: 51.5, lng: -0.12 }));
      assert.deepEqual(res.json(), { version: 0, clusters: [], spots: [], more: false });
    });

    it('has a strong ETag and public caching; 304 while unchanged', async () => {
      const res = await get(tileUrl(14, KAMPALA), { 'accept-encoding': 'br' });
      const etag = res.headers.etag as string;
      assert.match(etag, /^"14-\d+-\d+-v\d+"$/);
      assert.equal(res.headers['cache-control'], 'public, max-age=10, stale-while-revalidate=60');
      const again = await get(tileUrl(14, KAMPALA), { 'if-none-match': etag });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      const filtered = await get(tileUrl(14, KAMPALA, '?category=robbery'));
      assert.notEqual(filtered.headers.etag, etag, 'a filtered tile has its own validator');
    });

    it('changes a tile’s ETag only when a spot in it changes, at every zoom that holds it', async () => {
      const tiles = async (p: { lat: number; lng: number }) => {
        const out: { etag: string; body: string }[] = [];
        // Clusters at 8 and at the deepest cluster zoom, markers from the next one and beyond 16.
        for (const z of [8, TILE_CLUSTER_MAX_ZOOM, TILE_CLUSTER_MAX_ZOOM + 1, 17]) {
          const res = await get(tileUrl(z, p));
          out.push({ etag: res.headers.etag as string, body: res.body });
        }
        return out;
      };
      const etags = async (p: { lat: number; lng: number }) => (await tiles(p)).map((tile) => tile.etag);
      const kampala = await etags(KAMPALA);
      const beforeTiles = await tiles(GULU);
      const before = beforeTiles.map((tile) => tile.etag);
      const vote = async (remoteAddress: string) => {
        const voted = await t.inject({
          method: 'POST',
          url: `/api/spots/${ids[3]}/vote`,
          payload: { value: 1 },
          remoteAddress,
        });
        assert.equal(voted.statusCode, 200, voted.body);
        return (voted.json() as { spot: { confidence: number } }).spot.confidence;
      };
      // A first confirmation from another network raises the spot's confidence, which the marker
      // tiles show; the cluster tiles show no confidence and keep theirs (migration 0038 names the
      // zoom markers start at: this fails if TILE_CLUSTER_MAX_ZOOM moves without it).
      assert.equal(await vote('10.9.9.9'), 5);
      const voted = await tiles(GULU);
      const gulu = voted.map((tile) => tile.etag);
      assert.deepEqual(
        voted.slice(0, 2),
        beforeTiles.slice(0, 2),
        'the cluster tiles are as they were, ETag and body',
      );
      assert.ok(
        gulu.slice(2).every((e, i) => e !== before[i + 2]),
        `a vote that changed the confidence changed the marker tiles: ${gulu} vs ${before}`,
      );
      // A change of the spot that no marker shows changes no tile.
      await t.db.query(
        `UPDATE spots SET description = 'Seen again at dusk', updated_at = now() WHERE id = $1`,
        [ids[3]],
      );
      t.deps.publicCache.invalidate();
      assert.deepEqual(await etags(GULU), gulu, 'a change that nothing shown changes no tile');
      // A change the clusters show (the category, which a filtered cluster tile counts by) changes
      // every zoom's tile.
      await t.db.query(
        `UPDATE spots SET category = CASE category WHEN 'robbery' THEN 'other' ELSE 'robbery' END,
         updated_at = now() WHERE id = $1`,
        [ids[3]],
      );
      t.deps.publicCache.invalidate();
      const recategorized = await etags(GULU);
      assert.ok(
        recategorized.every((e, i) => e !== gulu[i]),
        `a new category changed every zoom's tile: ${recategorized} vs ${gulu}`,
      );
      const added = await t.inject({
        method: 'POST',
        url: '/api/spots',
        payload: report({ lat: GULU.lat + 0.0001, lng: GULU.lng, severity: 1 }),
      });
      assert.equal(added.statusCode, 201);
      const after = await etags(GULU);
      assert.ok(
        after.every((e, i) => e !== recategorized[i]),
        `every zoom's Gulu tile changed: ${after} vs ${recategorized}`,
      );
      assert.deepEqual(await etags(KAMPALA), kampala, "Kampala's tiles did not change");
      const street = (await get(tileUrl(17, GULU))).json();
      assert.ok(
        street.spots.some((s: { id: number }) => s.id === added.json().spot.id),
        'the new spot is in its street tile',
      );
    });

    it('keeps its cells true when spots move, leave the map and are deleted', async () => {
      const [first, second] = ids as [number, number];
      await t.db.query('UPDATE spots SET lat = $1, lng = $2 WHERE id = $3', [
        GULU.lat,
        GULU.lng - 0.001,
        first,
      ]);
      await t.db.query(`UPDATE spots SET publication = 'rejected' WHERE id = $1`, [second]);
      t.deps.publicCache.invalidate();
      for (const z of [0, 5, 9, 13]) {
        const kampala = countOf((await get(tileUrl(z, KAMPALA))).json());
        const gulu = countOf((await get(tileUrl(z, GULU))).json());
        const same = tileUrl(z, KAMPALA) === tileUrl(z, GULU);
        assert.deepEqual(same ? [kampala] : [kampala, gulu], same ? [4] : [1, 3], `zoom ${z}`);
      }
      await t.db.query('DELETE FROM spots WHERE id = $1', [first]);
      t.deps.publicCache.invalidate();
      assert.equal(countOf((await get(tileUrl(9, GULU))).json()), 2);
    });

    it('takes spots a subnormal latitude from the equator, kept on the equator (7 decimals)', async () => {
      const lng = KAMPALA.lng;
      for (const lat of [5e-324, -5e-324]) {
        const res = await t.inject({ method: 'POST', url: '/api/spots', payload: report({ lat, lng }) });
        assert.equal(res.statusCode, 201, res.body);
        assert.equal(Object.is(res.json().spot.lat, 0), true, `${lat} kept as 0, not -0`);
      }
      const equator = { lat: 0, lng };
      assert.equal(
        countOf((await get(tileUrl(13, equator))).json()),
        2,
        "both in the equator's tile at zoom 13",
      );
      const lats = (await get(tileUrl(16, equator))).json().spots.map((m: { lat: number }) => m.lat);
      assert.deepEqual(lats, [0, 0]);
    });

    it("writes a street tile's markers as the database writes them: the schema's fields and order, its numbers, `more` past the limit", async () => {
      // Within 11 m of the equator, where PostgreSQL writes a latitude in exponent form.
      const near = { lat: 0.0000123, lng: 32.4501 };
      for (const severity of [1, 4, 2]) {
        const res = await t.inject({
          method: 'POST',
          url: '/api/spots',
          payload: report({ ...near, severity }),
        });
        assert.equal(res.statusCode, 201, res.body);
      }
      const at = { z: 16, ...tileOf(near.lat, near.lng, 16) };
      const res = await get(tileUrl(16, near));
      const objects = await readTile(t.db, at, {});
      // The text is what the route's own schema writes for the tile read as objects, but for numbers.
      assert.deepEqual(JSON.parse(res.body), objects);
      assert.equal(res.body, JSON.stringify(objects).replaceAll('0.0000123', '1.23e-05'));
      assert.deepEqual(
        objects.spots.map((m) => m.severity),
        [4, 2, 1],
      );
      for (const limit of [2, 3]) {
        const { markers, more } = await readTileMarkersJson(t.db, at, {}, limit);
        const rows = await readTileMarkers(t.db, at, {}, limit);
        assert.deepEqual({ markers: JSON.parse(markers), more }, { markers: rows, more: limit < 3 });
      }
      assert.deepEqual(await readTileMarkersJson(t.db, { z: 19, x: 1, y: 1 }, {}, 2), {
        markers: '[]',
        more: false,
      });
    });
  });
});
