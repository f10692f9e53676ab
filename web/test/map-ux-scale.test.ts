import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ensureSyntheticSpots } from '../../server/src/cli/synthetic.sql.ts';
import { browserSuite, openPhone, PHONE, screenshot, startWebStack } from './browser.ts';
import { blockLocation, box, mapTool, mapZoom, noAxeViolations } from './map-helpers.ts';

/**
 * The map as people live with it (issue 17): what is typed is kept, shared links land on the spot,
 * the page works offline from the first visit, the sheet gets out of the way, and every state
 * passes axe-core. Each test names the failure it guards against.
 */

describe('the map as people live with it: clusters, the sheet, dates, reach, location, SOS', () => {
  const suite = browserSuite();

  test('6, 9. at scale, clusters that show severity come before the long list, and the map never re-frames', async (t) => {
    const { browser } = suite;
    if (!browser) return t.skip('no Chromium');
    const big = await startWebStack();
    try {
      await ensureSyntheticSpots(big.app.db, 5000);
      const { page, context, problems } = await openPhone(browser, big.url, {
        slow: true,
        path: '/icon.svg',
      });
      const events: string[] = [];
      const failedTiles: string[] = [];
      const zooms: number[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/spots/tiles/')) events.push('tiles asked');
      });
      page.on('requestfinished', (r) => {
        if (r.url().endsWith('/api/spots?limit=1000')) events.push('list loaded');
      });
      page.on('requestfailed', (r) => {
        if (r.url().endsWith('.png')) failedTiles.push(r.url());
      });
      await page.goto(`${big.url}/`);
      await page.locator('.leaflet-marker-icon.spot-cluster').first().waitFor();
      for (let i = 0; i < 6; i++) {
        zooms.push(await mapZoom(page));
        await page.waitForTimeout(500);
      }
      assert.equal(
        events[0],
        'tiles asked',
        `the tiles are asked for before the list arrives (${events.join(', ')})`,
      );
      assert.deepEqual([...new Set(zooms)], [11], 'the map stays at the zoom it opened with');
      assert.deepEqual(failedTiles, [], 'no tile request was cancelled by a re-framing');
      const rings = await page
        .locator('.spot-cluster .ring')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).style.background));
      assert.ok(
        rings.length > 0 && rings.every((b) => b.includes('conic-gradient')),
        'each cluster is a ring',
      );
      assert.ok(
        rings.some((b) => (b.match(/var\(--sev-/g) ?? []).length >= 3),
        'a cluster of mixed spots shows several severities',
      );
      await screenshot(page, 'ux-06-severity-clusters');
      await noAxeViolations(page, 'clusters at scale');

      // A drag asks the tiles of the views it passes before it stops, so those of the view it settles
      // on are at hand (or on their way) when it does.
      const tileAsks: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/spots/tiles/')) tileAsks.push(r.url());
      });
      const box = await page.locator('section.map').boundingBox();
      assert.ok(box, 'the map is on the page');
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.3, { steps: 12 });
      await page.waitForTimeout(300);
      const whileDragging = tileAsks.length;
      await page.mouse.up();
      await page.waitForTimeout(2500);
      assert.ok(whileDragging > 0, 'tiles were asked while the map was dragged');
      assert.ok(tileAsks.length > whileDragging, 'and the view it settled on was asked when it stopped');
      assert.deepEqual(problems, []);
      await context.close();
    } finally {
      await big.close();
    }
  });

  test('7. the sheet collapses, drags and closes with the routes still drawn; a failure keeps them', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    await page.getByRole('button', { name: 'Route', exact: true }).click();
    await page.locator('#route-from').pressSequentially('Kalerwe', { delay: 20 });
    await page.getByRole('button', { name: /Kalerwe Place/ }).click();
    await page.locator('#route-to').pressSequentially('Old Taxi', { delay: 20 });
    await page.getByRole('button', { name: /Old Taxi Park Place/ }).click();
    await page.getByRole('button', { name: 'Check route' }).click();
    await page.locator('ol.routes > li').first().waitFor();
    const drawn = () => page.locator('path.route-line').count();
    // The map draws the routes just after the list shows them.
    await page.waitForFunction(() => document.querySelectorAll('path.route-line').length >= 2);
    assert.ok((await drawn()) >= 2, 'both routes are drawn');

    const handle = page.locator('.sheet-handle');
    assert.equal(await handle.getAttribute('aria-expanded'), 'true');
    await handle.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(
      () => (document.querySelector('.sheet')?.getBoundingClientRect().height ?? 0) < 80,
    );
    const peek = await box(page, '.sheet');
    assert.ok(peek && peek.height < 80, `collapsed to its header (${peek?.height} px)`);
    assert.equal(await handle.getAttribute('aria-expanded'), 'false');
    assert.ok((await drawn()) >= 2, 'the routes stay drawn while the sheet is down');
    await screenshot(page, 'ux-07-sheet-peek');

    // Dragging the header up takes the sheet to full height.
    const head = await box(page, '.sheet-head');
    assert.ok(head, 'the sheet has a header to drag');
    await page.mouse.move(head.x + 40, head.y + 20);
    await page.mouse.down();
    await page.mouse.move(head.x + 40, head.y - 500, { steps: 8 });
    await page.mouse.up();
    await page
      .waitForFunction(
        (min) => (document.querySelector('.sheet')?.getBoundingClientRect().height ?? 0) > min,
        PHONE.height * 0.7,
      )
      .catch(() => {});
    const full = await box(page, '.sheet');
    assert.ok(full && full.height > PHONE.height * 0.7, `dragged up to full (${full?.height} px)`);

    await page.getByRole('button', { name: 'Close' }).click();
    assert.ok((await drawn()) >= 2, 'closing the sheet keeps the routes on the map');
    await page.getByRole('button', { name: 'Route', exact: true }).click();
    assert.equal(await page.locator('ol.routes > li').count(), 2, 'and in the panel');

    stack.osrm.mode = 'down';
    try {
      await page.getByLabel('Bicycle').check();
      await page.getByRole('button', { name: 'Check route' }).click();
      await page.getByText('The routing service is down right now.', { exact: false }).waitFor();
      assert.equal(await page.locator('ol.routes > li').count(), 2, 'a failure keeps the earlier routes');
      assert.ok((await drawn()) >= 2, 'and keeps them drawn');
    } finally {
      stack.osrm.mode = 'ok';
    }
    await noAxeViolations(page, 'route results');
    await page.getByRole('button', { name: 'Clear the route' }).click();
    // The map takes the routes off just after the panel drops them.
    await page.waitForFunction(() => !document.querySelector('path.route-line')).catch(() => {});
    assert.equal(await drawn(), 0, 'cleared on request');
    await context.close();
  });

  test('8. Luganda dates are in Luganda', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    await page.getByLabel('Language').selectOption('lg');
    await page.getByRole('button', { name: 'Olukalala' }).click();
    const list = await page.locator('.spot-list').innerText();
    assert.match(list, /kyakakasibwa (leero|jjo|ennaku \d+ emabega)/);
    assert.doesNotMatch(list, /today|yesterday|days ago/);
    await noAxeViolations(page, 'the list in Luganda');
    await page.locator('.spot-row').first().click();
    const detail = await page.locator('.spot-detail').innerText();
    assert.doesNotMatch(detail, /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b|today/);
    await screenshot(page, 'ux-08-luganda-dates');
    await noAxeViolations(page, 'a spot in Luganda');
    await context.close();
  });

  test('10, 11, 14. votes and Send in reach; wide search results that tell spots from places; clear labels', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    await page.getByRole('button', { name: 'List' }).click();
    await page
      .getByRole('button', { name: /Kalerwe/ })
      .first()
      .click();
    const vote = await box(page, 'button.vote.yes');
    const nav = await box(page, '.bottom-nav');
    assert.ok(vote && nav && vote.y + vote.height < nav.y, 'the vote buttons show without scrolling');

    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    const send = await box(page, 'button[type="submit"].primary');
    assert.ok(
      send && send.y + send.height <= PHONE.height - (nav?.height ?? 0),
      'Send shows without scrolling',
    );
    const severities = await page.locator('#report-severity option').allInnerTexts();
    const categories = await page.locator('#report-category option').allInnerTexts();
    assert.equal(severities.length, 6);
    for (const s of severities.slice(1))
      assert.ok(!categories.some((c) => s.endsWith(c)), `severity "${s}" is not named like a category`);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Filters' }).click();
    await noAxeViolations(page, 'the filters');
    await page.getByRole('button', { name: 'Close' }).click();

    await page
      .getByRole('searchbox', { name: 'Search spots and places' })
      .pressSequentially('kalerwe', { delay: 30 });
    const place = page.getByRole('button', { name: /Kalerwe Place · Kawempe/ });
    await place.waitFor();
    const spot = page.locator('.spot-hit', { hasText: 'Kalerwe' }).first();
    assert.match(await spot.innerText(), /Kalerwe\s+Spot/, 'a spot says it is a spot');
    const results = await box(page, '.search-results');
    assert.ok(
      results && results.width >= PHONE.width * 0.9,
      `results span the screen (${results?.width} px)`,
    );
    const title = await box(page, '.place-hit strong');
    assert.ok(title && title.height < 30, 'a place name fits on one line');
    await screenshot(page, 'ux-11-search');
    await noAxeViolations(page, 'search results');
    await context.close();
  });

  test('13. nearby alerts with location blocked: the switch goes off, the zoom buttons stay usable', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    await blockLocation(page);
    await (await mapTool(page, 'Nearby alerts')).click();
    await assert.doesNotReject(
      page.getByText('Nearby alerts need your location, which is blocked.', { exact: false }).waitFor(),
    );
    const toggle = await mapTool(page, 'Nearby alerts');
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false', 'the switch is off again');
    await page.keyboard.press('Escape');
    const zoomIn = await box(page, '.leaflet-control-zoom-in');
    assert.ok(zoomIn, 'the zoom buttons are on screen');
    const onTop = await page.evaluate(
      ([x, y]) =>
        Boolean(document.elementFromPoint(x as number, y as number)?.closest('.leaflet-control-zoom-in')),
      [zoomIn.x + zoomIn.width / 2, zoomIn.y + zoomIn.height / 2],
    );
    assert.ok(onTop, 'nothing covers the zoom buttons');
    await screenshot(page, 'ux-13-alerts-blocked');
    await context.close();
  });

  test('15. SOS is named SOS, the sheet is a dialog that takes focus and closes on Escape, and there is a legend', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    const sos = page.getByRole('button', { name: 'SOS', exact: true });
    await sos.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Emergency numbers' });
    await dialog.waitFor();
    assert.ok(await dialog.evaluate((d) => d.contains(document.activeElement)), 'focus moved into the sheet');
    await noAxeViolations(page, 'the SOS sheet');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The sheet hands focus back after it unmounts: on a loaded machine a moment later.
    await page
      .waitForFunction(() => document.activeElement?.textContent === 'SOS', undefined, { timeout: 3000 })
      .catch(() => undefined);
    assert.equal(
      await page.evaluate(() => document.activeElement?.textContent),
      'SOS',
      'focus went back to SOS',
    );

    await (await mapTool(page, 'Legend')).click();
    const legend = page.getByRole('region', { name: 'What the map shows' });
    const text = await legend.innerText();
    for (const n of [1, 2, 3, 4, 5]) assert.match(text, new RegExp(`${n}\\n`));
    assert.match(text, /Someone was killed/);
    // The three looks of confidence, and what each means.
    assert.match(text, /Solid: likely.*\n.*Lighter: possible\n.*Faint: unconfirmed/s);
    const numbers = await page.locator('.leaflet-marker-icon.spot-marker span').allInnerTexts();
    assert.ok(
      numbers.length > 0 && numbers.every((n) => /^[1-5]$/.test(n)),
      'each marker shows its severity',
    );
    await screenshot(page, 'ux-15-legend');
    await noAxeViolations(page, 'the map with its legend');
    await context.close();
  });
});
