import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { wrap } from '../../src/page/share-card.ts';
import { givenSpot, report } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

const built = existsSync(new URL('../../../dist/web/index.html', import.meta.url));
const HOSTILE = 'Bad "corner" <script>alert(1)</script> & co';

/** The value of a meta tag (`property` or `name`), unescaped. */
function metaOf(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return m?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('a shared spot link', { skip: built ? false : 'the page is not built (npm run build)' }, () => {
  let t: TestApp;
  let spotId: number;
  before(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'https://hatari.example.org' } });
    const res = await t.inject({
      method: 'POST',
      url: '/api/spots',
      payload: report({ title: HOSTILE, area: 'Kalerwe, Kampala', severity: 4 }),
    });
    assert.equal(res.statusCode, 201, res.body);
    spotId = res.json().spot.id;
  });
  after(() => t.close());

  test('renders the spot in the page head: title, description, preview tags and the spot itself', async () => {
    for (const url of [`/spots/${spotId}`, `/?spot=${spotId}`]) {
      const res = await t.inject({ url });
      assert.equal(res.statusCode, 200, url);
      const html = res.body;
      assert.equal(
        /<title>([^<]*)<\/title>/.exec(html)?.[1],
        `${HOSTILE.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')} · Hatari`,
      );
      assert.equal(metaOf(html, 'og:title'), `${HOSTILE} · Hatari`);
      assert.match(
        metaOf(html, 'og:description') ?? '',
        /^Kalerwe, Kampala\. Severity 4 of 5: Violent attack\./,
      );
      assert.equal(metaOf(html, 'og:url'), `https://hatari.example.org/spots/${spotId}`);
      assert.match(
        metaOf(html, 'og:image') ?? '',
        new RegExp(`^https://hatari.example.org/spots/${spotId}/card\\.png\\?v=`),
      );
      assert.equal(metaOf(html, 'twitter:card'), 'summary_large_image');
      assert.equal(html.match(/<title>/g)?.length, 1, 'one title');
      assert.doesNotMatch(html, /<script>alert/, 'the title is escaped everywhere');
      const json = /<script type="application\/json" id="hatari-spot">([^<]*)<\/script>/.exec(html)?.[1];
      assert.equal(JSON.parse(json ?? 'null').title, HOSTILE, 'the spot rides along as JSON');
      // Before the script runs, the body already shows the spot (as text: its markup stays text).
      const escaped = HOSTILE.replace(/&/g, '&amp;')
        .replace(/"/g, '&quot;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;');
      assert.match(
        html,
        new RegExp(
          `<div id="app"><article class="boot boot-spot"><h1>${escaped.replace(/[()]/g, '\\$&')}</h1><p>Kalerwe, Kampala</p>`,
        ),
      );
    }
  });

  test('the share card is a 1200×630 PNG, drawn once and then served from memory', async () => {
    const page = await t.inject({ url: `/spots/${spotId}` });
    const card = new URL(metaOf(page.body, 'og:image') ?? '');
    const first = await t.inject({ url: card.pathname + card.search });
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['content-type'], 'image/png');
    assert.equal(first.headers['cache-control'], 'public, max-age=86400');
    const png = first.rawPayload;
    assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630]);
    assert.ok(png.length < 300 * 1024, `small enough for WhatsApp (${png.length} bytes)`);
    const again = await t.inject({
      url: card.pathname,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
  });

  test('an edit changes the card address, so no preview shows the old title', async () => {
    const before = metaOf((await t.inject({ url: `/spots/${spotId}` })).body, 'og:image');
    await t.db.query('UPDATE spots SET title = $2 WHERE id = $1', [spotId, 'Renamed corner']);
    const after = metaOf((await t.inject({ url: `/spots/${spotId}` })).body, 'og:image');
    assert.notEqual(after, before);
  });

  test('pending, hidden, deleted and unknown spots get the site page, never their text', async () => {
    const heldId = await givenSpot(t, {
      fields: { title: 'Secret pending corner', lat: 0.32 },
      publication: 'pending',
    });
    const gone = await t.inject({
      method: 'POST',
      url: '/api/spots',
      payload: report({ title: 'Deleted corner', lat: 0.33 }),
    });
    const goneId = gone.json().spot.id as number;
    await t.db.query('DELETE FROM votes WHERE spot_id = $1', [goneId]);
    await t.db.query('DELETE FROM spots WHERE id = $1', [goneId]);
    const site = await t.inject({ url: '/' });
    for (const [url, status] of [
      [`/spots/${heldId}`, 404],
      [`/?spot=${heldId}`, 200],
      [`/spots/${goneId}`, 404],
      ['/spots/99999999', 404],
      ['/spots/99999999999999', 404],
      ['/?spot=1%27%20OR%201=1', 200],
    ] as const) {
      const res = await t.inject({ url });
      assert.equal(res.statusCode, status, url);
      assert.equal(res.body, site.body, `${url} is the site's own page`);
      assert.doesNotMatch(res.body, /Secret pending|Deleted corner|hatari-spot/);
    }
    assert.equal((await t.inject({ url: `/spots/${heldId}/card.png` })).statusCode, 404);
    assert.equal((await t.inject({ url: `/spots/${goneId}/card.png` })).statusCode, 404);
    assert.equal(metaOf(site.body, 'og:image'), 'https://hatari.example.org/icon-512.png');
  });
});

test('card text wraps at spaces and ends in an ellipsis when it does not fit', () => {
  assert.deepEqual(wrap('Dark stretch by the Kalerwe market at night', 22, 3), [
    'Dark stretch by the',
    'Kalerwe market at',
    'night',
  ]);
  assert.deepEqual(wrap('a'.repeat(50), 22, 2), ['a'.repeat(22), `${'a'.repeat(21)}…`]);
  assert.deepEqual(wrap('', 22, 2), []);
});
