import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations, PHONE } from './browser.ts';

/** What the map tests share: the seed's size, a report through the API, a phone at a place. */

/** Spots the seed data loads (SEED=1). */
export const SEED_SPOTS = 21;

/** A night robbery of severity 3 reported at a point through the API, from one user agent; its id. */
export async function reportRobbery(
  url: string,
  ua: string,
  title: string,
  at: { lat: number; lng: number },
) {
  const res = await fetch(`${url}/api/spots`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': ua },
    body: JSON.stringify({ title, ...at, category: 'robbery', severity: 3, time_of_day: 'night' }),
  });
  const body = await res.text();
  assert.equal(res.status, 201, body);
  return (JSON.parse(body) as { spot: { id: number } }).spot.id;
}

/** A phone standing at a place, with its location shared (nearby alerts, "Still there?"). */
export const phoneContextAt = (browser: Browser, latitude: number, longitude: number) =>
  browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    geolocation: { latitude, longitude },
    permissions: ['geolocation'],
    serviceWorkers: 'block',
  });

/** Where an element is on screen, or undefined when it is not rendered. */
export const box = (page: Page, selector: string) => page.locator(selector).first().boundingBox();

export async function spotId(url: string, title: string): Promise<number> {
  const res = await fetch(`${url}/api/search?q=${encodeURIComponent(title)}&places=0`);
  const { spots } = (await res.json()) as { spots: { id: number; title: string }[] };
  const hit = spots.find((s) => s.title === title);
  assert.ok(hit, `${title} is a public spot`);
  return hit.id;
}

/**
 * Until the map has stopped moving: its pane and zoom proxy unchanged for ten frames in a row. A
 * framing may pan after its zoom, and Leaflet marks only the zoom (`leaflet-zoom-anim`).
 */
export const mapStill = (page: Page) =>
  page.waitForFunction(
    () => {
      const w = window as unknown as { mapWas?: string; stillFrames?: number };
      const now = [
        document.querySelector<HTMLElement>('.leaflet-map-pane')?.style.transform,
        document.querySelector('.leaflet-proxy')?.getAttribute('style'),
      ].join('|');
      w.stillFrames = now === w.mapWas ? (w.stillFrames ?? 0) + 1 : 0;
      w.mapWas = now;
      return w.stillFrames >= 10;
    },
    undefined,
    { polling: 'raf' },
  );

/** The map's zoom, as the page keeps it for the next visit after every move. */
export const mapZoom = (page: Page) =>
  page.evaluate(() => Number(JSON.parse(localStorage.getItem('hatari.view') ?? '{}').zoom));

export async function noAxeViolations(page: Page, state: string) {
  assert.deepEqual(await axeViolations(page), [], `axe-core finds nothing wrong: ${state}`);
}

/**
 * Clicks the first element matching `selector` that lies wholly on the map. Leaflet may redraw its
 * markers between the marking and the click (a zoom animation ending, a tile arriving late on a
 * busy machine), taking the marked one away: then the element is found and marked again, for up to
 * 30 s (with a full test run beside it, no cluster lay wholly on the map for 15 s once).
 */
export async function clickOnScreen(page: Page, selector: string, opts: { force?: boolean } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      await (await onScreen(page, selector)).click({ ...opts, timeout: 3000 });
      return;
    } catch (err) {
      if (attempt >= 10) throw err;
    }
  }
}

/**
 * The first element matching `selector` that lies wholly inside the map on screen: a tile's
 * clusters and markers reach beyond the view, and the first in the page may be off the screen.
 */
export async function onScreen(page: Page, selector: string): Promise<Locator> {
  await page.evaluate((sel) => {
    for (const el of document.querySelectorAll('[data-on-screen]')) el.removeAttribute('data-on-screen');
    const map = document.querySelector('section.map')?.getBoundingClientRect();
    if (!map) return;
    for (const el of document.querySelectorAll(sel)) {
      const r = el.getBoundingClientRect();
      if (r.left >= map.left && r.top >= map.top && r.right <= map.right && r.bottom <= map.bottom) {
        el.setAttribute('data-on-screen', '');
        return;
      }
    }
  }, selector);
  return page.locator(`${selector}[data-on-screen]`);
}

/** What Chrome does when the person has blocked location for the site: every watch fails at once. */
export function blockLocation(page: Page): Promise<void> {
  return page.evaluate(() => {
    navigator.geolocation.watchPosition = (_ok, fail) => {
      fail?.({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
        message: 'denied',
      } as GeolocationPositionError);
      return 1;
    };
  });
}

/** A tool of the map's tools menu (map-tools.tsx): the menu is opened first where it is folded. */
export async function mapTool(page: Page, name: string): Promise<Locator> {
  const tool = page.locator('#map-tools-menu').getByRole('button', { name, exact: true });
  if (!(await tool.isVisible())) await page.getByRole('button', { name: 'Map tools' }).click();
  return tool;
}

/**
 * Whether the first element matching `selector` is wholly in view in the sheet, nothing (the
 * sheet's pinned actions, say) lying over its first or last line.
 */
export function uncoveredInSheet(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const r = el?.getBoundingClientRect();
    const sheet = document.querySelector('.sheet')?.getBoundingClientRect();
    if (!el || !r || !sheet || r.top < sheet.top || r.bottom > sheet.bottom) return false;
    return [r.top + 2, r.bottom - 2].every((y) => el.contains(document.elementFromPoint(r.left + 8, y)));
  }, selector);
}

/**
 * The part of the map nothing covers, in page pixels: below the zoom buttons and the tools, above
 * the sheet, the pin's offer, the notice and the credits. What the map frames must lie inside it.
 */
export function uncovered(page: Page): Promise<{ left: number; top: number; right: number; bottom: number }> {
  return page.evaluate(() => {
    const map = document.querySelector('section.map')?.getBoundingClientRect();
    if (!map) throw new Error('no map');
    const rect = (sel: string) => {
      const r = document.querySelector(sel)?.getBoundingClientRect();
      return r && r.height > 0 && r.bottom > map.top && r.top < map.bottom ? r : undefined;
    };
    const top = Math.max(
      map.top,
      ...['.map-tools', '.leaflet-control-zoom'].map((s) => rect(s)?.bottom ?? 0),
    );
    const bottom = Math.min(
      map.bottom,
      ...['.sheet', '.pin-offer', '.map-notice', '.leaflet-control-attribution'].map(
        (s) => rect(s)?.top ?? map.bottom,
      ),
    );
    return { left: map.left, top, right: map.right, bottom };
  });
}

/** Markers and clusters on screen, counted as the spots they stand for. */
export async function spotsOnMap(page: Page): Promise<number> {
  return page.evaluate(() => {
    let n = document.querySelectorAll('.leaflet-marker-icon.spot-marker').length;
    for (const el of document.querySelectorAll('.leaflet-marker-icon.spot-cluster'))
      n += Number(el.textContent);
    return n;
  });
}

/** Waits until the map shows `expected` spots (markers animate in and out), then says how many it shows. */
export async function settleSpotsOnMap(page: Page, expected: number, ms = 5000): Promise<number> {
  const until = performance.now() + ms;
  let shown = await spotsOnMap(page);
  while (shown !== expected && performance.now() < until) {
    await page.waitForTimeout(100);
    shown = await spotsOnMap(page);
  }
  return shown;
}
