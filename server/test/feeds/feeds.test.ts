import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseFeed } from '@rowanmanning/feed-parser';
import { moderatorSession, report } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

/**
 * Feeds of new public spots, read back by a feed reader's parser (@rowanmanning/feed-parser, as
 * feed readers parse Atom and RSS): an area's newest spots, verified ones only when asked.
 */
let t: TestApp;
const KALERWE = { lat: 0.34918, lng: 32.57195 };
const GULU = { lat: 2.7724, lng: 32.2881 };
const ids: Record<string, number> = {};

describe('feeds', () => {
  before(async () => {
    t = await startTestApp({
      env: {
        PUBLIC_URL: 'https://hatari.example',
        ADMIN_USERNAME: 'amina',
        ADMIN_PASSWORD: 'correct-horse-battery',
      },
    });
    for (const [name, at, title] of [
      ['kalerwe', KALERWE, 'Phones snatched at the Kalerwe market stage'],
      ['gulu', GULU, 'Dark bridge on the Gulu bypass'],
      ['markup', { lat: KALERWE.lat + 0.001, lng: KALERWE.lng }, '<b>Lane</b> & "the" <script>x</script>'],
    ] as const) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/spots',
        payload: report({ ...at, title, description: 'Two reported this month.', severity: 4 }),
        headers: { 'user-agent': `feeds ${name}` },
      });
      assert.equal(res.statusCode, 201, res.body);
      ids[name] = res.json().spot.id;
    }
  });
  after(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'GET', url, headers });

  it('serves the newest public spots near a place as Atom, links and facts included', async () => {
    const res = await get(`/api/feeds/spots.atom?near=${KALERWE.lat},${KALERWE.lng}&radius=1000`);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^application\/atom\+xml/);
    const feed = parseFeed(res.body);
    const titles = feed.items.map((i) => i.title);
    assert.deepEqual(
      titles.slice(0, 2),
      ['<b>Lane</b> & "the" <script>x</script>', 'Phones snatched at the Kalerwe market stage'],
      'newest first, markup as text',
    );
    assert.ok(!titles.includes('Dark bridge on the Gulu bypass'), 'Gulu is not near Kalerwe');
    const kalerwe = feed.items.find((i) => i.title?.startsWith('Phones'));
    assert.equal(kalerwe?.url, `https://hatari.example/spots/${ids.kalerwe}`);
    assert.match(
      kalerwe?.description ?? '',
      /^Robbery or snatching · severity 4 of 5 .* · at night · confidence [\d.]+ of 10/,
    );
    assert.deepEqual(
      kalerwe?.categories.map((c) => c.term),
      ['robbery'],
    );
    assert.equal(
      feed.self,
      `https://hatari.example/api/feeds/spots.atom?near=${KALERWE.lat}%2C${KALERWE.lng}&radius=1000`,
    );
    // The library declares titles and summaries HTML: a reader must show user text, never run it.
    assert.doesNotMatch(res.body, /<script>|<b>/, 'escaped for the reader, not only for the XML');
  });

  it('serves RSS 2.0 for a box, verified spots only when asked', async () => {
    const box = '32.2,2.7,32.4,2.9';
    const rss = await get(`/api/feeds/spots.rss?bbox=${box}`);
    assert.equal(rss.statusCode, 200);
    assert.match(String(rss.headers['content-type']), /^application\/rss\+xml/);
    assert.deepEqual(
      parseFeed(rss.body).items.map((i) => i.title),
      ['Dark bridge on the Gulu bypass'],
    );
    const none = await get(`/api/feeds/spots.rss?bbox=${box}&verified=1`);
    assert.equal(parseFeed(none.body).items.length, 0, 'not verified yet');
    const cookie = await moderatorSession(() => t, t.deps.clock, {
      username: 'amina',
      password: 'correct-horse-battery',
    })();
    const verify = await t.inject({
      method: 'POST',
      url: `/api/mod/spots/${ids.gulu}/verify`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: {},
    });
    assert.equal(verify.statusCode, 200, verify.body);
    const verified = await get(`/api/feeds/spots.rss?bbox=${box}&verified=1`);
    const items = parseFeed(verified.body).items;
    assert.deepEqual(
      items.map((i) => i.title),
      ['Dark bridge on the Gulu bypass'],
      'verified: in the feed',
    );
    assert.match(items[0]?.description ?? '', /verified by moderators/);
  });

  it('revalidates to 304 with its ETag, and refuses a bad area', async () => {
    const first = await get('/api/feeds/spots.atom');
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers['cache-control'], 'public, max-age=300');
    const again = await get('/api/feeds/spots.atom', { 'if-none-match': String(first.headers.etag) });
    assert.equal(again.statusCode, 304);
    for (const query of ['near=0.3', 'radius=50000&near=0.3,32.5', 'bbox=32,0,33,1&near=0.3,32.5']) {
      const bad = await get(`/api/feeds/spots.atom?${query}`);
      assert.equal(bad.statusCode, 400, `${query}: ${bad.body}`);
    }
  });
});
