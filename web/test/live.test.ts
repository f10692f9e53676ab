import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { writeSiteSettings } from '../../server/src/settings/index.ts';
import { report } from '../../server/test/factories.ts';
import { FakeTiles } from '../../server/test/fakes.ts';
import { runCleanups, startNginx, startServer, stop, waitFor } from '../../server/test/processes.ts';
import { createFreshDatabase, onPostgres, TEST_REDIS_URL } from '../../server/test/test-db.ts';
import { browserSuite, launchBrowser, openPhone } from './browser.ts';
import { Signal } from './signal.ts';

/**
 * The map follows the live stream (GET /api/events) while it is visible: another phone's report
 * shows without a reload, with a quiet notice; an open sheet changes with the spot; a hidden page
 * keeps no stream and catches up when it is shown again.
 */

/** A report from another phone at a point, through `url`; the spot as answered. */
async function reportFrom(url: string, title: string, at: { lat: number; lng: number }) {
  const res = await fetch(`${url}/api/spots`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': `another phone ${title}` },
    body: JSON.stringify(report({ title, ...at })),
  });
  const body = await res.text();
  assert.equal(res.status, 201, body);
  return (JSON.parse(body) as { spot: { id: number; lat: number; lng: number } }).spot;
}

/** The first public spot. */
async function firstSpot(url: string) {
  const list = (await (await fetch(`${url}/api/spots?limit=1`)).json()) as {
    spots: { id: number; lat: number; lng: number; title: string }[];
  };
  assert.ok(list.spots[0], 'a seed spot');
  return list.spots[0];
}

/**
 * A phone opened at a spot's sheet (the map at street zoom around it), once its list is in and its
 * live stream open: what another phone reports from then on is for the stream to bring.
 */
async function openAt(browser: Browser, url: string, id: number) {
  const ready: Promise<unknown>[] = [];
  const phone = await openPhone(browser, url, {
    path: `/spots/${id}`,
    beforeOpen: async (page) => {
      const answered = (path: string) => page.waitForResponse((r) => new URL(r.url()).pathname === path);
      ready.push(answered('/api/me'), answered('/api/events'));
    },
  });
  await Promise.all(ready);
  return phone;
}

const marker = (page: Page, title: string) =>
  page.locator(`.leaflet-marker-icon.spot-marker[title^="${title}: "]`);

