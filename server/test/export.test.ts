import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ensureSyntheticSpots } from '../src/cli/synthetic.sql.ts';
import { csvCell } from '../src/spots/export.ts';
import { report, startTestApp, type TestApp } from './helpers.ts';

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
    assert.ok(titles.includes('Gulu, "north" stage'));
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
