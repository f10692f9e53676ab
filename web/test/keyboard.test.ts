import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { deviceWithStanding } from '../../server/test/factories.ts';
import { axeViolations, browserSuite, openPhone, screenshot } from './browser.ts';
import { mapStill } from './map-helpers.ts';

/** What has focus: its role and name as a screen reader gets them (Playwright's ARIA snapshot). */
async function focused(page: Page) {
  const el = page.locator(':focus');
  if ((await el.count()) === 0) return { kind: 'body', id: '', name: '', marker: false };
  const first = (await el.ariaSnapshot()).split('\n')[0] ?? '';
  // `- button "Report"`, quoted as a key where the name holds a colon: `- 'button "A: b"': "3"`.
  const [, kind = '', name = ''] = /^- '?([\w-]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(first) ?? [];
  const { id, marker } = await el.evaluate((e) => ({
    id: e.id,
    marker: e.classList.contains('leaflet-marker-icon'),
  }));
  return { kind, id, name, marker };
}

/** Presses Tab until `until` holds for what has focus (at most `max` times); the stops passed. */
async function tabTo(page: Page, until: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 60) {
  const stops: Awaited<ReturnType<typeof focused>>[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    stops.push(f);
    if (until(f)) return stops;
  }
  throw new Error(`not reached in ${max} stops: ${stops.map((s) => `${s.kind} ${s.name}`).join(' | ')}`);
}

const SPOT_NAME = /^.+, severity [1-5], last confirmed .+$/;
const CLUSTER_NAME = /^Cluster of \d+ dangers, worst: .+$/;

