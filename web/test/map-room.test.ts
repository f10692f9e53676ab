import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { axeViolations, browserSuite, openPhone, screenshot } from './browser.ts';
import { blockLocation, mapTool } from './map-helpers.ts';

type Box = { x: number; y: number; width: number; height: number };
const box = async (page: Page, selector: string): Promise<Box> => {
  const b = await page.locator(selector).first().boundingBox();
  assert.ok(b, `${selector} is on the page`);
  return b;
};
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the map keeps its room on a small phone', () => {
  const suite = browserSuite();

  test('the tools fold into one button covering at most 15 % of a 360 px map in every language', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context, problems } = await openPhone(browser, stack.url);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const lang of ['en', 'lg', 'sw']) {
      await page.locator('#language').selectOption(lang);
      const map = await box(page, 'section.map');
      const tools = await box(page, '.map-tools');
      const share = (tools.width * tools.height) / (map.width * map.height);
      assert.ok(share <= 0.15, `${lang}: the tools cover ${(share * 100).toFixed(1)} % of the map`);
    }
    await page.locator('#language').selectOption('en');
    // Every tool is one tap away, and the menu goes once one is chosen.
    const legend = await mapTool(page, 'Legend');
    await screenshot(page, 'room-01-tools-open');
    await legend.click();
    await page.getByRole('region', { name: 'What the map shows' }).waitFor();
    assert.equal(await page.locator('#map-tools-menu').count(), 0, 'the menu closed');
    await page.keyboard.press('Escape');
    await (await mapTool(page, 'Heat view')).click();
    assert.equal(
      await page.getByRole('button', { name: 'Map tools' }).innerText(),
      '☰\n1',
      'one tool is on',
    );
    await (await mapTool(page, 'Heat view')).click();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a message over an open sheet stands clear of the zoom buttons and the tools', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    await page.setViewportSize({ width: 360, height: 740 });
    // Location blocked: switching nearby alerts on says so in a message.
    await blockLocation(page);
    await page.getByRole('button', { name: 'Filters' }).click();
    await (await mapTool(page, 'Nearby alerts')).click();
    const toast = page.locator('.toast');
    await toast.waitFor();
    const message = await box(page, '.toast');
    for (const control of ['.leaflet-control-zoom', '.map-tools'])
      assert.ok(!overlap(message, await box(page, control)), `the message stands clear of ${control}`);
    await screenshot(page, 'room-02-message-clear');
    await context.close();
  });

  test('without a background the map shows the region: border, lakes and towns, and zooms no closer than 14', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    // The tiles cannot load (no basemap, OpenStreetMap's tiles unreachable).
    const tile = /\/\d+\/\d+\/\d+\.png$/;
    const { page, context, problems } = await openPhone(browser, stack.url, {
      beforeOpen: (p) => p.route(tile, (route) => route.abort()),
    });
    await page.getByText('The background map could not load.').waitFor();
    await page.locator('.outline-border').first().waitFor({ state: 'attached' });
    assert.ok((await page.locator('.outline-lake').count()) > 0, 'its lakes');
    await assert.doesNotReject(page.locator('.outline-label span', { hasText: 'Kampala' }).waitFor());
    const named = () =>
      page.evaluate(() => {
        const map = document.querySelector('section.map')?.getBoundingClientRect();
        return [...document.querySelectorAll('.outline-label span')]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return (
              map && r.left >= map.left && r.right <= map.right && r.top >= map.top && r.bottom <= map.bottom
            );
          })
          .map((el) => el.textContent);
      });
    const zoom = () => page.evaluate(() => JSON.parse(localStorage.getItem('hatari.view') ?? '{}').zoom);
    await screenshot(page, 'room-03-outline');

    // Tapping clusters until none is left in sight stops at zoom 14, with a place named in sight.
    for (let i = 0; i < 6; i++) {
      const cluster = page.locator('.leaflet-marker-icon.spot-cluster').first();
      if (!(await cluster.count())) break;
      await cluster.click();
      await page.waitForTimeout(700);
    }
    // Zoom in as far as it goes (a click on the button once disabled does nothing).
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Zoom in' }).click({ force: true });
    await page.waitForTimeout(500);
    assert.equal(await zoom(), 14, 'no closer than 14');
    // A place named in sight, else the nearest one, how far and which way ("↗ Nateete 2.1 km").
    const inSight = await named();
    const nearest = page.locator('.outline-nearest');
    if (inSight.length === 0) {
      assert.match(await nearest.innerText(), /^[↑↗→↘↓↙←↖] \p{L}[\p{L} ]+ \d+(\.\d)? k?m/u);
      assert.match(
        (await nearest.locator('.visually-hidden').textContent()) ?? '',
        /^Nearest named place: .+, .+ away$/,
      );
    } else assert.equal(await nearest.isVisible(), false);
    assert.equal(await page.getByRole('button', { name: 'Zoom in' }).getAttribute('aria-disabled'), 'true');
    await screenshot(page, 'room-04-outline-close');
    assert.deepEqual(await axeViolations(page), [], 'axe-core finds nothing wrong with the outline');

    // The tiles come back: the outline goes, and the map zooms in as far as ever.
    await page.unroute(tile);
    // Leaflet asks again only for tiles it has not tried: those of the views further out.
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Zoom out' }).click();
      await page.waitForTimeout(400);
    }
    await page.waitForFunction(() => !document.querySelector('.outline-border'), undefined, {
      timeout: 15_000,
    });
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForTimeout(400);
    }
    assert.equal(await zoom(), 15, 'closer than 14 once a background shows');
    assert.deepEqual(problems, []);
    await context.close();

    // A shared spot opened without a background: its marker stands clear of the line saying so, and
    // every target is big enough (WCAG 2.2, as Lighthouse checks it).
    const shared = await openPhone(browser, stack.url, {
      path: '/spots/1',
      beforeOpen: (p) => p.route(tile, (route) => route.abort()),
    });
    await shared.page.getByText('The background map could not load.').waitFor();
    await shared.page.locator('.leaflet-marker-icon.open').waitFor();
    await shared.page.waitForTimeout(600);
    assert.deepEqual(await axeViolations(shared.page, { targetSize: true }), []);
    await shared.context.close();

    // With a background from the start, nothing of the outline is drawn or fetched.
    const fine = await openPhone(browser, stack.url);
    const chunks: string[] = [];
    fine.page.on('request', (r) => chunks.push(r.url()));
    await fine.page.waitForFunction(() => document.querySelectorAll('.leaflet-tile-loaded').length > 0);
    await fine.page.waitForTimeout(1000);
    assert.equal(await fine.page.locator('.outline-border, .outline-label').count(), 0);
    await fine.context.close();
  });
});
