/**
 * npm run bench:ux
 *
 * The map's figures on a 390×844 phone in Debian's Chromium, on an emulated slow connection
 * (400 kbit/s, 400 ms round trips) with the CPU four times slower, against the product started
 * here (seeded; a second server with 5,000 synthetic spots for the at-scale figure):
 * - when the first cluster or marker shows with 5,000 spots, and whether the clusters were asked
 *   for before the 1,000-spot list arrived;
 * - zoom changes after the map opened, and tile requests cancelled by them;
 * - on a shared spot link, cold: the zoom, whether the marker lies between the top bar and the
 *   sheet, and the layout shift (each over 8 opens);
 * - how much of the map the sheet leaves, where the vote buttons and the report's Send button are,
 *   how wide the search results are.
 * Timings are this machine's and vary from run to run: compare runs made one after the other.
 */
import type { Browser, Request } from 'playwright-core';
import { ensureSyntheticSpots } from '../../server/src/cli/synthetic.sql.ts';
import { launchBrowser, layoutShift, openPhone, PHONE, startWebStack } from './browser.ts';

const OPENS = Number(process.env.OPENS ?? 8);

async function atScale(browser: Browser) {
  const big = await startWebStack({ LOG_LEVEL: 'warn' });
  try {
    await ensureSyntheticSpots(big.app.db, 5000);
    const { page, context } = await openPhone(browser, big.url, { slowCpu: true, path: '/icon.svg' });
    const order: string[] = [];
    let cancelledTiles = 0;
    page.on('request', (r) => r.url().includes('/api/spots/tiles/') && order.push('tiles'));
    page.on('requestfinished', (r) => r.url().endsWith('/api/spots?limit=1000') && order.push('list'));
    page.on('requestfailed', (r) => r.url().endsWith('.png') && cancelledTiles++);
    // The zoom of every tile asked for, in order: a map that re-frames asks for two.
    const zooms: number[] = [];
    page.on('request', (r) => {
      const z = Number(/\/(\d+)\/\d+\/\d+\.png$/.exec(r.url())?.[1]);
      if (z && zooms.at(-1) !== z) zooms.push(z);
    });
    const start = performance.now();
    await page.goto(`${big.url}/`);
    await page.locator('.leaflet-marker-icon').first().waitFor({ timeout: 60_000 });
    const firstMark = performance.now() - start;
    await page.waitForTimeout(4000);
    // A pan by most of a screen: how long from letting go until the data tiles of the view the map
    // settles on are in. Those are asked last, all at once (so about one round trip); the tiles
    // asked while the map moved may already be in the browser's cache by then.
    const asked = new Map<Request, number>();
    const done: { asked: number; finished: number; bytes: Promise<number> }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/spots/tiles/')) asked.set(r, performance.now());
    });
    page.on('requestfinished', (r) => {
      const at = asked.get(r);
      if (at === undefined) return;
      const bytes = r.sizes().then((z) => z.responseBodySize + z.responseHeadersSize);
      done.push({ asked: at, finished: performance.now(), bytes });
    });
    const box = await page.locator('section.map').boundingBox();
    if (!box) throw new Error('no map on the page');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx - box.width * 0.8, cy - box.height * 0.3, { steps: 8 });
    const released = performance.now();
    await page.mouse.up();
    await page.waitForTimeout(6000);
    if (done.length === 0) throw new Error('no tile was asked after the pan');
    const lastAsked = Math.max(...done.map((d) => d.asked));
    const settled = done.filter((d) => d.asked >= lastAsked - 50);
    const pan = {
      tiles: done.length,
      bytes: (await Promise.all(done.map((d) => d.bytes))).reduce((a, b) => a + b, 0),
      firstAsked: Math.min(...done.map((d) => d.asked)) - released,
      settledAsked: lastAsked - released,
      settledIn: Math.max(...settled.map((d) => d.finished)) - released,
    };
    await context.close();
    return { firstMark, order, zooms, cancelledTiles, pan };
  } finally {
    await big.close();
  }
}

async function sharedLinks(browser: Browser, url: string, path: string, title: string) {
  const results: { zoom: number; aboveSheet: boolean; shift: number }[] = [];
  for (let i = 0; i < OPENS; i++) {
    const { page, context } = await openPhone(browser, url, { slowCpu: true, path: '/icon.svg' });
    let zoom = 0;
    page.on('request', (r) => {
      zoom = Number(/\/(\d+)\/\d+\/\d+\.png$/.exec(r.url())?.[1] ?? zoom);
    });
    await page.goto(`${url}${path}`);
    await page
      .locator(`.leaflet-marker-icon[title^="${title}: "]`)
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(() => {});
    await page.waitForTimeout(2500);
    // Not drawn at all when the spot is still inside a cluster.
    const markers = page.locator(`.leaflet-marker-icon.spot-marker[title^="${title}: "]`);
    const marker = (await markers.count()) ? await markers.first().boundingBox() : null;
    const sheet = (await page.locator('.sheet').count())
      ? await page.locator('.sheet').first().boundingBox()
      : null;
    const top = await page.locator('.topbar').boundingBox();
    const aboveSheet = Boolean(
      marker && top && marker.y > top.y + top.height && (!sheet || marker.y + marker.height < sheet.y),
    );
    results.push({ zoom, aboveSheet, shift: await layoutShift(page) });
    await context.close();
  }
  return results;
}

