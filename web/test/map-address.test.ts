import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserSuite, openPhone } from './browser.ts';

/**
 * The map page's address is its router (docs/web.md, "The address"): an open spot is its own path,
 * a panel and the list are in the hash, and a phone's back button closes what was opened, forward
 * opens it again; an address opens the page as it says.
 */
describe("the map page's address", () => {
  // Full Chromium, as phones run: in three of about twenty runs (alone, and beside other tests),
  // Chromium's headless shell kept one history entry fewer, and back went to an entry full
  // Chromium never gave.
  const suite = browserSuite({}, undefined, { fullChromium: true });

  test('back closes what was opened, one step at a time, and forward opens it again', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context, problems } = await openPhone(browser, stack.url);
    const path = () => {
      const url = new URL(page.url());
      return `${url.pathname}${url.hash}`;
    };
    /** The address is written after the page has drawn what it says: waits up to 5 s for it. */
    const at = async (expected: string, message?: string) => {
      await page.waitForURL((u) => `${u.pathname}${u.hash}` === expected, { timeout: 5000 }).catch(() => {});
      assert.equal(path(), expected, message);
    };
    const sheet = (id: string) => page.locator(`.sheet.sheet-${id}`);
    const spotHeading = page.locator('.spot-detail').getByRole('heading', { name: 'Kajjansi' });

    await page.locator('.leaflet-marker-icon.spot-marker[title^="Kajjansi: "]').click();
    await spotHeading.waitFor();
    await page.waitForURL(/\/spots\/\d+$/, { timeout: 5000 }).catch(() => {});
    const spot = path();
    assert.match(spot, /^\/spots\/\d+$/, 'the open spot is its own path');
    await page.getByRole('button', { name: 'Route' }).click();
    await sheet('route').waitFor();
    await at('/#route', 'the panel is in the hash');
    await page.getByRole('button', { name: 'List' }).click();
    await page.locator('.spot-list').waitFor();
    await at('/#list/route', 'the list, with the panel still open');

    await page.goBack();
    await page.locator('.spot-list').waitFor({ state: 'detached' });
    await at('/#route');
    assert.ok(await sheet('route').isVisible(), 'back: the map in place of the list, the route still open');
    // The spot's fresh answer comes late (a slow network): back again before it has come.
    let answered = () => {};
    const late = new Promise<void>((r) => {
      answered = r;
    });
    await page.route(/\/api\/spots\/\d+$/, async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
      answered();
    });
    await page.goBack();
    await spotHeading.waitFor();
    await at(spot, "back: the spot's sheet again");
    await page.goBack();
    await page.locator('.sheet').waitFor({ state: 'detached' });
    await at('/', 'back: the map alone');
    await late;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    assert.equal(await page.locator('.sheet').count(), 0, "the spot's late answer does not reopen it");
    await page.unroute(/\/api\/spots\/\d+$/);
    await page.goForward();
    await spotHeading.waitFor();
    await at(spot, 'forward: the spot again');
    // Closing the sheet is a step too.
    await page.locator('.sheet').getByRole('button', { name: 'Close' }).click();
    await page.locator('.sheet').waitFor({ state: 'detached' });
    await at('/');
    await page.goBack();
    await spotHeading.waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('an address opens the page as it says: a panel, the list', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context, problems } = await openPhone(browser, stack.url, { path: '/#list/filters' });
    await page.locator('.sheet.sheet-filters').waitFor();
    await page.locator('.spot-list').waitFor();
    const stats = await openPhone(browser, stack.url, { path: '/#stats' });
    await stats.page.locator('.sheet.sheet-stats').waitFor();
    assert.equal(await stats.page.locator('.spot-list').count(), 0, 'the map, not the list');
    // A hash the page does not know opens the map alone, and so does a report's: it waits for Report.
    const unknown = await openPhone(browser, stack.url, { path: '/#nothing-here' });
    await unknown.page.locator('.leaflet-container').waitFor();
    assert.equal(await unknown.page.locator('.sheet').count(), 0);
    const report = await openPhone(browser, stack.url, { path: '/#report' });
    await report.page.locator('.leaflet-container').waitFor();
    assert.equal(await report.page.locator('.sheet').count(), 0, 'no report form without its place');
    const phones = [{ context, problems }, stats, unknown, report];
    assert.deepEqual(
      phones.flatMap((p) => p.problems),
      [],
    );
    await Promise.all(phones.map((p) => p.context.close()));
  });
});