/** Shows or hides the page as a phone does when another app comes to the front. */
const setVisible = (page: Page, visible: boolean) =>
  page.evaluate((v) => {
    Object.defineProperty(document, 'visibilityState', {
      value: v ? 'visible' : 'hidden',
      configurable: true,
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);

describe('the map page, live', () => {
  const suite = browserSuite();

  test('shows another phone’s report without a reload, follows the open sheet, and keeps no stream while hidden', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const hub = stack.app.deps.events;
    const open = await firstSpot(stack.url);
    // Opened at the spot's sheet: the map at street zoom around it.
    const { page, problems, context } = await openAt(browser, stack.url, open.id);
    assert.equal(hub.size, 1, 'one stream');

    const near = { lat: open.lat + 0.0008, lng: open.lng + 0.0008 };
    await reportFrom(stack.url, 'Fresh pothole gang', near);
    await marker(page, 'Fresh pothole gang').waitFor();
    await page.getByText('New danger on the map: "Fresh pothole gang"').waitFor();
    assert.equal(
      await page.evaluate(() => performance.getEntriesByType('navigation').length),
      1,
      'no reload',
    );

    // Another phone says the open spot is still dangerous: the open sheet says so.
    const why = page.locator('.status-why');
    const before = await why.innerText();
    const vote = await fetch(`${stack.url}/api/spots/${open.id}/vote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'a third phone' },
      body: JSON.stringify({ value: 1 }),
    });
    assert.equal(vote.status, 200, await vote.text());
    await page.waitForFunction((old) => document.querySelector('.status-why')?.textContent !== old, before);

    // Hidden: no stream. A report meanwhile is there once the page is shown again.
    await setVisible(page, false);
    await waitFor(async () => hub.size === 0, 10_000, 'the hidden page to close its stream');
    await reportFrom(stack.url, 'While you were away', { lat: open.lat, lng: open.lng - 0.0025 });
    await setVisible(page, true);
    await marker(page, 'While you were away').waitFor();
    assert.equal(hub.size, 1);

    // The open spot taken off the map: its sheet closes and says so.
    await stack.app.db.query(`UPDATE spots SET publication = 'rejected' WHERE id = $1`, [open.id]);
    await page.getByText('This spot is no longer on the map.').waitFor();
    assert.equal(await page.getByRole('heading', { name: open.title }).count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('the moderator console, live', () => {
  const suite = browserSuite();

  test('shows a report held for review in the queue as it comes, without a reload', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const opened: Promise<unknown>[] = [];
    const { page, problems, context } = await openPhone(browser, stack.url, {
      path: '/moderate',
      beforeOpen: async (p) => {
        opened.push(p.waitForResponse((r) => new URL(r.url()).pathname === '/api/mod/events'));
      },
    });
    await page.getByLabel('Username').fill('amina');
    await page.getByLabel('Password').fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('amina (admin)').waitFor();
    await Promise.all(opened);
    const before = await page.getByRole('button', { name: /^Pending/ }).innerText();

    // The site holds every report for the moment; another phone reports.
    await writeSiteSettings(stack.app.db, { requireApproval: true });
    t.after(() => writeSiteSettings(stack.app.db, { requireApproval: false }));
    const res = await fetch(`${stack.url}/api/spots`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'a phone reporting' },
      body: JSON.stringify(report({ title: 'Held while the console was open' })),
    });
    assert.equal(res.status, 201);
    await page.locator('.mod-spot', { hasText: 'Held while the console was open' }).waitFor();
    assert.notEqual(
      await page.getByRole('button', { name: /^Pending/ }).innerText(),
      before,
      'the count follows',
    );
    assert.equal(
      await page.evaluate(() => performance.getEntriesByType('navigation').length),
      1,
      'no reload',
    );
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('the map page, live through a dead zone', () => {
  const suite = browserSuite();

  test('a phone whose connection dropped, before any event came, gets what it missed when it is back', async (t) => {
    const { browser, stack } = suite;
    if (!browser) return t.skip('no Chromium');
    const signal = await Signal.to(stack.url);
    t.after(() => signal.close());
    const open = await firstSpot(stack.url);
    const { page, problems, context } = await openAt(browser, signal.url, open.id);
    // No offline event: the page keeps its stream object, the browser reconnects it by itself with
    // the id of the stream's first line.
    signal.cut();
    await waitFor(async () => stack.app.deps.events.size === 0, 10_000, 'the server to see the stream gone');
    await reportFrom(stack.url, 'Reported in the dead zone', { lat: open.lat + 0.0008, lng: open.lng });
    await signal.regain(context);
    await marker(page, 'Reported in the dead zone').waitFor({ timeout: 20_000 });
    assert.equal(
      await page.evaluate(() => performance.getEntriesByType('navigation').length),
      1,
      'no reload',
    );
    // The browser logs each failed reconnect; nothing else went wrong.
    assert.deepEqual(
      problems.filter((p) => !p.includes('ERR_CONNECTION')),
      [],
    );
    await context.close();
  });
});

describe('the map page, live through two instances behind nginx', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  after(() => runCleanups(cleanups));

  test('a report sent to either instance shows on a phone held by the other', async (t) => {
    if (!onPostgres || !TEST_REDIS_URL) return t.skip('needs TEST_DATABASE_URL and TEST_REDIS_URL');
    const browser = await launchBrowser('shell');
    if (!browser) return t.skip('no Chromium');
    cleanups.push(() => browser.close());
    const fresh = await createFreshDatabase();
    cleanups.push(fresh.dropDatabase);
    // A background map (faked), so that the map zooms to a street as a phone's does.
    const tiles = new FakeTiles();
    const tileUrl = `${await tiles.start()}/{z}/{x}/{y}.png`;
    cleanups.push(() => tiles.stop());
    const env = {
      DATABASE_URL: fresh.url,
      REDIS_URL: TEST_REDIS_URL,
      TRUST_PROXY: '127.0.0.1',
      SEED: '1',
      TILE_URL: tileUrl,
    };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    cleanups.push(
      () => stop(a.proc),
      () => stop(b.proc),
    );
    const nginx = await startNginx([a, b].map((s) => Number(new URL(s.url).port)));
    cleanups.push(() => nginx.stop());
    const open = await firstSpot(nginx.url);
    const { page, problems, context } = await openAt(browser, nginx.url, open.id);
    // Each instance in turn: whichever holds the phone's stream, one report crosses to it.
    const figures: number[] = [];
    for (const [i, server] of [a, b].entries()) {
      const title = `Across instances ${i + 1}`;
      // Above the open spot (clear of the sheet) and apart, so that neither joins the other in a cluster.
      await reportFrom(server.url, title, {
        lat: open.lat + 0.0008,
        lng: open.lng + (i === 0 ? -0.0015 : 0.0015),
      });
      const sent = performance.now();
      await marker(page, title).waitFor();
      figures.push(Math.round(performance.now() - sent));
    }
    t.diagnostic(`report to marker on the other phone, ms: ${figures.join(', ')}`);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
