import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PMTiles } from 'pmtiles';
import { report } from '../factories.ts';
import { writeFixtureBasemap } from '../fixtures/basemap.ts';
import { gdalInstalled, ogrinfo } from '../gdal.ts';
import { startListeningTestApp, type TestApp } from '../test-app.ts';

/**
 * The tiles opened by URL as GIS tools open them, against a listening server: GDAL reads a spot
 * tile at the address the TileJSON gives, its features where the spots are; the pmtiles library
 * (what the pmtiles tools and MapLibre's protocol use) opens the basemap archive by its URL.
 */
let t: TestApp & { origin: string };
const SPOT = { lat: 0.31362, lng: 32.58114 };
let spotId = 0;
const archive = writeFixtureBasemap(
  path.join(mkdtempSync(path.join(tmpdir(), 'hatari-gis-')), 'uganda.pmtiles'),
);

/** A slippy-map tile's x and y at zoom z. */
function tileOf(lat: number, lng: number, z: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.asinh(Math.tan(rad)) / Math.PI) / 2) * n),
  };
}

/** EPSG:3857 metres (GDAL's coordinates for a z/x/y tile) as longitude and latitude. */
function lngLat(x: number, y: number) {
  const r = 6_378_137;
  return {
    lng: (x / r) * (180 / Math.PI),
    lat: (2 * Math.atan(Math.exp(y / r)) - Math.PI / 2) * (180 / Math.PI),
  };
}

describe('http/gis-tools', () => {
  before(async () => {
    t = await startListeningTestApp({ env: { BASEMAP_PMTILES: archive } });
    const res = await t.inject({
      method: 'POST',
      url: '/api/spots',
      payload: report({ ...SPOT, title: 'Snatching by the roundabout' }),
    });
    assert.equal(res.statusCode, 201, res.body);
    spotId = res.json().spot.id;
  });
  after(() => t.close());

  it('GDAL reads a spot tile at the address the TileJSON gives, the spot where it is', async (c) => {
    if (!gdalInstalled(c)) return;
    const tileset = (await (await fetch(`${t.origin}/api/spots/tiles.json`)).json()) as { tiles: string[] };
    const { x, y } = tileOf(SPOT.lat, SPOT.lng, 16);
    const url = (tileset.tiles[0] as string)
      .replace('{z}', '16')
      .replace('{x}', String(x))
      .replace('{y}', String(y));
    assert.ok(url.startsWith(`${t.origin}/api/spots/tiles/16/`), url);
    const out = await ogrinfo(['-ro', '-al', '-q', `MVT:/vsicurl/${url}`]);
    const feature = out.split('OGRFeature').find((f) => f.includes(`mvt_id (Integer64) = ${spotId}`));
    assert.ok(feature, `the spot in the tile:\n${out}`);
    const [, mx, my] = /POINT \(([-\d.]+) ([-\d.]+)\)/.exec(feature) ?? [];
    const at = lngLat(Number(mx), Number(my));
    assert.ok(
      Math.abs(at.lat - SPOT.lat) < 1e-5 && Math.abs(at.lng - SPOT.lng) < 1e-5,
      `GDAL puts it at ${at.lat},${at.lng}`,
    );
    assert.match(feature, /severity \(Integer\) = 3/);
  });

  it('opens the basemap archive by its URL, as a file: HEAD, then byte ranges', async () => {
    const size = readFileSync(archive).length;
    const head = await fetch(`${t.origin}/api/basemap.pmtiles`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), String(size));
    assert.equal(head.headers.get('accept-ranges'), 'bytes');
    const pm = new PMTiles(`${t.origin}/api/basemap.pmtiles`);
    const header = await pm.getHeader();
    assert.deepEqual([header.specVersion, header.minZoom, header.maxZoom], [3, 0, 14]);
    const { x, y } = tileOf(SPOT.lat, SPOT.lng, 14);
    const tile = await pm.getZxy(14, x, y);
    assert.ok(tile && tile.data.byteLength > 0, 'a street tile of Kampala, read by range');
    const basemap = (await (await fetch(`${t.origin}/api/basemap.json`)).json()) as { tiles: string[] };
    assert.ok(basemap.tiles[0]?.startsWith(`${t.origin}/api/basemap/`), basemap.tiles[0]);
  });
});
