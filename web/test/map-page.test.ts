import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { browserSuite, openPhone, PHONE, screenshot, startWebStack } from './browser.ts';
import { SEED_SPOTS, settleSpotsOnMap, uncoveredInSheet } from './map-helpers.ts';

describe('the map page on a phone', () => {
  const suite = browserSuite();

  test('shows the seed spots as markers on map tiles, with attribution, and as a list', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, problems, context } = await openPhone(browser, stack.url);
    await page
      .locator('.leaflet-marker-icon.spot-marker, .leaflet-marker-icon.spot-cluster')
      .first()
      .waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.leaflet-tile-loaded').length > 0);
    const onMap = await settleSpotsOnMap(page, SEED_SPOTS);
    await page.waitForFunction(() => !document.querySelector('.leaflet-tile:not(.leaflet-tile-loaded)'));
    await screenshot(page, '01-map');
    assert.equal(onMap, SEED_SPOTS, 'every seed spot is on the map, alone or in a cluster');
    assert.ok(stack.tiles.calls.length > 0, 'tiles come from TILE_URL');
    assert.match(await page.locator('.leaflet-control-attribution').innerText(), /OpenStreetMap/);

    await page.getByRole('button', { name: 'List' }).click();
    await assert.doesNotReject(page.getByRole('heading', { name: `${SEED_SPOTS} spots` }).waitFor());
    assert.equal(await page.locator('.spot-list li').count(), SEED_SPOTS);
    await screenshot(page, '02-list');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('opens a spot from its marker with all its facts, and from a shared link', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    await page.locator('.leaflet-marker-icon.spot-marker[title^="Kajjansi: "]').click();
    const detail = page.locator('.spot-detail');
    await assert.doesNotReject(detail.getByRole('heading', { name: 'Kajjansi' }).waitFor());
    const text = await detail.innerText();
    for (const fact of ['Entebbe Road, Wakiso', 'Confirmed', 'At night', '3 still dangerous · 0 not anymore'])
      assert.ok(text.includes(fact), `the detail shows ${fact}`);
    // How sure the map is, in words, and the marker's look following the same band.
    const sure = await detail.locator('dd.confidence').innerText();
    const [, band, figure] =
      sure.match(/^(likely|possible), (\d+\.\d) of 10: confirmed 3 times, last /) ?? [];
    assert.ok(band && figure, `the sheet says how sure: ${sure}`);
    assert.equal(band, Number(figure) >= 7 ? 'likely' : 'possible');
    assert.match(
      (await page.locator('.leaflet-marker-icon.spot-marker[title^="Kajjansi: "]').getAttribute('class')) ??
        '',
      new RegExp(`\\bconf-${band}\\b`),
    );
    assert.match(page.url(), /\/spots\/\d+$/, 'the address names the spot');
    const link = detail.locator('a.source-link');
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.match((await link.getAttribute('href')) ?? '', /^https?:\/\//);

    const { pathname } = new URL(page.url());
    const other = await openPhone(browser, stack.url, { path: pathname });
    await assert.doesNotReject(
      other.page.locator('.spot-detail').getByRole('heading', { name: 'Kajjansi' }).waitFor(),
    );
    await screenshot(other.page, '03-spot-detail');
    await other.context.close();
    await context.close();
  });

  test('reports a spot by tapping the map, with field errors shown before anything is sent', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context, problems } = await openPhone(browser, stack.url);
    await page.getByRole('button', { name: 'Report' }).click();
    await assert.doesNotReject(page.getByText('Tap the map to choose the place.').waitFor());
    await page.locator('.map').click({ position: { x: PHONE.width / 2, y: 200 } });
    assert.match(await page.locator('#report-coordinates').innerText(), /^0\.\d+, 32\.\d+$/);
    // The form opens tall enough to show its first field, and the pin stays in sight above it.
    assert.ok(await uncoveredInSheet(page, '#report-title'), 'the title field shows without scrolling');
    // The map glides the pin into sight: read once it is there, or after 3 s.
    const pinAboveSheet = () => {
      const pin = document.querySelector('.report-pin')?.getBoundingClientRect();
      const sheet = document.querySelector('.sheet')?.getBoundingClientRect();
      return Boolean(pin && sheet && pin.top >= 0 && pin.bottom <= sheet.top);
    };
    await page.waitForFunction(pinAboveSheet, undefined, { timeout: 3000 }).catch(() => undefined);
    assert.ok(await page.evaluate(pinAboveSheet), 'the pin stays in sight above the sheet');

    await page.getByLabel('Title').fill('ab');
    await page.getByLabel('Category').selectOption('boda_gang');
    await page.getByLabel('Severity', { exact: true }).selectOption('3');
    await page.getByLabel('When is it dangerous?').selectOption('night');
    const sent: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/spots') && sent.push(r.url()));
    await page.getByRole('button', { name: 'Send report' }).click();
    await assert.doesNotReject(page.getByText('The title must be 3 to 80 characters.').waitFor());
    assert.equal(await page.getByLabel('Title').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(sent, [], 'a report that cannot succeed is not sent');
    await screenshot(page, '04-report-field-error');

    await page.getByLabel('Title').fill('Dark stretch by the market');
    await page.getByText('More details (optional)').click();
    await page.getByLabel('Area').fill('Kalerwe, call 0772 123 456');
    await page.getByRole('button', { name: 'Send report' }).click();
    await assert.doesNotReject(page.getByText('Thank you. Your report is on the map.').waitFor());
    await assert.doesNotReject(
      page.locator('.spot-detail').getByRole('heading', { name: 'Dark stretch by the market' }).waitFor(),
    );
    assert.match(await page.locator('.spot-detail').innerText(), /Kalerwe, call \[removed\]/);
    assert.equal(
      await page.getByRole('button', { name: 'Still dangerous' }).getAttribute('aria-pressed'),
      'true',
    );
    await screenshot(page, '05-report-published');

    const stored = await stack.app.db.query<{ title: string; category: string; severity: number }>(
      "SELECT title, category, severity FROM spots WHERE title = 'Dark stretch by the market'",
    );
    assert.deepEqual(stored, [{ title: 'Dark stretch by the market', category: 'boda_gang', severity: 3 }]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('votes and flags, and remembers the vote after a reload', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    await page.getByRole('button', { name: 'List' }).click();
    await page.getByRole('button', { name: /Busega/ }).click();
    const notAnymore = page.getByRole('button', { name: 'Not anymore' });
    await notAnymore.click();
    await assert.doesNotReject(page.getByText('Thank you, your vote is counted.').waitFor());
    assert.equal(await notAnymore.getAttribute('aria-pressed'), 'true');
    assert.match(await page.locator('.spot-detail').innerText(), /3 still dangerous · 1 not anymore/);

    await page.reload();
    await assert.doesNotReject(
      page.locator('.spot-detail').getByRole('heading', { name: 'Busega' }).waitFor(),
    );
    await page.waitForFunction(
      () => document.querySelector('.vote.no')?.getAttribute('aria-pressed') === 'true',
      undefined,
      { timeout: 5000 },
    );

    await page.getByRole('button', { name: 'Report a mistake in this spot' }).click();
    await page.getByLabel('What is wrong?').selectOption('duplicate');
    await page.getByLabel('Note (optional)').fill('Same as the Busega roundabout spot');
    await page.getByRole('button', { name: 'Send to moderators' }).click();
    await assert.doesNotReject(page.getByText('Thank you. Moderators will look at it.').waitFor());
    await screenshot(page, '06-voted-and-flagged');
    const flags = await stack.app.db.query<{ reason: string; note: string }>(
      "SELECT f.reason, f.note FROM flags f JOIN spots s ON s.id = f.spot_id WHERE s.title = 'Busega'",
    );
    assert.deepEqual(flags, [{ reason: 'duplicate', note: 'Same as the Busega roundabout spot' }]);

    // The page holds a device credential the page's script cannot read, and the vote is the
    // device's: another phone with the same browser on the same address has not voted.
    const cookies = await context.cookies(`${stack.url}/api/me`);
    const device = cookies.find((c) => c.name === 'hatari_device');
    assert.ok(device, 'a device credential was issued');
    assert.deepEqual([device.httpOnly, device.sameSite, device.path], [true, 'Lax', '/api']);
    assert.equal(await page.evaluate(() => document.cookie.includes('hatari_device')), false);
    const other = await openPhone(browser, stack.url);
    await other.page.getByRole('button', { name: 'List' }).click();
    await other.page.getByRole('button', { name: /Busega/ }).click();
    const otherNo = other.page.getByRole('button', { name: 'Not anymore' });
    await otherNo.waitFor();
    assert.equal(await otherNo.getAttribute('aria-pressed'), 'false');
    await otherNo.click();
    await assert.doesNotReject(other.page.getByText('Thank you, your vote is counted.').waitFor());
    assert.match(await other.page.locator('.spot-detail').innerText(), /3 still dangerous · 2 not anymore/);
    await other.context.close();
    await context.close();
  });

  test('a refused report says so beside Send with focus on it, and a kept one goes by itself once the wait is over', async (t) => {
    const { browser } = suite;
    if (!browser) return t.skip('no Chromium');
    // Forwarded addresses are believed, so the phone can move to another network below.
    const limited = await startWebStack({ TRUST_PROXY: 'true' }, true);
    try {
      const { page, context, problems } = await openPhone(browser, limited.url, {
        beforeOpen: (p) => p.clock.install(),
      });
      // The page holds its own device credential, so other phones on its address do not use up its
      // five reports; but together they reach the address's 30 an hour.
      for (let i = 0; i < 30; i++) {
        const res = await fetch(`${limited.url}/api/spots`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': `Other phone ${Math.floor(i / 5)}` },
          body: JSON.stringify({
            title: `Spot ${i}`,
            lat: 0.33,
            lng: 32.57,
            category: 'other',
            severity: 1,
            time_of_day: 'any',
          }),
        });
        assert.equal(res.status, 201);
      }
      await page.getByRole('button', { name: 'Report' }).click();
      await page.locator('.map').click({ position: { x: PHONE.width / 2, y: 200 } });
      await page.getByLabel('Title').fill('One report too many');
      await page.getByLabel('Category').selectOption('robbery');
      await page.getByLabel('Severity', { exact: true }).selectOption('2');
      await page.getByLabel('When is it dangerous?').selectOption('night');
      await page.getByRole('button', { name: 'Send report' }).click();
      const refusal = page.getByText(
        /Too many spots were reported from here recently\. Please try again in \d+ minutes\./,
      );
      await assert.doesNotReject(refusal.waitFor());
      assert.equal(await refusal.getAttribute('role'), 'alert');
      // The page moves focus in an effect that runs after paint: wait for it, then look.
      await assert.doesNotReject(
        page.waitForFunction(() => document.activeElement?.classList.contains('form-failure'), undefined, {
          timeout: 5_000,
        }),
        'focus is on the message, not left on the page',
      );
      assert.ok(await uncoveredInSheet(page, '.form-failure .notice'), 'the whole message is in view');
      assert.ok(await uncoveredInSheet(page, '.form-failure button'), 'so is the offer to send it later');
      await screenshot(page, '07-report-rate-limited');

      await page.getByRole('button', { name: /^Keep it and send it at \d\d:\d\d$/ }).click();
      const waiting = page.getByText(/^Kept on this phone: Hatari sends it by itself at \d\d:\d\d/);
      await assert.doesNotReject(waiting.waitFor());
      await page.reload();
      await page.getByRole('button', { name: 'Report' }).click();
      await assert.doesNotReject(waiting.waitFor(), 'the wait is kept across a reload');
      await screenshot(page, '07b-report-kept-to-send');

      // The phone joins another network (its Wi-Fi), and the wait passes.
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': '41.210.146.7' });
      const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/spots'));
      await page.clock.fastForward(2 * 3600_000);
      await assert.doesNotReject(sent, 'the page sends the kept report by itself');
      await assert.doesNotReject(page.getByText(/^Your kept report was sent/).waitFor());
      const stored = await limited.app.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM spots WHERE title = 'One report too many' AND time_of_day = 'night'",
      );
      assert.equal(stored[0]?.n, 1, 'the kept report is stored once');
      assert.equal(await page.getByLabel('Title').inputValue(), '', 'the sent draft is gone');
      assert.deepEqual(problems, []);
      await context.close();
    } finally {
      await limited.close();
    }
  });

  test('search sends only spot searches while typing and one place lookup after the pause', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url, { beforeOpen: (p) => p.clock.install() });
    const searches: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/search')) searches.push(new URL(r.url()));
    });
    stack.nominatim.reset();
    // The page's time stands still while typing: a keystroke a loaded machine delays past the typing
    // pause cannot pass for one (it did once in CI). Then the pause passes.
    // biome-ignore lint/plugin: the page's installed clock started at the machine's time; it stops just after
    await page.clock.pauseAt(Date.now() + 1000);
    await page
      .getByRole('searchbox', { name: 'Search spots and places' })
      .pressSequentially('kalerwe', { delay: 60 });
    const typing = [...searches];
    await page.clock.runFor(500);
    await page.clock.resume();
    await assert.doesNotReject(
      page.getByRole('button', { name: /Kalerwe Place · Kawempe, Kampala/ }).waitFor(),
    );
    assert.ok(typing.length >= 5, `a spot search per keystroke (saw ${typing.length})`);
    assert.ok(
      typing.every((u) => u.searchParams.get('places') === '0'),
      'keystrokes only search spots',
    );
    const lookups = searches.filter((u) => u.searchParams.get('places') !== '0');
    assert.deepEqual(
      lookups.map((u) => u.searchParams.get('q')),
      ['kalerwe'],
      'one place lookup, for the whole word, after the pause',
    );
    assert.equal(stack.nominatim.calls.length, 1, 'the place service was asked once');
    await screenshot(page, '08-search');

    await page.getByRole('button', { name: /Kalerwe Place · Kawempe, Kampala/ }).click();
    assert.equal(await page.locator('.search-results').count(), 0, 'choosing a place closes the results');
    await page
      .getByRole('searchbox', { name: 'Search spots and places' })
      .pressSequentially('nansna', { delay: 50 });
    await page
      .getByRole('button', { name: /Nansana intersection/ })
      .first()
      .click();
    await assert.doesNotReject(
      page.locator('.spot-detail').getByRole('heading', { name: 'Nansana intersection' }).waitFor(),
    );
    await context.close();
  });
  test('a place lookup the busy server refuses is asked again after its Retry-After, and says so if it stays busy', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const { page, context } = await openPhone(browser, stack.url);
    let refuse = 1;
    const lookups: string[] = [];
    await page.route(/\/api\/search\?/, (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('places') === '0') return route.continue();
      lookups.push(url.searchParams.get('q') ?? '');
      if (refuse-- <= 0) return route.continue();
      return route.fulfill({
        status: 503,
        headers: { 'retry-after': '1' },
        contentType: 'application/json',
        body: JSON.stringify({ error: 'The map is busy right now. Please try again in a few seconds.' }),
      });
    });
    const box = page.getByRole('searchbox', { name: 'Search spots and places' });
    await box.fill('kalerwe');
    // Refused once: asked again a second later, and the place comes.
    await assert.doesNotReject(
      page.getByRole('button', { name: /Kalerwe Place · Kawempe, Kampala/ }).waitFor(),
    );
    assert.deepEqual(lookups, ['kalerwe', 'kalerwe']);

    // Refused every time: asked three times in all, then the search says why it has no places.
    refuse = 3;
    lookups.length = 0;
    await box.fill('old taxi');
    await assert.doesNotReject(page.getByText('Many people are using the map right now').waitFor());
    assert.deepEqual(lookups, ['old taxi', 'old taxi', 'old taxi']);
    assert.equal(await page.getByRole('button', { name: /Old Taxi Park Place/ }).count(), 0);
    await context.close();
  });
});
