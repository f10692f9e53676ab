import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import type { Clock } from '../../server/src/util/clock.ts';
import { FakePushService } from '../../server/test/fake-push.ts';
import { FakeNominatim, FakeOsrm, FakeTiles, KAMPALA_PLACES } from '../../server/test/fakes.ts';
import { startTestApp, type TestApp } from '../../server/test/test-app.ts';

/**
 * Browser tests drive Debian's Chromium (no browser downloads) at a phone's viewport against a real
 * server on 127.0.0.1, with the routing, place and tile services faked on loopback.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/**
 * Debian's build of Chromium's headless shell (`apt-get install chromium-headless-shell`), the
 * browser Playwright itself runs headless tests in: the same Blink, without the desktop browser
 * around it. `npm test`'s browser files cost the machine 172 s of CPU in it against 269 s in full
 * Chromium (docs/testing.md). A suite asks for full Chromium where the shell differs from the
 * browser phones run: it has no notifications, and in three of about twenty runs its back button
 * went to an entry full Chromium never gave (map-address). Where the shell is not installed the
 * suites use full Chromium, except under CI.
 */
export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';
export const PHONE = { width: 390, height: 844 };
export const ARTIFACTS = path.resolve('test-artifacts/browser');

/** Which browser a suite needs: the headless shell, or full Chromium (notifications, history). */
export type BrowserKind = 'shell' | 'full';

/**
 * Chromium (full, or its headless shell), or undefined where it is not installed (tests then skip);
 * in CI a missing browser fails.
 */
export async function launchBrowser(kind: BrowserKind = 'full'): Promise<Browser | undefined> {
  const executablePath =
    kind === 'shell' && (process.env.CI || existsSync(HEADLESS_SHELL)) ? HEADLESS_SHELL : CHROMIUM;
  try {
    return await chromium.launch({
      executablePath,
      // The flags keep Chromium off the network it would otherwise call home on (closed here).
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  } catch (err) {
    if (process.env.CI)
      throw new Error(`Chromium is required in CI (${executablePath}): ${(err as Error).message}`);
    console.warn(
      `no Chromium at ${executablePath}: the browser tests skip (apt-get install chromium to run them)`,
    );
    return undefined;
  }
}

export interface WebStack {
  app: TestApp;
  url: string;
  osrm: FakeOsrm;
  nominatim: FakeNominatim;
  tiles: FakeTiles;
  /** The browsers' push service, the only one the server sends to. */
  push: FakePushService;
  close(): Promise<void>;
}

/** The whole product on a real port, seeded, with fake map services and a fake push service. */
export async function startWebStack(
  env: Record<string, string> = {},
  realLimits = false,
  clock?: Clock,
): Promise<WebStack> {
  const osrm = new FakeOsrm();
  const nominatim = new FakeNominatim(KAMPALA_PLACES);
  const tiles = new FakeTiles();
  const push = new FakePushService();
  const [osrmUrl, nominatimUrl, tilesUrl, pushUrl] = await Promise.all([
    osrm.start(),
    nominatim.start(),
    tiles.start(),
    push.start(),
  ]);
  const app = await startTestApp({
    realLimits,
    clock,
    env: {
      SEED: '1',
      // Every request logged, so the raw-address scan of the logs covers the browser's traffic.
      LOG_LEVEL: 'info',
      OSRM_URL: osrmUrl,
      NOMINATIM_URL: nominatimUrl,
      TILE_URL: `${tilesUrl}/{z}/{x}/{y}.png`,
      PUSH_SERVICES: pushUrl,
      ADMIN_USERNAME: 'amina',
      ADMIN_PASSWORD: 'correct-horse-battery',
      ...env,
    },
  });
  const url = await app.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    osrm,
    nominatim,
    tiles,
    push,
    close: async () => {
      await app.close();
      await Promise.all([osrm.stop(), nominatim.stop(), tiles.stop(), push.stop()]);
    },
  };
}

/**
 * In `npm test`'s lanes (server/test/run.ts), one Chromium serves every browser file a lane runs: a
 * launch costs about 1 s of CPU, and a run has 16 such files. A file closes the phones it opened; the
 * browser goes with the lane (Playwright kills what it launched when its process exits).
 */
const IN_LANE = process.env.HATARI_TEST_LANE === '1';
const laneBrowsers = new Map<BrowserKind, Promise<Browser | undefined>>();

async function suiteBrowser(kind: BrowserKind): Promise<Browser | undefined> {
  if (!IN_LANE) return launchBrowser(kind);
  if (!(await laneBrowsers.get(kind))?.isConnected()) laneBrowsers.set(kind, launchBrowser(kind));
  return laneBrowsers.get(kind);
}

/**
 * One browser (a lane's own under npm test) and one seeded server (with `env` added to its settings)
 * for a suite's tests (set up before them, closed after). `browser` stays undefined where Chromium is
 * not installed; the tests skip. The browser is the headless shell unless `fullChromium` asks for
 * the full browser (for what the shell does otherwise: notifications, the back button).
 */
export function browserSuite(
  env: Record<string, string> = {},
  clock?: Clock,
  { fullChromium = false } = {},
): {
  browser: Browser | undefined;
  stack: WebStack;
} {
  const suite: { browser: Browser | undefined; stack: WebStack } = {
    browser: undefined,
    stack: undefined as unknown as WebStack,
  };
  before(async () => {
    suite.browser = await suiteBrowser(fullChromium ? 'full' : 'shell');
    if (suite.browser) suite.stack = await startWebStack(env, false, clock);
  });
  after(async () => {
    if (IN_LANE) await Promise.all(suite.browser?.contexts().map((c) => c.close()) ?? []);
    else await suite.browser?.close();
    await suite.stack?.close();
  });
  return suite;
}

export interface PhonePage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions: a page under test should have none. */
  problems: string[];
}

