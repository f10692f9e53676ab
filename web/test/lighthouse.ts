/**
 * npm run bench:lighthouse [-- --runs 3]
 *
 * Lighthouse (mobile: a mid-range phone on slow 4G, simulated) against Debian's Chromium, on the
 * whole product started here on 127.0.0.1 as production runs it (seeded, with the test archive as
 * its vector basemap): the map at `/` and a shared spot link. Prints performance, CLS, LCP, TBT,
 * accessibility and the bytes of a first visit for each, the background's tiles among them (the
 * median of --runs), and fails below performance 0.95, above CLS 0.05, below accessibility 1 or
 * above 170 KB. The test archive's tiles are smaller than a real city's: docs/web.md gives both.
 * It prints Lighthouse's rating of the host's CPU (`benchmarkIndex`) beside them: its 4× CPU
 * slowdown makes a phone of the host, so figures from different hosts or browsers compare only so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { writeFixtureBasemap } from '../../server/test/fixtures/basemap.ts';
import { CHROMIUM, startWebStack } from './browser.ts';

const at = process.argv.indexOf('--runs');
const RUNS = at > 0 ? Number(process.argv[at + 1]) : 3;
const TARGET = { performance: 0.95, cls: 0.05, accessibility: 1, kb: 170 };
const PORT = 9300 + (process.pid % 500);

interface Figures {
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  bytes: number;
  /** Of which the background map's tiles. */
  basemapBytes: number;
  failedA11y: string[];
  /** Lighthouse's rating of the host's CPU. */
  benchmarkIndex: number;
}

const dir = mkdtempSync(path.join(tmpdir(), 'hatari-lighthouse-'));
const stack = await startWebStack({
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1',
  TILE_URL: '',
  BASEMAP_PMTILES: writeFixtureBasemap(path.join(dir, 'uganda.pmtiles')),
});
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    `--remote-debugging-port=${PORT}`,
    '--disable-background-networking',
  ],
});

async function audit(url: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port: PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // Every run a first visit: no cache, no service worker, no saved storage.
    disableStorageReset: false,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError)
    throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
  const failedA11y = Object.values(audits)
    .filter((a) => a.score === 0 && result.lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id))
    .map((a) => a.id);
  return {
    performance: categories.performance?.score ?? 0,
    accessibility: categories.accessibility?.score ?? 0,
    cls: Number(audits['cumulative-layout-shift']?.numericValue ?? 1),
    lcpMs: Number(audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Number(audits['total-blocking-time']?.numericValue ?? 0),
    bytes: Number(audits['total-byte-weight']?.numericValue ?? 0),
    basemapBytes: (
      (audits['network-requests']?.details as { items?: { url: string; transferSize?: number }[] })?.items ??
      []
    )
      .filter((r) => r.url.includes('/api/basemap/'))
      .reduce((n, r) => n + (r.transferSize ?? 0), 0),
    failedA11y,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

let failed = false;
try {
  const [spot] = await stack.app.db.query<{ id: number }>(
    "SELECT id FROM spots WHERE publication = 'approved' ORDER BY id LIMIT 1",
  );
  const pages = { '/': `${stack.url}/`, 'shared spot': `${stack.url}/spots/${spot?.id}` };
  // The server compresses each built file the first time it is asked for: not what a phone measures.
  for (const url of Object.values(pages)) {
    const html = await (await fetch(url, { headers: { 'accept-encoding': 'br' } })).text();
    for (const [, asset] of html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g))
      await fetch(`${stack.url}${asset}`, { headers: { 'accept-encoding': 'br' } });
  }
  console.log(
    `Lighthouse ${RUNS} run(s) a page, mobile, median (target: performance ≥ ${TARGET.performance}, CLS ≤ ${TARGET.cls}, accessibility ${TARGET.accessibility}, first visit ≤ ${TARGET.kb} KB)`,
  );
  for (const [name, url] of Object.entries(pages)) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(url));
    const m = {
      performance: median(runs.map((r) => r.performance)),
      accessibility: median(runs.map((r) => r.accessibility)),
      cls: median(runs.map((r) => r.cls)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      bytes: median(runs.map((r) => r.bytes)),
      basemapBytes: median(runs.map((r) => r.basemapBytes)),
      benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
    };
    console.log(
      `${name.padEnd(12)} performance ${m.performance.toFixed(2)}  CLS ${m.cls.toFixed(3)}  LCP ${Math.round(m.lcpMs)} ms  TBT ${Math.round(m.tbtMs)} ms  accessibility ${m.accessibility.toFixed(2)}  first visit ${(m.bytes / 1024).toFixed(1)} KB (background tiles ${(m.basemapBytes / 1024).toFixed(1)} KB), host CPU index ${Math.round(m.benchmarkIndex)}`,
    );
    const a11y = [...new Set(runs.flatMap((r) => r.failedA11y))];
    if (a11y.length) console.log(`${''.padEnd(12)} accessibility audits failed: ${a11y.join(', ')}`);
    if (
      m.performance < TARGET.performance ||
      m.cls > TARGET.cls ||
      m.accessibility < TARGET.accessibility ||
      m.bytes > TARGET.kb * 1024
    )
      failed = true;
  }
} finally {
  await browser.close();
  await stack.close();
  rmSync(dir, { recursive: true, force: true });
}
if (failed) {
  console.error('Below target.');
  process.exitCode = 1;
}
