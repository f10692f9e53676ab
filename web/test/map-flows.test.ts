import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserSuite, openPhone, savedForOffline, screenshot } from './browser.ts';
import {
  mapTool,
  phoneContextAt,
  SEED_SPOTS,
  settleSpotsOnMap,
  spotsOnMap,
  uncovered,
} from './map-helpers.ts';
import { Signal } from './signal.ts';

describe('the map page on a phone: routes, offline, languages and the safety tools', () => {
  const suite = browserSuite();

  test('checks a route against the router, safest first with dangers, and warns when it is down', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    await page.getByRole('button', { name: 'Route' }).click();
    const from = page.locator('#route-from');
    await from.pressSequentially('Kalerwe', { delay: 30 });
    // A place comes from the place service after the typing pause, at most one lookup a second for the
    // whole app: on a machine loaded by the fuzzing lane it once took longer than 10 s in CI.
    await page.getByRole('button', { name: /Kalerwe Place · Kawempe, Kampala/ }).click({ timeout: 30_000 });
    await page.locator('#route-to').pressSequentially('Old Taxi', { delay: 30 });
    await page.getByRole('button', { name: /Old Taxi Park Place · Nakivubo/ }).click({ timeout: 30_000 });
    await page.getByLabel('Walk').check();
    const asked = page.waitForRequest((r) => r.url().includes('/api/route?'));
    await page.getByRole('button', { name: 'Check route' }).click();
    const params = new URL((await asked).url()).searchParams;
    assert.equal(params.get('detail'), 'compact', 'the page asks only for what it shows');
    assert.equal(params.get('order'), 'weighted', 'safest by how sure the map is of each danger');
    const routes = page.locator('ol.routes > li');
    await assert.doesNotReject(routes.first().waitFor());
    assert.equal(await routes.count(), 2);
    // Both roads pass the same two spots: neither is called the safest, and each shows its weighted risk.
    assert.match(await routes.first().innerText(), /^Route 1\n.*2 known danger spots · risk \d+(\.\d)?/);
    assert.match(await routes.nth(1).innerText(), /^Route 2\n/);
    // Each danger says how sure the map is of it, and the page says what risk means.
    assert.match(await page.locator('.dangers').innerText(), /Kalerwe.*\((likely|possible|unconfirmed)\)/);
    await assert.doesNotReject(page.getByText(/Risk adds each danger’s severity/).waitFor());
    assert.ok((await page.locator('path.route-line').count()) >= 2, 'both routes are drawn');
    // Above the markers and clusters, thick, its dangers ringed.
    const zIndex = (pane: string) =>
      page.locator(`.leaflet-${pane}-pane`).evaluate((e) => Number(getComputedStyle(e).zIndex));
    assert.ok((await zIndex('routes')) > (await zIndex('marker')), 'the routes are drawn over the markers');
    assert.equal(
      await page.locator('.leaflet-routes-pane path.route-line.chosen').getAttribute('stroke-width'),
      '8',
    );
    assert.equal(
      await page.locator('.leaflet-routes-pane path.route-danger').count(),
      2,
      "the chosen route's two dangers",
    );
    // Framed where nothing covers them: below the tools, above the sheet, read once the map and the
    // sheet have stopped moving (on a loaded machine the framing could still be under way here, and a
    // framing that stays wrong still fails).
    const layout = async () => ({
      free: await uncovered(page),
      lines: await page
        .locator('path.route-line')
        .evaluateAll((paths) => paths.map((p) => p.getBoundingClientRect().toJSON() as DOMRect)),
    });
    let seen = await layout();
    for (let i = 0; i < 20; i++) {
      await page.waitForTimeout(250);
      const now = await layout();
      if (JSON.stringify(now) === JSON.stringify(seen)) break;
      seen = now;
    }
    const { free, lines } = seen;
    for (const r of lines)
      assert.ok(
        r.top >= free.top - 2 && r.bottom <= free.bottom + 2 && r.left >= free.left && r.right <= free.right,
        `a route at ${JSON.stringify(r)} lies in the uncovered map ${JSON.stringify(free)}`,
      );
    assert.match(
      String(stack.osrm.calls.at(-1)?.pathname),
      /^\/route\/v1\/foot\//,
      'walking uses the foot profile',
    );
    await screenshot(page, '09-route');

    stack.osrm.mode = 'down';
    try {
      await page.getByLabel('Bicycle').check(); // a route not asked before, so not cached
      await page.getByRole('button', { name: 'Check route' }).click();
      await assert.doesNotReject(
        page.getByText('The routing service is down right now. Try again in a few minutes.').waitFor(),
      );
      await screenshot(page, '10-route-service-down');
    } finally {
      stack.osrm.mode = 'ok';
    }
    await context.close();
  });

  test('shows a title carrying markup as plain text, never as markup', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const payload = '<img src=x onerror="window.__xss=1">Boda stage';
    const description = '<script>window.__xss=2</script><b>bold?</b>';
    const res = await fetch(`${stack.url}/api/spots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'xss-reporter' },
      body: JSON.stringify({
        title: payload,
        description,
        area: '<svg onload=alert(1)>',
        lat: 0.33,
        lng: 32.58,
        category: 'other',
        severity: 2,
        time_of_day: 'night',
      }),
    });
    const { spot } = (await res.json()) as { spot: { id: number } };
    const { page, context, problems } = await openPhone(browser, stack.url, { path: `/?spot=${spot.id}` });
    const detail = page.locator('.spot-detail');
    await assert.doesNotReject(detail.getByRole('heading', { name: payload }).waitFor());
    assert.match(await detail.innerText(), /<script>window\.__xss=2<\/script><b>bold\?<\/b>/);
    assert.equal(await detail.locator('img, script, b, svg').count(), 0, 'no element was made from the text');
    assert.equal(await page.evaluate(() => (window as { __xss?: number }).__xss), undefined);
    await screenshot(page, '11-markup-as-text');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('opens offline from the saved page and spot list, and says nothing is sent', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const signal = await Signal.to(stack.url);
    t.after(() => signal.close());
    const { page, context } = await openPhone(browser, signal.url, { offlineCapable: true });
    await savedForOffline(page);
    await page.reload(); // now the worker controls the page
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await page.locator('.leaflet-marker-icon').first().waitFor();

    const online = await spotsOnMap(page);

    await signal.lose(context);
    await page.reload();
    await assert.doesNotReject(page.getByText(/Offline: showing the spots saved on this phone/).waitFor());
    await page.locator('.leaflet-marker-icon').first().waitFor();
    assert.equal(await settleSpotsOnMap(page, online), online);
    await page.getByRole('button', { name: 'List' }).click();
    await page.getByRole('button', { name: /^Kalerwe/ }).click();
    await page.getByRole('button', { name: 'Still dangerous' }).click();
    await assert.doesNotReject(
      page.getByText('No connection: nothing was sent. Try again when you are online.').waitFor(),
    );
    await screenshot(page, '12-offline');
    await context.close();
  });

  test('switches language and remembers it', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    await page.getByLabel('Language').selectOption('sw');
    await assert.doesNotReject(page.getByRole('button', { name: 'Ripoti' }).waitFor());
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'sw');
    await page.reload();
    await assert.doesNotReject(page.getByRole('button', { name: 'Njia' }).waitFor());
    await page.getByLabel('Lugha').selectOption('lg');
    await assert.doesNotReject(page.getByRole('button', { name: 'Loopa' }).waitFor());
    await screenshot(page, '13-luganda');
    await context.close();
  });

  test('has the safety tools: emergency numbers, nearby alerts, stats, filters and heat view', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    await page.getByRole('button', { name: 'SOS' }).click();
    const calls = await page
      .locator('a.sos-call')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.deepEqual(calls, ['tel:999', 'tel:112', 'tel:0800199399', 'tel:+256779999999']);
    const cost = () =>
      page
        .locator('a.sos-call small')
        .evaluateAll((notes) => notes.map((n) => n.textContent?.replace(' · ', '')));
    assert.deepEqual(
      await cost(),
      ['free call', 'free call', 'free call', 'normal call charges'],
      'the mobile police line is said to cost a call',
    );
    await screenshot(page, '14-sos');
    await page.getByRole('button', { name: 'Close' }).click();
    // The same in Swahili, whose sheet once said every number was free from any phone.
    await page.getByLabel('Language').selectOption('sw');
    await page.getByRole('button', { name: 'SOS' }).click();
    assert.deepEqual(await cost(), ['bure', 'bure', 'bure', 'gharama ya kawaida']);
    await page.getByRole('button', { name: 'Funga' }).click();
    await page.getByLabel('Lugha').selectOption('en');

    await page.getByRole('button', { name: 'Stats' }).click();
    await assert.doesNotReject(page.getByText('By category').waitFor());
    assert.match(await page.locator('.totals').innerText(), /Spots\s+2\d/);
    // The bands add up to the total: each spot the statistics count is in one.
    const total = Number((await page.locator('.totals').innerText()).match(/Spots\s+(\d+)/)?.[1]);
    const bands = (await page.locator('.by-confidence .count').allInnerTexts()).map(Number);
    assert.equal(bands.length, 3);
    assert.equal(
      bands.reduce((a, b) => a + b, 0),
      total,
      `likely, possible and unconfirmed: ${bands.join(', ')} of ${total}`,
    );
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('At least this severe').selectOption('5');
    const shown = Number((await page.locator('.filters .muted').innerText()).match(/Showing (\d+)/)?.[1]);
    assert.ok(shown > 0 && shown < SEED_SPOTS, `the filter shows some of the spots (${shown})`);
    assert.equal(await settleSpotsOnMap(page, shown), shown);
    await page.getByLabel('Verified by moderators only').check();
    assert.equal(await settleSpotsOnMap(page, 0), 0, 'no seed spot is moderator-verified');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('button', { name: 'Close' }).click();

    await (await mapTool(page, 'Heat view')).click();
    await assert.doesNotReject(page.locator('canvas.leaflet-heatmap-layer').waitFor());
    assert.equal(await settleSpotsOnMap(page, 0), 0, 'the heat view replaces the markers');
    await (await mapTool(page, 'Heat view')).click();
    await context.close();

    // Nearby alerts: 100 m from Kalerwe, the phone vibrates once and shows the spot.
    const near = await phoneContextAt(browser, 0.3501, 32.5722);
    const phone = await near.newPage();
    await phone.addInitScript(() => {
      const w = window as unknown as { __vibrations: unknown[] };
      w.__vibrations = [];
      navigator.vibrate = ((pattern: VibratePattern) => {
        w.__vibrations.push(pattern);
        return true;
      }) as Navigator['vibrate'];
    });
    // The list comes late (a slow network): the map shows the tiles' spots meanwhile, and the phone,
    // standing still, is told once the list is there.
    let listAsked = false;
    await phone.route(/\/api\/spots\?/, async (route) => {
      listAsked = true;
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue();
    });
    await phone.goto(stack.url);
    await phone.locator('.leaflet-marker-icon').first().waitFor();
    await (await mapTool(phone, 'Nearby alerts')).click();
    await assert.doesNotReject(phone.getByText('Careful: you are near "Kalerwe".').waitFor());
    assert.equal(listAsked, true, 'the list was held back');
    assert.equal(
      await phone.evaluate(() => (window as unknown as { __vibrations: unknown[] }).__vibrations.length),
      1,
    );
    await screenshot(phone, '15-nearby-alert');
    await near.setGeolocation({ latitude: 0.3502, longitude: 32.5723 });
    await phone.waitForTimeout(500);
    assert.equal(
      await phone.evaluate(() => (window as unknown as { __vibrations: unknown[] }).__vibrations.length),
      1,
      'each spot alerts once per visit',
    );
    await near.close();

    // With the site's alert confidence above Kalerwe's, the same phone at the same place is not warned.
    const strict = await phoneContextAt(browser, 0.3501, 32.5722);
    const doubtful = await strict.newPage();
    await doubtful.route(/\/api\/me$/, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), alertMinConfidence: 10 } });
    });
    const listed = doubtful.waitForResponse((r) => /\/api\/spots\?/.test(r.url()));
    await doubtful.goto(stack.url);
    const kalerwe = (
      (await (await listed).json()) as { spots: Array<{ title: string; confidence: number }> }
    ).spots.find((s) => s.title === 'Kalerwe');
    assert.ok(kalerwe && kalerwe.confidence < 10, `Kalerwe's confidence ${kalerwe?.confidence}`);
    await (await mapTool(doubtful, 'Nearby alerts')).click();
    await doubtful.waitForTimeout(1500);
    assert.equal(
      await doubtful.getByText('Careful: you are near "Kalerwe".').count(),
      0,
      'below the alert confidence',
    );
    await strict.close();
  });
});
