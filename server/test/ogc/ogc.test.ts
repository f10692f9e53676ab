import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { report } from '../factories.ts';
import { gdalInstalled, ogrinfo } from '../gdal.ts';
import { startListeningTestApp, type TestApp } from '../test-app.ts';

/**
 * OGC API – Features under /ogc, read as QGIS and GDAL read it: the landing page's links, the
 * conformance classes, the one collection, its items a page at a time through the next and prev
 * links, a box and an interval; then GDAL's own OAPIF driver (ogrinfo) paging through every spot.
 */
let t: TestApp & { origin: string };
let origin = '';
const KALERWE = { lat: 0.34918, lng: 32.57195 };
const GULU = { lat: 2.7724, lng: 32.2881 };
const ids: Record<string, number> = {};

interface Link {
  href: string;
  rel: string;
  type?: string;
}
interface Page {
  type: string;
  features: { id: number; geometry: { coordinates: number[] }; properties: { title: string } }[];
  links: Link[];
  numberMatched: number;
  numberReturned: number;
}

describe('ogc', () => {
  before(async () => {
    t = await startListeningTestApp();
    origin = t.origin;
    for (const [name, at, title] of [
      ['kalerwe', KALERWE, 'Phones snatched at the Kalerwe market stage'],
      ['gulu', GULU, 'Dark bridge on the Gulu bypass'],
      ['aged', { lat: KALERWE.lat + 0.002, lng: KALERWE.lng }, 'A lane nobody confirmed for years'],
    ] as const) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/spots',
        payload: report({ ...at, title, description: 'Two reported this month.', severity: 4 }),
        headers: { 'user-agent': `ogc ${name}` },
      });
      assert.equal(res.statusCode, 201, res.body);
      ids[name] = res.json().spot.id;
    }
    // Enough spots for several pages, along a road out of Kampala.
    for (let i = 0; i < 12; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/spots',
        payload: report({ lat: 0.3 + i * 0.01, lng: 32.6 + i * 0.01, title: `Unlit stretch ${i + 1}` }),
        headers: { 'user-agent': `ogc road ${i}` },
      });
      assert.equal(res.statusCode, 201, res.body);
    }
    // Aged out: off the map, so not in the collection (still in the open data and by its link).
    await t.db.query(`UPDATE spots SET publication = 'archived' WHERE id = $1`, [ids.aged]);
    t.deps.publicCache.invalidate();
  });
  after(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'GET', url, headers });
  /** A link's address on this server (links are absolute, on PUBLIC_URL). */
  const follow = (link: Link | undefined) => {
    assert.ok(link, 'the link is there');
    assert.ok(link.href.startsWith(`${origin}/ogc/`), link.href);
    return get(link.href.slice(origin.length));
  };
  const rel = (links: Link[], name: string) => links.find((l) => l.rel === name);

  /** The ids of every public spot on the map, as the spot list gives them. */
  async function onTheMap(): Promise<number[]> {
    const list = (await get('/api/spots')).json() as { spots: { id: number }[] };
    return list.spots.map((s) => s.id).sort((a, b) => a - b);
  }

  it('has a landing page linking the definition, the conformance classes and the data', async () => {
    const res = await get('/ogc');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.ok(res.headers.etag, 'an ETag');
    const { links, title } = res.json() as { links: Link[]; title: string };
    assert.match(title, /Uganda/);
    assert.equal(rel(links, 'self')?.href, `${origin}/ogc`);
    const desc = rel(links, 'service-desc');
    assert.equal(desc?.href, `${origin}/ogc/api`);
    assert.equal(desc?.type, 'application/vnd.oai.openapi+json;version=3.0');
    assert.equal(rel(links, 'data')?.href, `${origin}/ogc/collections`);
    const conformance = (await follow(rel(links, 'conformance'))).json() as { conformsTo: string[] };
    assert.deepEqual(conformance.conformsTo.sort(), [
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
      'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
    ]);
    const again = await get('/ogc', { 'if-none-match': String(res.headers.etag) });
    assert.equal(again.statusCode, 304);
  });

  it('describes its paths in OpenAPI 3.0, as the OpenAPI 3.0 conformance class asks', async () => {
    const res = await follow({ href: `${origin}/ogc/api`, rel: 'service-desc' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/vnd.oai.openapi+json;version=3.0');
    const doc = res.json();
    assert.equal(doc.openapi, '3.0.3');
    assert.deepEqual(Object.keys(doc.paths).sort(), [
      '/ogc',
      '/ogc/collections',
      '/ogc/collections/spots',
      '/ogc/collections/spots/items',
      '/ogc/collections/spots/items/{id}',
      '/ogc/conformance',
    ]);
    const items = doc.paths['/ogc/collections/spots/items'].get;
    assert.deepEqual(items.parameters.map((p: { name: string }) => p.name).sort(), [
      'after',
      'bbox',
      'before',
      'datetime',
      'f',
      'limit',
    ]);
    assert.ok(items.responses['200'].content['application/geo+json'], 'items are GeoJSON');
    // Nothing of 3.1 left: no type lists, no const (npm run lint:api lints it with Redocly too).
    assert.doesNotMatch(res.body, /"type":\[|"const":/);
    assert.match(res.body, /"nullable":true/);
  });

  it('lists one collection, the spots, on CRS84 within the region', async () => {
    type Collection = { id: string; crs: string[]; extent: { spatial: { bbox: number[][] } }; links: Link[] };
    const { collections } = (await get('/ogc/collections')).json() as { collections: Collection[] };
    assert.deepEqual(
      collections.map((c) => c.id),
      ['spots'],
    );
    const spots: Collection = (await get('/ogc/collections/spots')).json();
    assert.deepEqual(spots, collections[0]);
    assert.deepEqual(spots.crs, ['http://www.opengis.net/def/crs/OGC/1.3/CRS84']);
    assert.deepEqual(spots.extent.spatial.bbox, [[29.5, -1.6, 35.1, 4.3]], "Uganda's box");
    assert.equal(rel(spots.links, 'items')?.type, 'application/geo+json');
  });

  it('pages through every spot on the map with the next links, and back with prev', async () => {
    const expected = await onTheMap();
    assert.ok(expected.length > 10, `${expected.length} spots on the map`);
    assert.ok(!expected.includes(ids.aged as number), 'the aged spot is off the map');
    const pages: Page[] = [];
    let res = await get('/ogc/collections/spots/items?limit=4');
    for (;;) {
      assert.equal(res.statusCode, 200, res.body);
      assert.match(String(res.headers['content-type']), /^application\/geo\+json/);
      const page = res.json() as Page;
      pages.push(page);
      assert.equal(page.type, 'FeatureCollection');
      assert.equal(page.numberMatched, expected.length);
      assert.equal(page.numberReturned, page.features.length);
      assert.ok(page.features.length <= 4, 'at most limit features');
      const next = rel(page.links, 'next');
      if (!next) break;
      res = await follow(next);
    }
    const seen = pages.flatMap((p) => p.features.map((f) => f.id));
    assert.deepEqual(seen, expected, 'every spot once, in id order');
    assert.equal(pages.length, Math.ceil(expected.length / 4));
    assert.equal(rel(pages[0]?.links ?? [], 'prev'), undefined, 'no page before the first');
    // Back from the third page: the second, as it was.
    const back = (await follow(rel(pages[2]?.links ?? [], 'prev'))).json() as Page;
    assert.deepEqual(
      back.features.map((f) => f.id),
      pages[1]?.features.map((f) => f.id),
    );
    assert.ok(rel(back.links, 'next') && rel(back.links, 'prev'), 'the second page links both ways');
    const first = (await follow(rel(back.links, 'prev'))).json() as Page;
    assert.deepEqual(
      first.features.map((f) => f.id),
      pages[0]?.features.map((f) => f.id),
    );
    assert.equal(rel(first.links, 'prev'), undefined, 'back at the first page');
  });

  it('takes a box (four or six numbers) and keeps it in its links', async () => {
    const box = [KALERWE.lng - 0.01, KALERWE.lat - 0.01, KALERWE.lng + 0.01, KALERWE.lat + 0.01];
    const page = (await get(`/ogc/collections/spots/items?bbox=${box.join(',')}&limit=1`)).json() as Page;
    const inBox = [page];
    for (let next = rel(page.links, 'next'); next; ) {
      const more = (await follow(next)).json() as Page;
      inBox.push(more);
      next = rel(more.links, 'next');
    }
    const titles = inBox.flatMap((p) => p.features.map((f) => f.properties.title));
    assert.ok(titles.includes('Phones snatched at the Kalerwe market stage'), titles.join('; '));
    assert.ok(!titles.includes('Dark bridge on the Gulu bypass'), 'Gulu is outside the box');
    for (const p of inBox) {
      const [lng, lat] = p.features[0]?.geometry.coordinates ?? [];
      assert.ok(
        Math.abs((lat as number) - KALERWE.lat) < 0.011 && Math.abs((lng as number) - KALERWE.lng) < 0.011,
        `${lat},${lng} is in the box`,
      );
    }
    const sixNumbers = `${box[0]},${box[1]},0,${box[2]},${box[3]},100`;
    const withHeights = (await get(`/ogc/collections/spots/items?bbox=${sixNumbers}`)).json() as Page;
    assert.equal(withHeights.numberMatched, page.numberMatched);
  });

  it('takes an instant or an interval of when spots were reported', async () => {
    const spot = (await get(`/api/spots/${ids.gulu}`)).json().spot as { created_at: string };
    const at = (await get(`/ogc/collections/spots/items?datetime=${spot.created_at}`)).json() as Page;
    assert.ok(
      at.features.some((f) => f.id === ids.gulu),
      'the instant it was reported',
    );
    const before = (await get('/ogc/collections/spots/items?datetime=../2020-01-01')).json() as Page;
    assert.equal(before.numberMatched, 0, 'nothing reported before 2020');
    const since = (await get('/ogc/collections/spots/items?datetime=2020-01-01T00:00:00Z/..')).json() as Page;
    assert.equal(since.numberMatched, (await onTheMap()).length);
  });

  it('answers one spot with its links, and 404 for one off the map', async () => {
    const res = await get(`/ogc/collections/spots/items/${ids.kalerwe}`);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/geo\+json/);
    const feature = res.json();
    assert.equal(feature.type, 'Feature');
    assert.deepEqual(feature.geometry, { type: 'Point', coordinates: [KALERWE.lng, KALERWE.lat] });
    assert.equal(rel(feature.links, 'alternate')?.href, `${origin}/spots/${ids.kalerwe}`);
    assert.equal(rel(feature.links, 'collection')?.href, `${origin}/ogc/collections/spots`);
    assert.equal((await get(`/ogc/collections/spots/items/${ids.aged}`)).statusCode, 404);
    assert.equal((await get('/ogc/collections/spots/items/99999')).statusCode, 404);
    const again = await get(`/ogc/collections/spots/items/${ids.kalerwe}`, {
      'if-none-match': String(res.headers.etag),
    });
    assert.equal(again.statusCode, 304);
  });

  it('refuses what it does not define, as OGC asks, with a message saying what', async () => {
    for (const [query, message] of [
      ['unknown=1', /Unknown parameter: unknown/],
      ['limit=1001', /limit must be at most 1000/],
      ['limit=0', /limit must be a whole number from 1 to 1000/],
      ['bbox=32,0,33', /bbox must be minLon,minLat,maxLon,maxLat/],
      ['bbox=33,0,32,1', /bbox must be/],
      ['datetime=yesterday', /datetime must be an RFC 3339/],
      ['datetime=2025-02-01/2025-01-01', /datetime must be/],
      ['after=1&before=9', /Give after or before, not both/],
    ] as const) {
      const res = await get(`/ogc/collections/spots/items?${query}`);
      assert.equal(res.statusCode, 400, query);
      assert.match(res.json().error, message, query);
    }
    assert.equal((await get('/ogc/collections/spots/items?f=json&limit=1')).statusCode, 200);
  });

  it("is read by GDAL's OAPIF driver page by page, where GDAL is installed (CI installs it)", async (c) => {
    if (!gdalInstalled(c)) return;
    const expected = await onTheMap();
    const out = await ogrinfo(['-ro', '-al', '-oo', 'PAGE_SIZE=5', `OAPIF:${origin}/ogc`, 'spots']);
    const gdalIds = [...out.matchAll(/^\s+id \(Integer\) = (\d+)$/gm)].map((m) => Number(m[1]));
    assert.deepEqual(
      gdalIds,
      expected,
      `GDAL read every spot through ${Math.ceil(expected.length / 5)} pages`,
    );
    assert.match(out, new RegExp(`Feature Count: ${expected.length}`));
    assert.match(out, /title \(String\) = Phones snatched at the Kalerwe market stage/);
    assert.match(out, new RegExp(`POINT \\(${KALERWE.lng} ${KALERWE.lat}\\)`));
    // Its spatial filter goes to the server as bbox.
    const near = await ogrinfo([
      '-ro',
      '-al',
      '-q',
      '-oo',
      'PAGE_SIZE=5',
      '-spat',
      String(KALERWE.lng - 0.01),
      String(KALERWE.lat - 0.01),
      String(KALERWE.lng + 0.01),
      String(KALERWE.lat + 0.01),
      `OAPIF:${origin}/ogc`,
      'spots',
    ]);
    assert.match(near, /Phones snatched at the Kalerwe market stage/);
    assert.doesNotMatch(near, /Dark bridge on the Gulu bypass/);
  });
});