/** A first visit to `/` on the seeded map: the zooms its tiles were asked at, and tiles cancelled. */
async function firstVisit(browser: Browser, url: string) {
  const { page, context } = await openPhone(browser, url, { slowCpu: true, path: '/icon.svg' });
  const zooms: number[] = [];
  let cancelled = 0;
  page.on('request', (r) => {
    const z = Number(/\/(\d+)\/\d+\/\d+\.png$/.exec(r.url())?.[1]);
    if (z && zooms.at(-1) !== z) zooms.push(z);
  });
  page.on('requestfailed', (r) => r.url().endsWith('.png') && cancelled++);
  await page.goto(`${url}/`);
  await page.locator('.leaflet-marker-icon').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(5000);
  await context.close();
  return { zooms, cancelled };
}

async function layout(browser: Browser, url: string) {
  const { page, context } = await openPhone(browser, url);
  await page.getByRole('button', { name: 'List' }).click();
  await page
    .getByRole('button', { name: /Kalerwe/ })
    .first()
    .click();
  await page.locator('.spot-detail').waitFor();
  const map = await page.locator('.main').boundingBox();
  const sheet = await page.locator('.sheet').boundingBox();
  const vote = await page.locator('button.vote.yes').boundingBox();
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  const send = await page.getByRole('button', { name: 'Send report' }).boundingBox();
  const reportSheet = await page.locator('.sheet').boundingBox();
  await page.getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('searchbox', { name: 'Search spots and places' })
    .pressSequentially('kalerwe', { delay: 30 });
  await page.waitForTimeout(1500);
  const results = await page.locator('.search-results').boundingBox();
  await context.close();
  return {
    mapLeftBySheet: map && sheet ? Math.round(sheet.y - map.y) : undefined,
    mapHeight: map ? Math.round(map.height) : undefined,
    sheetHeight: sheet ? Math.round(sheet.height) : undefined,
    voteTop: vote ? Math.round(vote.y) : undefined,
    sendTop: send ? Math.round(send.y) : undefined,
    reportSheetBottom: reportSheet ? Math.round(reportSheet.y + reportSheet.height) : undefined,
    searchWidth: results ? Math.round(results.width) : undefined,
  };
}

const browser = await launchBrowser();
if (!browser) throw new Error('Chromium is needed');
const stack = await startWebStack({ LOG_LEVEL: 'warn' });
try {
  const [kajjansi] = await stack.app.db.query<{ id: number }>(
    "SELECT id FROM spots WHERE title = 'Kajjansi'",
  );
  const path = process.argv.includes('--query-link') ? `/?spot=${kajjansi?.id}` : `/spots/${kajjansi?.id}`;
  const shared = await sharedLinks(browser, stack.url, path, 'Kajjansi');
  const l = await layout(browser, stack.url);
  const first = await firstVisit(browser, stack.url);
  const scale = await atScale(browser);
  console.log(`phone ${PHONE.width}×${PHONE.height}, slow connection and CPU ×4`);
  console.log(
    `shared link ${path}, ${OPENS} cold opens: at zoom ≥ 15 ${shared.filter((r) => r.zoom >= 15).length}/${OPENS}, marker between top bar and sheet ${shared.filter((r) => r.aboveSheet).length}/${OPENS}, layout shift max ${Math.max(...shared.map((r) => r.shift)).toFixed(3)} (zooms ${shared.map((r) => r.zoom).join(' ')})`,
  );
  console.log(
    `spot open: map area ${l.mapHeight} px, ${l.mapLeftBySheet} px left above the sheet (${l.sheetHeight} px); vote buttons at ${l.voteTop} px`,
  );
  console.log(`report form: Send at ${l.sendTop} px, sheet ends at ${l.reportSheetBottom} px`);
  console.log(`search results: ${l.searchWidth} px wide of ${PHONE.width}`);
  console.log(
    `first visit to / (seeded): tile zooms asked ${first.zooms.join(' → ')}; tile requests cancelled ${first.cancelled}`,
  );
  console.log(
    `5,000 spots: first cluster or marker at ${scale.firstMark} ms; after a pan (from letting go; one round trip is 400 ms), ${scale.pan.tiles} data tiles (${(scale.pan.bytes / 1024).toFixed(1)} KB) asked from ${scale.pan.firstAsked} ms as the map moved, those of the view it settled on asked at ${scale.pan.settledAsked} ms and in at ${scale.pan.settledIn} ms; order ${scale.order.slice(0, 3).join(' → ')}; tile zooms asked ${scale.zooms.join(' → ')}; tile requests cancelled ${scale.cancelledTiles}`,
  );
} finally {
  await stack.close();
  await browser.close();
}
