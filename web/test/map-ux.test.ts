import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { ensureSyntheticSpots } from '../../server/src/cli/synthetic.sql.ts';
import { deviceWithStanding } from '../../server/test/factories.ts';
import {
  axeViolations,
  blockLocation,
  browserSuite,
  layoutShift,
  mapTool,
  openPhone,
  PHONE,
  Signal,
  savedForOffline,
  screenshot,
  showPushed,
  startWebStack,
  uncovered,
} from './browser.ts';

/**
 * The map as people live with it (issue 17): what is typed is kept, shared links land on the spot,
 * the page works offline from the first visit, the sheet gets out of the way, and every state
 * passes axe-core. Each test names the failure it guards against.
 */

/** Where an element is on screen, or undefined when it is not rendered. */
const box = (page: Page, selector: string) => page.locator(selector).first().boundingBox();

async function spotId(url: string, title: string): Promise<number> {
  const res = await fetch(`${url}/api/search?q=${encodeURIComponent(title)}&places=0`);
  const { spots } = (await res.json()) as { spots: { id: number; title: string }[] };
  const hit = spots.find((s) => s.title === title);
  assert.ok(hit, `${title} is a public spot`);
  return hit.id;
}

/** The map's zoom, as the page keeps it for the next visit after every move. */
const mapZoom = (page: Page) =>
  page.evaluate(() => Number(JSON.parse(localStorage.getItem('hatari.view') ?? '{}').zoom));

async function noAxeViolations(page: Page, state: string) {
  assert.deepEqual(await axeViolations(page), [], `axe-core finds nothing wrong: ${state}`);
}

