import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { ensureSyntheticSpots } from '../../src/cli/synthetic.sql.ts';
import { createLogger } from '../../src/http/logger.ts';
import { byteRange } from '../../src/spots/export.routes.ts';
import { csvCell } from '../../src/spots/export.ts';
import { ExportSnapshots, SNAPSHOT_MIN_INTERVAL_MS } from '../../src/spots/export-snapshots.ts';
import { report } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;

interface Feature {
  id: number;
  geometry: { type: string; coordinates: [number, number] };
  properties: Record<string, unknown>;
}

/** A small RFC 4180 reader, enough to read back what the export wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('open data: GET /api/spots.geojson and /api/spots.csv', () => {
  before(async () => {
    t = await startTestApp();
    for (const body of [
      { title: 'Kampala robbery', lat: 0.31, lng: 32.58, category: 'robbery', severity: 3 },
      {
        title: '=HYPERLINK("http://evil.example","click")',
        lat: -0.61,
        lng: 30.65,
        category: 'other',
        severity: 1,
      },
      {
        title: 'Gulu, "north" stage',
        description: 'Two lines\nof text',
        lat: 2.77,
        lng: 32.3,
        category: 'boda_gang',
        severity: 4,
      },
    ]) {
      const res = await t.inject({ method: 'POST', url: '/api/spots', payload: report(body) });
      assert.equal(res.statusCode, 201);
    }
  });
  after(() => t.close());

  it('GeoJSON: every public spot as a Point feature [lng, lat], with the licence', async () => {
    const res = await t.inject({ url: '/api/spots.geojson' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/geo\+json/);
    assert.match(String(res.headers.link), /opendatacommons\.org.*rel="license"/);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="hatari-spots\.geojson"/);
    assert.ok(res.headers['ratelimit-policy'], 'rate limited');
    const body = res.json() as { type: string; licence: { name: string }; features: Feature[] };
    assert.equal(body.type, 'FeatureCollection');
    assert.match(body.licence.name, /ODbL/);
    assert.equal(body.features.length, 3);
    const kampala = body.features.find((f) => f.properties.title === 'Kampala robbery') as Feature;
    assert.deepEqual(kampala.geometry, { type: 'Point', coordinates: [32.58, 0.31] });
    assert.equal(kampala.properties.category, 'robbery');
    assert.equal(kampala.properties.confirmations, 1);
  });

  it('takes the list filters', async () => {
    const res = await t.inject({ url: '/api/spots.geojson?category=boda_gang,other' });
    assert.deepEqual((res.json().features as Feature[]).map((f) => f.properties.category).sort(), [
      'boda_gang',
      'other',
    ]);
    assert.equal((await t.inject({ url: '/api/spots.csv?category=lions' })).statusCode, 400);
  });

  it('CSV: a header and a row per spot, quoted where needed, formulas defused', async () => {
    const res = await t.inject({ url: '/api/spots.csv' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    const [header, ...rows] = parseCsv(res.body);
    assert.deepEqual(header?.slice(0, 5), ['id', 'lat', 'lng', 'title', 'description']);
    assert.equal(rows.length, 3);
    const cell = (row: string[] | undefined, name: string) => row?.[header?.indexOf(name) ?? -1];
    const titles = rows.map((r) => cell(r, 'title'));
    assert.ok(titles.includes('Gulu, "north" stage'), 'titles.includes(\'Gulu, "north" stage\')');
    assert.ok(titles.includes('\'=HYPERLINK("http://evil.example","click")'), 'a formula is text');
    const gulu = rows.find((r) => cell(r, 'title')?.startsWith('Gulu'));
    assert.equal(cell(gulu, 'description'), 'Two lines\nof text');
    const mbarara = rows.find((r) => cell(r, 'category') === 'other');
    assert.equal(cell(mbarara, 'lat'), '-0.61', 'negative numbers stay numbers');
  });

  it('streams many spots in batches without losing or repeating any', async () => {
    await ensureSyntheticSpots(t.db, 4500);
    const [votes] = await t.db.query<{ voted: number; counted: number; rows: number }>(
      `SELECT count(*) FILTER (WHERE confirmations + denials > 0)::int AS voted,
              sum(confirmations + denials)::int AS counted,
              (SELECT count(*)::int FROM votes v JOIN spots s ON s.id = v.spot_id WHERE s.synthetic) AS rows
       FROM spots WHERE synthetic`,
    );
    assert.ok(
      (votes?.voted ?? 0) > 450 && (votes?.voted ?? 0) < 1800,
      `about a fifth voted on (${votes?.voted})`,
    );
    assert.equal(votes?.counted, votes?.rows, 'synthetic counts equal their vote rows');
    // Written behind the app's back: the snapshots are forgotten so the next download writes them.
    t.deps.exports.invalidate();
    const res = await t.inject({ url: '/api/spots.csv' });
    const ids = parseCsv(res.body)
      .slice(1)
      .map((r) => Number(r[0]));
    assert.equal(ids.length, 4503);
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(
      ids.every((id, i) => i === 0 || id > (ids[i - 1] as number)),
      'in id order',
    );
    const geo = await t.inject({ url: '/api/spots.geojson' });
    assert.equal(geo.json().features.length, 4503);
  });

  it('sends the snapshot with ETag, 304, one byte range, 416 and gzip', async () => {
    const full = await t.inject({ url: '/api/spots.csv' });
    const etag = String(full.headers.etag);
    assert.match(etag, /^"[\w-]+"$/, 'a strong validator');
    assert.equal(full.headers['accept-ranges'], 'bytes');
    assert.ok(full.headers['last-modified'], "full.headers['last-modified']");
    assert.equal(Number(full.headers['content-length']), full.rawPayload.length);
    const again = await t.inject({ url: '/api/spots.csv', headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    const part = await t.inject({ url: '/api/spots.csv', headers: { range: 'bytes=10-109' } });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 10-109/${full.rawPayload.length}`);
    assert.deepEqual(part.rawPayload, full.rawPayload.subarray(10, 110));
    const tail = await t.inject({ url: '/api/spots.csv', headers: { range: 'bytes=-5' } });
    assert.deepEqual(tail.rawPayload, full.rawPayload.subarray(-5));
    const stale = await t.inject({
      url: '/api/spots.csv',
      headers: { range: 'bytes=0-9', 'if-range': '"old"' },
    });
    assert.equal(stale.statusCode, 200, 'a range of another version gets the whole file');
    const outside = await t.inject({
      url: '/api/spots.csv',
      headers: { range: `bytes=${full.rawPayload.length}-` },
    });
    assert.equal(outside.statusCode, 416);
    assert.equal(outside.headers['content-range'], `bytes */${full.rawPayload.length}`);
    const zipped = await t.inject({ url: '/api/spots.geojson', headers: { 'accept-encoding': 'br, gzip' } });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.equal(JSON.parse(gunzipSync(zipped.rawPayload).toString()).features.length, 4503);
  });

  it('byteRange reads one range and leaves out what it cannot serve', () => {
    assert.deepEqual(byteRange('bytes=0-0', 10), { start: 0, end: 0 });
    assert.deepEqual(byteRange('bytes=5-', 10), { start: 5, end: 9 });
    assert.deepEqual(byteRange('bytes=5-100', 10), { start: 5, end: 9 });
    assert.deepEqual(byteRange('bytes=-3', 10), { start: 7, end: 9 });
    assert.equal(byteRange('bytes=10-', 10), 'unsatisfiable');
    assert.equal(byteRange('bytes=6-5', 10), 'unsatisfiable');
    assert.equal(byteRange('bytes=0-1,4-5', 10), undefined, 'several ranges: the whole file');
    assert.equal(byteRange('items=0-1', 10), undefined);
    assert.equal(byteRange(undefined, 10), undefined);
  });

  it('costs one walk over the spots per format however many download, and a write rebuilds after a minute', async () => {
    let now = Date.parse('2026-11-25T09:00:00Z');
    let walks = 0;
    const counting = {
      query: async <R>(sql: string, params?: readonly unknown[]) => {
        if (/ORDER BY s\.id/.test(sql) && params?.includes(0)) walks++;
        return t.db.query<R>(sql, params);
      },
      exec: (sql: string) => t.db.exec(sql),
    };
    const snapshots = new ExportSnapshots(counting, createLogger('silent'), () => now);
    const first = await Promise.all(Array.from({ length: 20 }, () => snapshots.get('csv')));
    assert.equal(walks, 1, 'twenty concurrent downloads, one walk');
    assert.equal(new Set(first).size, 1, 'all twenty get the same file');
    snapshots.markChanged();
    now += 1000;
    await snapshots.get('csv');
    now += SNAPSHOT_MIN_INTERVAL_MS;
    assert.equal(await snapshots.get('csv'), first[0], 'the old one is sent while the next is written');
    // The rebuild runs in the background: wait for it (on a busy machine it takes a while).
    for (let waited = 0; (await snapshots.get('csv')) === first[0] && waited < 20_000; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.notEqual(await snapshots.get('csv'), first[0]);
    assert.equal(walks, 2, 'one rebuild after the write, not one per download');
    snapshots.close();
  });

  it('csvCell quotes, escapes and defuses', () => {
    assert.equal(csvCell(null), '');
    assert.equal(csvCell(-1.5), '-1.5');
    assert.equal(csvCell('plain'), 'plain');
    assert.equal(csvCell('a,b'), '"a,b"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell('+256 700'), "'+256 700");
    assert.equal(csvCell('@cmd'), "'@cmd");
    assert.equal(csvCell(true), 'true');
  });
});
