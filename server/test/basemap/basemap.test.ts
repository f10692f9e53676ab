import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { PMTiles, TileType } from 'pmtiles';
import { AREA_MAX_TILES } from '../../../common/domain.ts';
import { tileOf } from '../../../common/geo.ts';
import { FileArchive } from '../../src/basemap/file-archive.ts';
import {
  FIXTURE_BOX,
  FIXTURE_MAX_ZOOM,
  fixtureBasemap,
  fixtureTiles,
  writeFixtureBasemap,
} from '../fixtures/basemap.ts';
import { startTestApp, type TestApp, testConfig } from '../test-app.ts';

const KAMPALA = { lat: 0.3136, lng: 32.5811 };
const GULU = { lat: 2.7724, lng: 32.2881 };
const dir = mkdtempSync(path.join(tmpdir(), 'hatari-basemap-'));
const archive = writeFixtureBasemap(path.join(dir, 'uganda.pmtiles'));
describe('basemap/basemap', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  const tileAt = (z: number, p: { lat: number; lng: number }) => {
    const { x, y } = tileOf(p.lat, p.lng, z);
    return `/api/basemap/${z}/${x}/${y}.mvt`;
  };

  /** The layers of a vector tile and the names of its features. */
  function decode(body: Buffer): Record<string, string[]> {
    const tile = new VectorTile(new PbfReader(body));
    return Object.fromEntries(
      Object.entries(tile.layers).map(([name, layer]) => [
        name,
        Array.from({ length: layer.length }, (_, i) => String(layer.feature(i).properties.name ?? '')),
      ]),
    );
  }

  /** The settings the server wrote into the page. */
  async function pageSettings(t: TestApp) {
    const res = await t.inject({ method: 'GET', url: '/' });
    const content = /<meta name="hatari-config" content="([^"]*)">/.exec(res.body)?.[1] ?? '{}';
    return JSON.parse(
      content
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&amp;/g, '&'),
    );
  }

  describe('the test basemap archive', () => {
    it('reads back with the pmtiles library: vector tiles of zooms 0 to 14 in the Protomaps layers', async () => {
      const pm = new PMTiles(new FileArchive(archive));
      const header = await pm.getHeader();
      assert.deepEqual(
        [header.specVersion, header.tileType, header.minZoom, header.maxZoom],
        [3, TileType.Mvt, 0, 14],
      );
      assert.equal(header.numAddressedTiles, fixtureTiles().length);
      const { x, y } = tileOf(KAMPALA.lat, KAMPALA.lng, 14);
      const tile = await pm.getZxy(14, x, y);
      assert.ok(tile, 'a street tile of central Kampala is in it');
      const layers = decode(Buffer.from(tile.data));
      assert.deepEqual(Object.keys(layers).sort(), ['buildings', 'earth', 'places', 'roads']);
      assert.ok(layers.places?.includes('Kampala'), `its places: ${layers.places}`);
      assert.equal(await pm.getZxy(14, 0, 0), undefined, 'nothing far from the box');
    });
  });

  describe('the basemap served from a file (BASEMAP_PMTILES)', () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp({
        env: { BASEMAP_PMTILES: archive, NODE_ENV: 'production', PUBLIC_URL: 'https://hatari.example.org' },
      });
    });
    after(() => t.close());

    it('serves each tile compressed, with a strong ETag, and 304 to a phone that holds it', async () => {
      const res = await t.inject({
        method: 'GET',
        url: tileAt(14, KAMPALA),
        headers: { 'accept-encoding': 'br, gzip' },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'application/vnd.mapbox-vector-tile');
      assert.equal(res.headers['content-encoding'], 'br');
      assert.equal(res.headers['cache-control'], 'public, max-age=86400, stale-while-revalidate=604800');
      const etag = String(res.headers.etag);
      assert.match(etag, /^"[\w-]+-14-\d+-\d+"$/);
      const layers = decode(brotliDecompressSync(res.rawPayload));
      assert.ok(layers.roads?.includes('Gayaza Road'), `its roads: ${layers.roads}`);
      const again = await t.inject({
        method: 'GET',
        url: tileAt(14, KAMPALA),
        headers: { 'if-none-match': etag },
      });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      const plain = await t.inject({ method: 'GET', url: tileAt(14, KAMPALA) });
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.deepEqual(decode(plain.rawPayload), layers);
    });

    it('answers 204 where the archive has no tile, and 400 for an address that is none', async () => {
      const far = await t.inject({ method: 'GET', url: tileAt(14, GULU) });
      assert.equal(far.statusCode, 204);
      assert.equal(far.body, '');
      const deeper = await t.inject({ method: 'GET', url: tileAt(FIXTURE_MAX_ZOOM + 1, KAMPALA) });
      assert.equal(deeper.statusCode, 204, 'deeper than the archive: the page draws from its deepest tiles');
      for (const url of ['/api/basemap/99/0/0.mvt', '/api/basemap/2/4/0.mvt', '/api/basemap/a/0/0.mvt']) {
        const res = await t.inject({ method: 'GET', url });
        assert.equal(res.statusCode, 400, url);
        assert.equal(typeof res.json().error, 'string');
      }
    });

    it('lists the tiles of an area to keep offline, with their size, without reading a tile', async () => {
      const box = [FIXTURE_BOX.minLng, FIXTURE_BOX.minLat, FIXTURE_BOX.maxLng, FIXTURE_BOX.maxLat].join(',');
      const res = await t.inject({ method: 'GET', url: `/api/basemap/area?bbox=${box}` });
      assert.equal(res.statusCode, 200);
      const area = res.json();
      const fixture = fixtureTiles();
      assert.deepEqual(
        new Set(area.tiles),
        new Set(fixture.map((f) => `/api/basemap/${f.z}/${f.x}/${f.y}.mvt`)),
        'every tile the archive holds over the box, at every zoom',
      );
      assert.equal(area.max_zoom, FIXTURE_MAX_ZOOM);
      assert.equal(
        area.bytes,
        fixture.reduce((n, f) => n + gzipSync(f.data).length, 0),
        'the tiles as stored',
      );
      for (const url of area.tiles.slice(-3))
        assert.equal((await t.inject({ method: 'GET', url })).statusCode, 200, url);

      // The whole country: whole zooms only while they fit the bounds.
      const country = await t.inject({ method: 'GET', url: '/api/basemap/area?bbox=20,-10,40,10' });
      assert.equal(country.statusCode, 200);
      const wide = country.json();
      assert.ok(wide.max_zoom < FIXTURE_MAX_ZOOM, `the deepest zoom kept: ${wide.max_zoom}`);
      assert.ok(wide.tiles.length <= AREA_MAX_TILES, `${wide.tiles.length} tiles`);
      assert.deepEqual(
        wide.tiles.filter((u: string) => Number(u.split('/')[3]) > wide.max_zoom),
        [],
        'no tile deeper than the zoom it says',
      );

      for (const bad of ['bbox=1,2,3', 'bbox=40,10,41,11', 'bbox=32.6,0.3,32.5,0.4', ''])
        assert.equal(
          (await t.inject({ method: 'GET', url: `/api/basemap/area?${bad}` })).statusCode,
          400,
          bad,
        );
    });

    it('tells the page its tiles, zooms and credit, and in production no raster tiles at all', async () => {
      const settings = await pageSettings(t);
      assert.deepEqual(settings.basemap, {
        tiles: '/api/basemap/{z}/{x}/{y}.mvt',
        minZoom: 0,
        maxZoom: FIXTURE_MAX_ZOOM,
        attribution: 'Protomaps',
      });
      assert.equal(settings.tileUrl, '');
      const page = await t.inject({ method: 'GET', url: '/' });
      assert.match(
        String(page.headers['content-security-policy']),
        /img-src 'self' data:;/,
        'images from nowhere else',
      );
    });

    it('serves the archive by byte ranges with its ETag, and nothing else', async () => {
      const size = readFileSync(archive).length;
      const head = await t.inject({
        method: 'GET',
        url: '/api/basemap.pmtiles',
        headers: { range: 'bytes=0-126' },
      });
      assert.equal(head.statusCode, 206);
      assert.equal(head.headers['content-type'], 'application/vnd.pmtiles');
      assert.equal(head.headers['content-range'], `bytes 0-126/${size}`);
      assert.equal(head.headers['accept-ranges'], 'bytes');
      assert.equal(head.rawPayload.subarray(0, 7).toString(), 'PMTiles');
      assert.equal(head.rawPayload.length, 127);
      const etag = String(head.headers.etag);
      const tail = await t.inject({
        method: 'GET',
        url: '/api/basemap.pmtiles',
        headers: { range: 'bytes=-10' },
      });
      assert.equal(tail.headers['content-range'], `bytes ${size - 10}-${size - 1}/${size}`);
      assert.deepEqual(tail.rawPayload, readFileSync(archive).subarray(size - 10));
      const refusals: Record<string, string>[] = [
        {},
        { range: `bytes=${size}-${size + 10}` },
        { range: 'bytes=0-10,20-30' },
        { range: 'bytes=0-126', 'if-range': '"another archive"' },
      ];
      for (const headers of refusals) {
        const res = await t.inject({ method: 'GET', url: '/api/basemap.pmtiles', headers });
        assert.equal(res.statusCode, 416, JSON.stringify(headers));
        assert.equal(typeof res.json().error, 'string');
      }
      const held = await t.inject({
        method: 'GET',
        url: '/api/basemap.pmtiles',
        headers: { 'if-none-match': etag },
      });
      assert.equal(held.statusCode, 304);
      // HEAD as on a file: its size and that ranges are taken, as GDAL's /vsicurl/ and the pmtiles
      // tools ask before their first range (it was 416).
      const probe = await t.inject({ method: 'HEAD', url: '/api/basemap.pmtiles' });
      assert.equal(probe.statusCode, 200);
      assert.equal(probe.headers['content-length'], String(size));
      assert.equal(probe.headers['accept-ranges'], 'bytes');
      assert.equal(probe.headers['content-type'], 'application/vnd.pmtiles');
      assert.equal(probe.rawPayload.length, 0);
    });

    it('describes the archive as a TileJSON 3.0 tileset, whose tile address answers', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/basemap.json' });
      assert.equal(res.statusCode, 200);
      const tileset = res.json();
      assert.equal(tileset.tilejson, '3.0.0');
      assert.match(tileset.tiles[0], /^https?:\/\/[^/]+\/api\/basemap\/\{z\}\/\{x\}\/\{y\}\.mvt$/);
      assert.equal(tileset.bounds.length, 4);
      assert.ok(tileset.minzoom <= tileset.maxzoom, `zooms ${tileset.minzoom} to ${tileset.maxzoom}`);
      assert.deepEqual(
        tileset.vector_layers.map((l: { id: string }) => l.id),
        ['earth', 'water', 'roads', 'buildings', 'places'],
        "the archive's own layers",
      );
      assert.match(tileset.attribution, /OpenStreetMap/);
      const { x, y } = tileOf(KAMPALA.lat, KAMPALA.lng, 13);
      const address = tileset.tiles[0].replace('{z}', '13').replace('{x}', x).replace('{y}', y);
      assert.equal(new URL(address).pathname, tileAt(13, KAMPALA));
      assert.equal((await t.inject({ method: 'GET', url: tileAt(13, KAMPALA) })).statusCode, 200);
    });

    it('notices an archive refreshed in place: a new ETag for the file', async () => {
      const before = await t.inject({
        method: 'GET',
        url: '/api/basemap.pmtiles',
        headers: { range: 'bytes=0-6' },
      });
      const fresh = path.join(dir, 'fresh.pmtiles');
      writeFileSync(fresh, Buffer.concat([fixtureBasemap(), Buffer.from('refreshed')]));
      renameSync(fresh, archive);
      const after = await t.inject({
        method: 'GET',
        url: '/api/basemap.pmtiles',
        headers: { range: 'bytes=0-6' },
      });
      assert.notEqual(after.headers.etag, before.headers.etag);
      assert.equal(
        (await t.inject({ method: 'GET', url: tileAt(13, KAMPALA) })).statusCode,
        200,
        'tiles still come from the new archive',
      );
    });
  });

  describe('the basemap from object storage (BASEMAP_PMTILES=https://…)', () => {
    let storage: Server;
    let url = '';
    const asked: { range?: string; agent?: string }[] = [];
    let down = false;
    let t: TestApp;
    before(async () => {
      const bytes = fixtureBasemap();
      storage = createServer((req, res) => {
        asked.push({ range: req.headers.range, agent: req.headers['user-agent'] });
        if (down) return res.writeHead(500).end();
        const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
        if (!m) return res.writeHead(200, { etag: '"v1"' }).end(bytes);
        const [start, end] = [Number(m[1]), Math.min(Number(m[2]), bytes.length - 1)];
        res.writeHead(206, { etag: '"v1"', 'content-range': `bytes ${start}-${end}/${bytes.length}` });
        res.end(bytes.subarray(start, end + 1));
      });
      await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(storage.address() as AddressInfo).port}/basemaps/uganda.pmtiles`;
      t = await startTestApp({
        env: { BASEMAP_PMTILES: url, GEOCODER_USER_AGENT: 'Hatari-test/1 (ops@example.org)' },
      });
    });
    after(async () => {
      await t.close();
      await new Promise((resolve) => storage.close(resolve));
    });

    it('reads the archive by ranges, as the identifying user agent, and serves the same tiles', async () => {
      const res = await t.inject({ method: 'GET', url: tileAt(14, KAMPALA) });
      assert.equal(res.statusCode, 200);
      assert.ok(decode(res.rawPayload).places?.includes('Kampala'), 'the same tile as from a file');
      assert.ok(asked.length >= 2, 'a header and a tile at least');
      assert.ok(
        asked.every((a) => /^bytes=\d+-\d+$/.test(a.range ?? '')),
        `only ranges asked: ${asked.map((a) => a.range).join(' ')}`,
      );
      assert.deepEqual([...new Set(asked.map((a) => a.agent))], ['Hatari-test/1 (ops@example.org)']);
      const range = await t.inject({
        method: 'GET',
        url: '/api/basemap.pmtiles',
        headers: { range: 'bytes=0-6' },
      });
      assert.equal(range.statusCode, 206);
      assert.equal(range.headers['content-range'], 'bytes 0-6/*');
      assert.equal(range.body, 'PMTiles');
      const more = await t.inject({
        method: 'GET',
        url: '/api/basemap.pmtiles',
        headers: { range: `bytes=0-${2 * 1024 * 1024}` },
      });
      assert.equal(more.statusCode, 416, 'at most 1 MiB a range: the app is no bandwidth amplifier');
    });

    it('answers 503 while the storage fails, and a kept tile still from memory', async () => {
      const kept = await t.inject({ method: 'GET', url: tileAt(14, KAMPALA) });
      down = true;
      try {
        const again = await t.inject({ method: 'GET', url: tileAt(14, KAMPALA) });
        assert.equal(again.statusCode, 200);
        assert.deepEqual(again.rawPayload, kept.rawPayload);
        const other = await t.inject({ method: 'GET', url: tileAt(12, KAMPALA) });
        assert.equal(other.statusCode, 503);
        assert.match(other.json().error, /background map/);
      } finally {
        down = false;
      }
    });
  });

  describe('without a basemap', () => {
    it('answers 404 for its tiles, and outside production the page gets raster tiles', async () => {
      const dev = await startTestApp();
      try {
        const res = await dev.inject({ method: 'GET', url: tileAt(14, KAMPALA) });
        assert.equal(res.statusCode, 404);
        assert.match(res.json().error, /No background map/);
        const area = await dev.inject({ method: 'GET', url: '/api/basemap/area?bbox=32.5,0.3,32.6,0.4' });
        assert.equal(area.statusCode, 404);
        const settings = await pageSettings(dev);
        assert.equal(settings.basemap, undefined);
        assert.equal(settings.tileUrl, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');
      } finally {
        await dev.close();
      }
    });

    it('in production never tile.openstreetmap.org, unless TILE_URL says so', () => {
      assert.equal(
        testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://hatari.example.org' }).tileUrl,
        '',
      );
      assert.equal(
        testConfig({
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://hatari.example.org',
          TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png',
        }).tileUrl,
        'https://tiles.example.org/{z}/{x}/{y}.png',
      );
      assert.equal(testConfig({ BASEMAP_PMTILES: archive }).tileUrl, '', 'nor beside a basemap');
    });
  });
});