describe('the map as people live with it', () => {
  const suite = browserSuite();

  test('1. a half-typed report survives closing, other panels, a marker, a reload and a language switch', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context, problems } = await openPhone(browser, stack.url);
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await page.locator('.map').click({ position: { x: 80, y: 450 } });
    await page.getByLabel('Title').fill('Dark corner by the car wash');
    await page.getByLabel('Category').selectOption('robbery');
    await page.getByLabel('Severity', { exact: true }).selectOption('4');
    await page.getByLabel('When is it dangerous?').selectOption('night');
    const location = await page.locator('#report-coordinates').innerText();
    const kept = async (why: string) => {
      await page.getByRole('button', { name: 'Report', exact: true }).click();
      assert.equal(await page.getByLabel('Title').inputValue(), 'Dark corner by the car wash', why);
      assert.equal(await page.getByLabel('Category').inputValue(), 'robbery', why);
      assert.equal(await page.getByLabel('Severity', { exact: true }).inputValue(), '4', why);
      assert.equal(await page.locator('#report-coordinates').innerText(), location, why);
    };
    await page.getByRole('button', { name: 'Close' }).click();
    await kept('after closing the sheet');
    await page.getByRole('button', { name: 'Stats' }).click();
    await kept('after opening another panel');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.locator('.leaflet-marker-icon.spot-marker').first().click();
    await page.locator('.spot-detail').waitFor();
    await kept('after tapping a marker');
    await page.reload();
    await kept('after a reload');
    await page.getByLabel('Language').selectOption('lg');
    assert.equal(
      await page.locator('#report-title').inputValue(),
      'Dark corner by the car wash',
      'in Luganda',
    );
    await page.getByLabel('Olulimi').selectOption('en');
    await screenshot(page, 'ux-01-draft-kept');

    await page.getByRole('button', { name: 'Discard draft' }).click();
    assert.equal(await page.getByLabel('Title').inputValue(), '');
    assert.equal(await page.locator('#report-location').innerText(), 'Not chosen yet');
    await page.reload();
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    assert.equal(await page.getByLabel('Title').inputValue(), '', 'a discarded draft is gone for good');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('2. the form checks lengths and ranges as the user types, and never sends a report that cannot succeed', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/spots') && sent.push(r.url()));
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    const title = page.getByLabel('Title');
    await title.fill('ab');
    await page.getByLabel('Category').focus();
    await assert.doesNotReject(page.getByText('The title must be 3 to 80 characters.').waitFor());
    await title.fill('abc');
    await assert.doesNotReject(
      page.getByText('The title must be 3 to 80 characters.').waitFor({ state: 'detached' }),
      'the message goes as soon as the title is long enough',
    );
    await page.getByText('More details (optional)').click();
    await page.getByLabel('Source').fill('javascript:alert(1)');
    await page.getByLabel('Area').focus();
    await assert.doesNotReject(
      page.getByText('The source must be a web link starting with http:// or https://.').waitFor(),
    );
    await page.getByRole('button', { name: 'Send report' }).click();
    for (const message of [
      'Choose the place on the map or use your location.',
      'Choose a category.',
      'Choose how serious it is.',
      'Choose when it is dangerous.',
    ])
      await assert.doesNotReject(page.getByText(message).waitFor(), message);
    await screenshot(page, 'ux-02-checked-as-typed');
    assert.deepEqual(sent, [], 'nothing was sent, so none of the five reports an hour was used');
    await noAxeViolations(page, 'report form with errors');
    await context.close();
  });

  test('3, 5, 12. a shared link opens at street zoom, the marker above the sheet, with no empty sheet or jump', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const id = await spotId(stack.url, 'Kajjansi');
    // Cold opens on a slow phone: every time the same framing.
    for (let i = 0; i < 3; i++) {
      const { page, context, problems } = await openPhone(browser, stack.url, {
        path: `/spots/${id}`,
        slow: true,
      });
      assert.equal(await page.title(), 'Kajjansi · Hatari', 'the page is named after the spot');
      const heading = page.locator('.spot-detail').getByRole('heading', { name: 'Kajjansi' });
      await heading.waitFor();
      await page.waitForFunction(() =>
        document.querySelector('.leaflet-marker-icon.spot-marker[title^="Kajjansi: "]'),
      );
      await page.waitForTimeout(1500);
      assert.equal(await mapZoom(page), 16, 'street zoom');
      const marker = await box(page, '.leaflet-marker-icon.spot-marker[title^="Kajjansi: "]');
      const sheet = await box(page, '.sheet');
      const top = await box(page, '.topbar');
      assert.ok(marker && sheet && top, 'marker, sheet and top bar are on screen');
      assert.ok(
        marker.y > top.y + top.height && marker.y + marker.height < sheet.y,
        `the marker (${Math.round(marker.y)} px) lies between the top bar and the sheet (${Math.round(sheet.y)} px), open ${i + 1}`,
      );
      assert.ok(
        await page.getByRole('button', { name: 'Still dangerous' }).isVisible(),
        'vote without scrolling',
      );
      const shift = await layoutShift(page);
      assert.ok(shift <= 0.05, `layout shift ${shift.toFixed(3)} ≤ 0.05, open ${i + 1}`);
      if (i === 0) {
        await screenshot(page, 'ux-03-shared-link');
        await noAxeViolations(page, 'a shared spot');
      }
      assert.deepEqual(problems, []);
      await context.close();
    }

    // After publishing a report, its marker is above the sheet too.
    const { page, context } = await openPhone(browser, stack.url);
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await page.locator('.map').click({ position: { x: 120, y: 620 } });
    await page.getByLabel('Title').fill('Lonely stretch past the quarry');
    await page.getByLabel('Category').selectOption('other');
    await page.getByLabel('Severity', { exact: true }).selectOption('2');
    await page.getByLabel('When is it dangerous?').selectOption('night');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page
      .locator('.spot-detail')
      .getByRole('heading', { name: 'Lonely stretch past the quarry' })
      .waitFor();
    await page.waitForTimeout(800);
    const marker = await box(
      page,
      '.leaflet-marker-icon.spot-marker[title^="Lonely stretch past the quarry: "]',
    );
    const sheet = await box(page, '.sheet');
    assert.ok(marker && sheet && marker.y + marker.height < sheet.y, 'the new spot shows above the sheet');
    assert.match(page.url(), /\/spots\/\d+$/);
    await context.close();
  });

  test('4, 15. offline from the first visit: the map, search of saved spots, and what was and was not sent', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const signal = await Signal.to(stack.url);
    t.after(() => signal.close());
    // On a slow first visit the service worker takes control of the page while the list is still
    // on its way: that list did not go through the worker, so the page must save it itself.
    let controlled = () => {};
    const workerInControl = new Promise<void>((resolve) => {
      controlled = resolve;
    });
    const { page, context } = await openPhone(browser, signal.url, {
      offlineCapable: true,
      beforeOpen: (phone) =>
        phone.route(
          (url) => url.pathname === '/api/spots' && url.search === '?limit=1000',
          async (route) => {
            await workerInControl;
            await route.continue();
          },
          { times: 1 },
        ),
    });
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    controlled();
    await page.locator('.leaflet-marker-icon').first().waitFor();
    await savedForOffline(page);
    await signal.lose(context);
    await page.reload();
    // The service worker gives the network up to 6 s before it answers from the saved list.
    await assert.doesNotReject(
      page.getByText(/Offline: showing the spots saved on this phone on/).waitFor({ timeout: 30_000 }),
    );
    assert.ok((await page.locator('.leaflet-marker-icon').count()) > 0, 'the saved spots are on the map');
    await noAxeViolations(page, 'offline, with the saved list');

    await page.getByRole('searchbox', { name: 'Search spots and places' }).fill('kajj');
    const hit = page.locator('.search-results').getByRole('button', { name: /Kajjansi/ });
    await assert.doesNotReject(hit.waitFor());
    assert.match(
      await page.locator('.search-results').innerText(),
      /No connection: searching the spots saved/,
    );
    await screenshot(page, 'ux-04-offline-search');
    await hit.click();
    await page.locator('.spot-detail').getByRole('heading', { name: 'Kajjansi' }).waitFor();
    await page.getByRole('button', { name: 'Still dangerous' }).click();
    await assert.doesNotReject(
      page.getByText('No connection: nothing was sent. Try again when you are online.').waitFor(),
    );

    await page.getByRole('button', { name: 'Stats' }).click();
    await assert.doesNotReject(
      page.getByText('No connection: statistics need the internet.', { exact: false }).waitFor(),
    );
    await noAxeViolations(page, 'statistics offline');

    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await page.locator('.map').click({ position: { x: 80, y: 450 } });
    await page.getByLabel('Title').fill('Unlit lane offline');
    await page.getByLabel('Category').selectOption('other');
    await page.getByLabel('Severity', { exact: true }).selectOption('2');
    await page.getByLabel('When is it dangerous?').selectOption('night');
    await page.getByRole('button', { name: 'Send report' }).click();
    await assert.doesNotReject(
      page
        .getByText('No connection: your report was not sent. It is kept on this phone', { exact: false })
        .waitFor(),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    assert.equal(
      await page.getByLabel('Title').inputValue(),
      'Unlit lane offline',
      'the draft survives offline',
    );
    await signal.regain(context);
    await page.getByRole('button', { name: 'Send report' }).click();
    await assert.doesNotReject(page.getByText('Thank you. Your report is on the map.').waitFor());
    await context.close();
  });

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
  test('16, 17. a shared spot stands out of its cluster; a tap beside it offers a pin, the sheet names the place and offers the spot to confirm', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const id = await spotId(stack.url, 'Kalerwe');
    const sent: string[] = [];
    const { page, context, problems } = await openPhone(browser, stack.url, { path: `/spots/${id}` });
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/spots') && sent.push(r.url()));
    // The shared spot: its own marker, marked open, never inside a cluster.
    const open = page.locator('.leaflet-marker-icon.spot-marker.open[title^="Kalerwe: "]');
    await open.waitFor();
    const marker = await open.boundingBox();
    assert.ok(marker, 'the open spot is on screen');

    // A tap 40 px beside it (about 95 m at street zoom): the sheet steps aside, a pin offers to report.
    const tap = { x: marker.x + marker.width / 2 + 40, y: marker.y + marker.height / 2 };
    await page.mouse.click(tap.x, tap.y);
    const offer = page.getByRole('button', { name: 'Report a danger here' });
    await offer.waitFor();
    assert.equal(await page.locator('.report-form').count(), 0, 'no form opens by itself');
    const pin = await page.locator('.report-pin').boundingBox();
    assert.ok(pin && Math.abs(pin.x + pin.width / 2 - tap.x) < 3, 'the pin stands where the map was tapped');
    await noAxeViolations(page, 'a pin offering to report');
    await screenshot(page, 'ux-16-pin-offered');

    // The sheet names the place (never a lookup per tap) and offers the spot right there.
    await offer.click();
    await page.locator('.report-form').waitFor();
    await assert.doesNotReject(page.getByText(/^Near Kawempe \(\d+ m\)/).waitFor());
    const same = page.locator('.same-place');
    await same.getByText('Is it one of these? Confirm it instead.').waitFor();
    assert.match(await same.locator('li').first().innerText(), /Kalerwe[\s\S]*\d+ m away/);
    // The sheet's small map shows the pin at street level, with the spot already there beside it.
    const pinMap = page.locator('#report-pin-map');
    await pinMap.locator('.spot-marker.other').first().waitFor();
    assert.equal(await pinMap.locator('.mini-pin').count(), 1, 'the pin on the small map');
    const pinOnMini = await pinMap.locator('.mini-pin').boundingBox();
    const mini = await pinMap.boundingBox();
    assert.ok(
      pinOnMini && mini && pinOnMini.x > mini.x && pinOnMini.x + pinOnMini.width < mini.x + mini.width,
      'the pin inside the small map',
    );
    const before = await page.locator('#report-coordinates').innerText();
    const pinBox = await page.locator('.report-pin').boundingBox();
    assert.ok(pinBox, 'the pin is above the sheet');
    await page.mouse.move(pinBox.x + pinBox.width / 2, pinBox.y + pinBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(pinBox.x + pinBox.width / 2 - 30, pinBox.y + pinBox.height / 2 - 20, { steps: 6 });
    await page.mouse.up();
    await page.waitForFunction(
      (was) => document.querySelector('#report-coordinates')?.textContent !== was,
      before,
    );
    await screenshot(page, 'ux-17-same-place');
    await noAxeViolations(page, 'the report sheet offering the spot there');

    // Confirming it instead: the vote counts, nothing is reported, the spot opens.
    const votes = page.waitForResponse((r) => /\/api\/spots\/\d+\/vote$/.test(r.url()));
    await same.getByRole('button', { name: 'Still dangerous' }).first().click();
    assert.equal((await votes).status(), 200);
    await assert.doesNotReject(
      page.getByText('Thank you: you confirmed “Kalerwe” instead of reporting it again.').waitFor(),
    );
    await assert.doesNotReject(
      page.locator('.spot-detail').getByRole('heading', { name: 'Kalerwe' }).waitFor(),
    );
    assert.deepEqual(sent, [], 'no new report');
    assert.deepEqual(problems, []);
    await context.close();
  });
  test('18-21. a tapped cluster shows all its spots where nothing covers them; messages go; the list is by distance; the search box fits', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context, problems } = await openPhone(browser, stack.url, { permissions: ['geolocation'] });
    await context.setGeolocation({ latitude: 0.3136, longitude: 32.5811 });
    await page.locator('.leaflet-marker-icon.spot-cluster').first().waitFor();
    await page.waitForTimeout(800);
    // The largest cluster in sight, tapped: every spot it stood for is then on screen, uncovered.
    const clusters = await page
      .locator('.leaflet-marker-icon.spot-cluster')
      .evaluateAll((els) => els.map((e, i) => ({ i, n: Number(e.textContent) })));
    const biggest = clusters.sort((a, b) => b.n - a.n)[0];
    assert.ok(biggest && biggest.n >= 3, 'a cluster of several spots');
    await page.locator('.leaflet-marker-icon.spot-cluster').nth(biggest.i).click();
    await page.waitForTimeout(1200);
    const free = await uncovered(page);
    const inSight = await page.evaluate((f) => {
      let n = 0;
      for (const el of document.querySelectorAll(
        '.leaflet-marker-icon.spot-marker, .leaflet-marker-icon.spot-cluster',
      )) {
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        if (x >= f.left && x <= f.right && y >= f.top && y <= f.bottom)
          n += el.classList.contains('spot-cluster') ? Number(el.textContent) : 1;
      }
      return n;
    }, free);
    assert.ok(inSight >= biggest.n, `${inSight} spots in sight after tapping a cluster of ${biggest.n}`);
    await screenshot(page, 'ux-18-cluster-framed');

    // Where the phone is known (nearby alerts watch it), the list is nearest first, with distances.
    await (await mapTool(page, 'Nearby alerts')).click();
    await page.getByRole('button', { name: 'List' }).click();
    await page.getByText('Nearest first, from where you are.').waitFor();
    const away = await page
      .locator('.spot-list li small')
      .evaluateAll((els) => els.map((e) => /^(\d+(?:\.\d)?) (m|km) away/.exec(e.textContent ?? '')));
    const metres = away.map((m) => (m ? Number(m[1]) * (m[2] === 'km' ? 1000 : 1) : Number.NaN));
    assert.deepEqual(
      metres,
      [...metres].sort((a, b) => a - b),
      `nearest first: ${metres.join(', ')}`,
    );
    assert.ok(metres.every(Number.isFinite), 'each with its distance');
    await screenshot(page, 'ux-19-list-by-distance');
    await page.getByRole('button', { name: 'Map' }).click();

    // A message goes by itself (after 8 s), the close button aside.
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await page.locator('.map').click({ position: { x: 200, y: 300 } });
    await page.getByLabel('Title').fill('Unlit lane behind the school');
    await page.getByLabel('Category').selectOption('robbery');
    await page.getByLabel('Severity', { exact: true }).selectOption('2');
    await page.getByLabel('When is it dangerous?').selectOption('night');
    await page.getByRole('button', { name: 'Send report' }).click();
    const toast = page.getByText('Thank you. Your report is on the map.');
    await toast.waitFor();
    await assert.doesNotReject(toast.waitFor({ state: 'detached', timeout: 12_000 }));
    assert.deepEqual(problems, []);
    await context.close();

    // On a 360 px phone the search box's words fit, in every language.
    const small = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const narrow = await small.newPage();
    await narrow.goto(stack.url);
    for (const lang of ['en', 'lg', 'sw']) {
      await narrow.locator('select').first().selectOption(lang);
      const fit = await narrow.locator('#search').evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room =
          input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return { text: input.placeholder, width: ctx.measureText(input.placeholder).width, room };
      });
      assert.ok(
        fit.width <= fit.room,
        `"${fit.text}" (${Math.round(fit.width)} px) fits in ${Math.round(fit.room)} px`,
      );
    }
    await small.close();
  });
  test('22. push alerts: the page says what it sends, watches a place, the alert shows as a notification, one tap stops all', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    // Headless Chromium reaches no real push service: PushManager hands out a subscription of the
    // fake push service on loopback, with real keys, so what the server sends can be decrypted.
    const subscription = stack.push.subscribe();
    const { page, context, problems } = await openPhone(browser, stack.url, {
      offlineCapable: true,
      permissions: ['notifications'],
      beforeOpen: (p) =>
        p.addInitScript((sub) => {
          let current: unknown = null;
          const made = () => ({
            endpoint: sub.endpoint,
            toJSON: () => sub,
            unsubscribe: async () => {
              current = null;
              return true;
            },
          });
          PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
            (window as unknown as { subscribedWith: unknown }).subscribedWith = options?.applicationServerKey;
            current = made();
            return current as PushSubscription;
          };
          PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
        }, subscription),
    });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await (await mapTool(page, 'Get alerts')).click();
    await page.getByText('At most 3 a day').waitFor();
    assert.match(await page.locator('.watch').innerText(), /none come while people sleep \(22:00–06:00\)/);
    // The map's middle is named after the nearest place known; a name typed over it stays.
    await page.waitForFunction(
      () => (document.querySelector('#watch-place') as HTMLInputElement).value !== '',
    );
    await page.getByLabel('Name of the place').fill('Wandegeya');
    await page.getByLabel('How near').selectOption({ label: '2.0 km' });
    await page.getByRole('button', { name: 'Alert me' }).click();
    await page.getByText('Alerts for Wandegeya are on.').waitFor();
    const item = await page.locator('.watch .kept-areas li').innerText();
    assert.match(item, /Wandegeya\s+within 2\.0 km, Any time/);
    assert.equal(await page.getByLabel('Name of the place').inputValue(), 'Wandegeya');
    const key = await page.evaluate(() =>
      Array.from(new Uint8Array((window as unknown as { subscribedWith: ArrayBuffer }).subscribedWith)),
    );
    const info = (await (await fetch(`${stack.url}/api/push`)).json()) as { public_key: string };
    assert.deepEqual(key, [...Buffer.from(info.public_key, 'base64url')], "subscribed with the site's key");
    await noAxeViolations(page, 'the alerts panel with a watch');
    await screenshot(page, 'ux-22-push-alerts');

    // A new serious danger where the phone watches: the push service gets one alert for it. At the
    // top severity, as alerts of a lesser one wait for the morning while people sleep (22:00–06:00
    // in Kampala), and a test run then failed here.
    const [watched] = await stack.app.db.query<{ lat: number; lng: number }>(
      'SELECT lat, lng FROM watches WHERE push_id IS NOT NULL',
    );
    assert.ok(watched, 'the watch is stored');
    // From a phone with standing: a newcomer's report would wait for a second voice before alerting.
    const res = await stack.app.inject({
      method: 'POST',
      url: '/api/spots',
      headers: { 'user-agent': 'another phone', cookie: await deviceWithStanding(stack.app) },
      payload: {
        title: 'Bag snatching at the junction',
        lat: watched.lat + 0.002,
        lng: watched.lng,
        category: 'robbery',
        severity: 5,
        time_of_day: 'any',
      },
    });
    assert.equal(res.statusCode, 201, res.body);
    const started = performance.now();
    while (!stack.push.to(subscription.endpoint).length && performance.now() - started < 15_000)
      await new Promise((r) => setTimeout(r, 100));
    const [delivered] = stack.push.to(subscription.endpoint);
    assert.ok(delivered, 'the push service got the alert');
    // The push service hands it to the browser's service worker, which shows it.
    const { shown: notes, workerErrors } = await showPushed(context, page, stack.url, delivered.payload);
    assert.deepEqual(workerErrors, [], 'the service worker reported no error');
    assert.equal(notes.length, 1);
    assert.equal(notes[0]?.title, 'Hatari');
    assert.match(notes[0]?.body ?? '', /^New danger \d+ m from Wandegeya: #\d+ Robbery or snatching 5\/5/);

    await page.getByRole('button', { name: 'Stop all alerts on this phone' }).click();
    await page.getByText('All alerts on this phone are stopped.').waitFor();
    const left = await stack.app.db.query('SELECT 1 FROM push_subscriptions');
    assert.equal(left.length, 0, 'the server forgot the subscription');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