describe('the map page from the keyboard alone', () => {
  const suite = browserSuite();

  test('search, Report and the tools come before the markers, which are one stop, named, and open with Enter or Space', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context, problems } = await openPhone(browser, stack.url);
    await page
      .locator('.leaflet-marker-icon.spot-marker, .leaflet-marker-icon.spot-cluster')
      .first()
      .waitFor();
    const before = await tabTo(page, (f) => f.marker);
    const at = (name: RegExp) => before.findIndex((s) => name.test(s.name));
    for (const name of [/^Search/, /^Report$/, /^Map tools$/])
      assert.ok(at(name) >= 0 && at(name) < before.length - 1, `${name} comes before the markers`);
    const entered = before.at(-1);
    assert.match(entered?.name ?? '', new RegExp(`${SPOT_NAME.source}|${CLUSTER_NAME.source}`));

    // The markers are one stop: Tab leaves them at once; arrows go through them, each named.
    const icons = await page.locator('.leaflet-marker-pane .leaflet-marker-icon').count();
    assert.ok(icons > 3, `${icons} markers and clusters on the map`);
    await page.keyboard.press('Tab');
    assert.equal((await focused(page)).marker, false, 'one Tab leaves the markers');
    await page.keyboard.press('Shift+Tab');
    const names = new Set<string>();
    for (let i = 0; i < icons; i++) {
      const f = await focused(page);
      assert.ok(f.marker, 'arrows stay on the markers');
      assert.match(f.name, new RegExp(`${SPOT_NAME.source}|${CLUSTER_NAME.source}`));
      names.add(f.name);
      await page.keyboard.press('ArrowRight');
    }
    assert.ok(names.size > 1, 'the arrows moved between markers');

    // Enter on a cluster zooms in or spreads it; Enter on a spot opens its sheet.
    for (let i = 0; i < icons && !CLUSTER_NAME.test((await focused(page)).name); i++)
      await page.keyboard.press('ArrowRight');
    const zoom = () => page.evaluate(() => document.querySelector('.leaflet-proxy')?.getAttribute('style'));
    const was = await zoom();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      ([w]) =>
        document.querySelector('.leaflet-proxy')?.getAttribute('style') !== w ||
        document.querySelector('.leaflet-marker-icon.spot-marker'),
      [was],
    );
    // Once the map has stopped moving (its zoom and the clusters' animations redraw the markers).
    await page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim, .leaflet-cluster-anim'));
    await mapStill(page);
    // A live change redraws the markers while one has the focus: the focus stays on that spot's
    // new marker, and Space opens it.
    // Focused and named in one step in the page: a redraw between two steps (a tile's answer after
    // the zoom) could otherwise name another spot than the one focused.
    // A marker inside the map's box: Leaflet also draws those just beyond its edges, which the view's
    // next tiles leave out (a redraw then took the focused spot away for good, and the test failed).
    const old = await page.waitForFunction(() => {
      const box = document.querySelector('.leaflet-container')?.getBoundingClientRect();
      const inside = (el: HTMLElement) => {
        const r = el.getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        const m = 24;
        return (
          box !== undefined && x > box.left + m && x < box.right - m && y > box.top + m && y < box.bottom - m
        );
      };
      const el = [...document.querySelectorAll<HTMLElement>('.leaflet-marker-icon.spot-marker')].find(inside);
      el?.focus();
      return el;
    });
    const key = await old.evaluate((el) => el?.dataset.key);
    assert.match(key ?? '', /^spot-\d+$/);
    // Another phone confirms the spot: the live stream brings its new counts, and its marker is
    // drawn again.
    const res = await stack.app.inject({
      method: 'POST',
      url: `/api/spots/${key?.slice('spot-'.length)}/vote`,
      headers: { 'user-agent': 'another phone', cookie: await deviceWithStanding(stack.app) },
      payload: { value: 1 },
    });
    assert.equal(res.statusCode, 200, res.body);
    await page.waitForFunction((el) => !el?.isConnected, old);
    // Its new icon may come in a later batch than the old one went (the clusters draw in batches, and
    // on a loaded CI machine the focus was once lost there); with every lane running browsers, one
    // run here took over 5 s to draw it.
    const back = page.waitForFunction(
      (k) => (document.activeElement as HTMLElement | null)?.dataset.key === k,
      key,
      { timeout: 10_000 },
    );
    await assert.doesNotReject(back, 'the focus stayed on the same spot');
    const detail = page.locator('.spot-detail');
    // Space on the focused marker. A later batch of the redraw may replace the marker between the
    // check above and the key (one npm test run lost the key so): pressed again only while the
    // focus is back on that spot's marker, up to three times.
    for (let tries = 0; tries < 3 && !(await detail.isVisible()); tries++) {
      const focused = await page
        .waitForFunction((k) => (document.activeElement as HTMLElement | null)?.dataset.key === k, key, {
          timeout: 10_000,
        })
        .then(
          () => true,
          () => false,
        );
      if (!focused || (await detail.isVisible())) break;
      await page.keyboard.press(' ');
      await detail.waitFor({ timeout: 3000 }).catch(() => undefined);
    }
    await assert.doesNotReject(detail.waitFor(), 'Space opened the spot');
    assert.deepEqual(await axeViolations(page), [], 'axe-core finds nothing wrong');
    await screenshot(page, 'keyboard-01-spot-opened');

    // A vote, from the keyboard.
    await tabTo(page, (f) => f.name === 'Still dangerous');
    await page.keyboard.press('Enter');
    await assert.doesNotReject(page.getByText('Thank you, your vote is counted.').waitFor());
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('reports a danger and checks a route with the keyboard alone', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context, problems } = await openPhone(browser, stack.url, { permissions: ['geolocation'] });
    await context.setGeolocation({ latitude: 0.3476, longitude: 32.5825 });
    await tabTo(page, (f) => f.name === 'Report');
    await page.keyboard.press('Enter');
    await tabTo(page, (f) => f.name === 'Use my location');
    await page.keyboard.press('Enter');
    await page.locator('#report-coordinates').waitFor();
    await tabTo(page, (f) => f.id === 'report-title');
    await page.keyboard.type('Dark lane behind the stage');
    for (const id of ['report-category', 'report-severity', 'report-time']) {
      await tabTo(page, (f) => f.id === id);
      await page.keyboard.press('ArrowDown'); // the first choice
    }
    assert.equal(await page.locator('#report-time').inputValue(), 'day');
    await tabTo(page, (f) => f.name === 'Send report');
    await page.keyboard.press('Enter');
    await assert.doesNotReject(
      page
        .getByText(/^Thank you\./)
        .first()
        .waitFor(),
    );
    const [stored] = await stack.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM spots WHERE title = 'Dark lane behind the stage'",
    );
    assert.equal(stored?.n, 1, 'the report is stored');

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Route', exact: true }).focus();
    await page.keyboard.press('Enter');
    await tabTo(page, (f) => f.name === 'Use my location');
    await page.keyboard.press('Enter');
    await tabTo(page, (f) => f.id === 'route-to');
    await page.keyboard.type('kalerwe');
    await page.locator('.sheet .search-results button.result').first().waitFor();
    await tabTo(page, (f) => f.kind === 'button' && /Kalerwe/i.test(f.name));
    await page.keyboard.press('Enter');
    await tabTo(page, (f) => f.name === 'Check route');
    await page.keyboard.press('Enter');
    await assert.doesNotReject(page.locator('.routes li').first().waitFor());
    await screenshot(page, 'keyboard-02-route');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a focused spot drawn again inside a cluster leaves the focus on that cluster, not the page', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context, problems } = await openPhone(browser, stack.url);
    await page.locator('.leaflet-marker-icon.spot-marker').first().waitFor();
    const key = await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('.leaflet-marker-icon.spot-marker');
      el?.focus();
      return el?.dataset.key ?? '';
    });
    assert.match(key, /^spot-\d+$/);
    // Zoomed out under the pointer (the focus stays where it is) until the spot is in a cluster.
    const map = await page.locator('section.map').boundingBox();
    assert.ok(map, 'the map is on the page');
    await page.mouse.move(map.x + map.width / 2, map.y + map.height / 3);
    const inCluster = (k: string) =>
      Boolean(document.querySelector(`.leaflet-marker-icon[data-holds~="${k}"]`)) &&
      !document.querySelector(`.leaflet-marker-icon[data-key="${k}"]`);
    for (let i = 0; i < 6 && !(await page.evaluate(inCluster, key)); i++) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(400);
    }
    const focus = page.waitForFunction(
      (k) => (document.activeElement as HTMLElement | null)?.dataset.holds?.split(' ').includes(k),
      key,
    );
    await assert.doesNotReject(focus, 'the focus went to the cluster holding the spot');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