let visitors = 0;

/**
 * A new phone: its own cookies, storage and user agent, so it is its own visitor to the server
 * (a visitor is the address plus the user agent, and every test phone shares 127.0.0.1).
 */
export async function openPhone(
  browser: Browser,
  url: string,
  options: {
    offlineCapable?: boolean;
    path?: string;
    /** On a slow mobile connection (slowPhone). */
    slow?: boolean;
    /** With a CPU four times slower too: for the figures of `npm run bench:ux` (slowPhone says why). */
    slowCpu?: boolean;
    permissions?: string[];
    /** Runs before the page is opened (to route its requests, say). */
    beforeOpen?: (page: Page) => Promise<unknown>;
  } = {},
): Promise<PhonePage> {
  visitors += 1;
  const context = await browser.newContext({
    userAgent: `Mozilla/5.0 (Linux; Android 12; Hatari test phone ${process.pid}-${visitors}) Chrome/156 Mobile`,
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-GB',
    serviceWorkers: options.offlineCapable ? 'allow' : 'block',
    permissions: options.permissions ?? [],
  });
  context.setDefaultTimeout(options.slow || options.slowCpu ? 30_000 : 10_000);
  const page = await context.newPage();
  if (options.slow || options.slowCpu) await slowPhone(page, { cpu: options.slowCpu });
  const problems: string[] = [];
  page.on('console', (m) => {
    // A refused request (a 409, a 429) is logged by the browser; the tests assert those by name.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await options.beforeOpen?.(page);
  await page.goto(`${url}${options.path ?? '/'}`);
  return { context, page, problems };
}

/**
 * Waits until `predicate`, run in the page, resolves to true. Playwright's `waitForFunction` does not
 * wait for a promise (a pending promise counts as truthy), so asynchronous page state (the Cache API,
 * the service worker) is polled here instead.
 */
export async function waitInPage(page: Page, predicate: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = performance.now() + timeoutMs;
  while (!(await page.evaluate(predicate))) {
    if (performance.now() > until)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${predicate}`);
    await page.waitForTimeout(100);
  }
}

/** Resolves once the phone keeps the spot list for offline use and its service worker is active. */
export async function savedForOffline(page: Page) {
  await waitInPage(page, async () => Boolean((await navigator.serviceWorker.getRegistration())?.active));
  await waitInPage(page, async () =>
    Boolean(await (await caches.open('hatari-data')).match('/api/spots?limit=1000')),
  );
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/**
 * A mid-range phone on a slow mobile connection, as Lighthouse's mobile run models it: about
 * 400 kbit/s down, 400 ms round trips, and with `cpu` a CPU four times slower than this machine's.
 * Chromium slows the CPU by keeping the page's main thread spinning three quarters of the time it
 * runs: the cores are taken from the test files running beside it (measured: 11.5 s of the
 * machine's CPU for each of map-ux's and map-ux-scale's files, a quarter of their whole cost). The
 * tests slow the network only, which is what their framing and ordering depend on.
 */
export async function slowPhone(page: Page, { cpu = false } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
  if (cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's findings on the page as it is now (all its WCAG 2.x A and AA rules and best
 * practices), one line each: rule, impact and the first elements concerned. Injected through the
 * DevTools protocol, so the page's CSP (no inline scripts) stays as users get it.
 */
export async function axeViolations(page: Page, { targetSize = false } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const violations = await page.evaluate(async (targetSize) => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: unknown[] }> } }).axe;
    // WCAG 2.2's target size (24 px), as Lighthouse checks it; off by default in axe-core.
    const rules = targetSize ? { 'target-size': { enabled: true } } : {};
    const result = await axe.run({ resultTypes: ['violations'], rules });
    return result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[];
  }, targetSize);
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}

/** The layout shifts the page has made so far, added up as Lighthouse does (without recent input). */
export const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 200);
      }),
  );

/** A notification the page's service worker shows: its title, text and the link a tap opens. */
export interface Shown {
  title: string;
  body: string;
  url: string;
}

/**
 * Hands a push message's payload to the page's service worker as its push service would (DevTools'
 * ServiceWorker.deliverPushMessage), and gives the notifications it then shows. Chromium answers a
 * push DevTools delivers before the worker has it, and drops it without a word when that fails (once
 * in CI, on a loaded machine, no notification followed within 10 s); so a push nothing followed is
 * delivered again, up to three times. A message's tag makes a second one replace the first.
 */
export async function showPushed(
  context: BrowserContext,
  page: Page,
  origin: string,
  payload: unknown,
): Promise<{ shown: Shown[]; workerErrors: string[] }> {
  const cdp = await context.newCDPSession(page);
  const workerErrors: string[] = [];
  cdp.on('ServiceWorker.workerErrorReported', (e) => workerErrors.push(e.errorMessage.errorMessage));
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
      const active = e.versions.find((v) => v.scriptURL.startsWith(origin) && v.status === 'activated');
      if (active) resolve(active.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  const notifications = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url: string }).url,
      })),
    );
  let shown: Shown[] = [];
  for (let delivery = 1; delivery <= 3 && !shown.length; delivery++) {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId,
      data: JSON.stringify(payload),
    });
    for (let i = 0; i < 100 && !shown.length; i++) {
      await new Promise((r) => setTimeout(r, 100));
      shown = await notifications();
    }
  }
  return { shown, workerErrors };
}
