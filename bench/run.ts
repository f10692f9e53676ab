/**
 * npm run bench [-- --spots 1000000 --duration 10 --connections 100]
 *
 * In one run, on 127.0.0.1: a bare Fastify hello-world and Hatari (PostgreSQL + PostGIS, Redis
 * counters, synthetic spots), each in its own process, driven by autocannon from this one. Every
 * request comes from a different visitor (X-Forwarded-For through TRUST_PROXY=127.0.0.1), so the
 * rate limiter does its full work without refusing the run. Prints req/s, p50, p97.5, p99, the
 * ratio to hello-world and the server's peak RSS; writes bench/results/bench.json, the chart
 * bench/results/bench.svg and BENCHMARKS.md.
 *
 * --compare <checkout> also starts the server of another checkout (an earlier commit, say, with
 * `git worktree add ../before <commit>` and its node_modules) on the same database and measures
 * every endpoint against it in the same run, just before the current server: the report gains a
 * before-and-after table. --only <text> runs only the endpoints whose name contains the text and
 * writes no report. --driver wrk drives the load with wrk (bench/wrk.ts) instead of autocannon: the
 * same requests, each from a new visitor, from a generator in C.
 *
 * --flags "<node flags>" starts hello-world and the server with these V8 flags instead of those of
 * a web instance on PostgreSQL as deployed (server/start.sh); --compare-flags "<node flags>" starts a second server of this
 * checkout with other flags and measures it beside the first, as --compare does. --built runs the
 * bundle `npm start` runs (dist/server/main.js, made by `npm run build`) instead of the sources, in
 * the compared checkout too.
 * --only takes alternatives separated by `|`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { tileOf } from '../common/geo.ts';
import { ensureSyntheticSpots } from '../server/src/cli/synthetic.sql.ts';
import { loadConfig } from '../server/src/config.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { openDatabase } from '../server/src/db/open.ts';
import { createLogger } from '../server/src/http/logger.ts';
import { refreshStaleConfidence } from '../server/src/spots/index.ts';
import { FakeNominatim, FakeOsrm, KAMPALA_PLACES } from '../server/test/fakes.ts';
import { BUILT_SERVER, freePort, rssBytes, serverNodeArgs, waitFor } from '../server/test/processes.ts';
import { fromMemoryText, writeReport } from './report.ts';
import { type WrkResult, wrk } from './wrk.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const textArg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const SPOTS = arg('spots', 1_000_000);
const COMPARE = textArg('compare');
/** Who drives the load: autocannon (in this process) or wrk (bench/wrk.ts). */
const DRIVER = textArg('driver') === 'wrk' ? 'wrk' : 'autocannon';
const ONLY = textArg('only')?.split('|');
const DURATION = arg('duration', 10);
const CONNECTIONS = arg('connections', 100);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hatari_bench';
// Database 15 of the local Redis keeps the run's millions of counters away from the tests' keys.
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const flagsArg = (name: string) => textArg(name)?.split(/\s+/).filter(Boolean);
/** The V8 flags of hello-world and the server; of a second server beside it. */
const GIVEN_FLAGS = flagsArg('flags');
const FLAGS = GIVEN_FLAGS ?? serverNodeArgs({ DATABASE_URL, ROLE: 'web' });
const COMPARE_FLAGS = flagsArg('compare-flags');
const BUILT = process.argv.includes('--built');
/** The machine's load average (one minute) when the run began, for the report. */
const LOAD_AT_START = os.loadavg()[0] as number;

export interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p97_5: number;
  p99: number;
  ratio: number;
  /** Answers not 2xx, and 2xx answers that refused what was asked (Target.refused). */
  non2xx: number;
  /** Requests that failed or timed out (autocannon gives up after 10 s). */
  errors: number;
  peakRssMb: number;
  /**
   * GET /api/health answered meanwhile, sampled every 50 ms from a new connection each (as a
   * monitor asks): on the health port where the server has one (HEALTH_PORT, as deployed).
   */
  healthP99?: number;
  /** The same on the main port, beside the load, where the server has a health port. */
  mainHealthP99?: number;
  /** The server's event loop (monitorEventLoopDelay): its longest stretch during the run. */
  eventLoopMaxMs?: number;
  /**
   * Of the public reads the server counted during the run (its read cache's hits and misses on
   * /metrics), the share answered from memory: what tells a cached row from an uncached one.
   */
  fromMemory?: number;
  /** Server time of route checks (their Server-Timing header), median. */
  serverP50?: number;
  /** Of that, the time a check waited for its turn (Server-Timing `queue`), median. */
  queueP50?: number;
  /** The same endpoint on the --compare checkout, measured just before. */
  before?: Omit<Row, 'name' | 'before'>;
}

async function ensureDatabase() {
  const admin = new URL(DATABASE_URL);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await client.end();
  const db = await openDatabase(loadConfig({ DATABASE_URL, SEED: '0' }), createLogger('warn'));
  await migrate(db);
  console.log(`synthetic spots: making ${SPOTS.toLocaleString('en')} …`);
  await ensureSyntheticSpots(db, SPOTS, (line) => process.stdout.write(`\r${line}`));
  process.stdout.write('\n');
  // As a deployed map stands: every spot's confidence computed within the day (the worker's hourly
  // ageing keeps it so). Left to the server, a new bench database had it computed through the rows.
  const aged = Date.now();
  const computed = await refreshStaleConfidence(db, new Date());
  if (computed)
    console.log(
      `confidence computed for ${computed.toLocaleString('en')} spots (${((Date.now() - aged) / 1000).toFixed(1)} s)`,
    );
  // What autovacuum does on a deployment, done here because a test machine's PostgreSQL may run
  // without it: made fresh, a million spots leave 390,000 dead rows and no visibility map, and the
  // uncached tile row then measured 60 req/s (p99 3 s) instead of 877 (p99 272 ms), 2026-12-01.
  await db.query('VACUUM (ANALYZE)');
  const ids = await db.query<{ id: number }>(
    'SELECT id FROM spots WHERE publication = $1 ORDER BY random() LIMIT 5000',
    ['approved'],
  );
  await db.close();
  return ids.map((r) => r.id);
}

/** Typed queries as phones send them while typing (spot search only): prefixes and whole words. */
const SEARCHES = [
  'ka',
  'kal',
  'kaler',
  'kalerwe',
  'bo',
  'boda',
  'boda st',
  'boda stage',
  'mar',
  'market',
  'market al',
  'taxi',
  'taxi pa',
  'taxi park',
  'jun',
  'junction',
  'unlit',
  'dark lane',
  'footbr',
  'footbridge',
  'mbar',
  'mbarara',
  'gulu',
  'jinja',
  'jinja road',
  'entebbe',
  'mukono',
  'church',
  'school',
  'mosque',
  'hospital',
  'roundabout',
  'trading centre',
  'swamp',
  'quiet stretch',
  'bus park',
  'wakiso',
  'lira',
];

function startProcess(
  args: string[],
  env: Record<string, string>,
  cwd = process.cwd(),
  flags = FLAGS,
): ChildProcess {
  return spawn(process.execPath, [...flags, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function startHello() {
  const child = startProcess(['bench/hello-server.ts'], {});
  const line = await new Promise<string>((resolve) =>
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve),
  );
  return { url: `http://127.0.0.1:${JSON.parse(line).port}`, child };
}

async function startHatari(fakes: { osrm: string; nominatim: string }, cwd = process.cwd(), flags = FLAGS) {
  const port = await freePort();
  // An older checkout may not print its event loop's delay on SIGUSR2 (and would die of it). It is
  // in server.ts since main.ts became the entry that turns Node's compile cache on.
  const reportsLoop = ['main.ts', 'server.ts'].some((file) => {
    const source = `${cwd}/server/src/${file}`;
    return existsSync(source) && readFileSync(source, 'utf8').includes('EVENT_LOOP_STATS');
  });
  // --built runs each checkout's bundle (`npm run build` there first), so both sides run alike.
  if (BUILT && !existsSync(`${cwd}/${BUILT_SERVER}`))
    throw new Error(`${cwd}: run npm run build there first`);
  // Deployed instances answer their probes on a port of their own (deploy/systemd, HEALTH_PORT).
  const healthPort = existsSync(`${cwd}/server/src/health/health-port.ts`) ? await freePort() : undefined;
  const child = startProcess(
    [BUILT ? BUILT_SERVER : 'server/src/main.ts'],
    {
      PORT: String(port),
      ...(healthPort && { HEALTH_PORT: String(healthPort) }),
      DATABASE_URL,
      REDIS_URL,
      TRUST_PROXY: '127.0.0.1',
      // A web instance as deploy/systemd starts one (the flags are the web role's): the background
      // work is a worker's. As `all`, a new bench database had the server redact its million spots'
      // text again (the one-time job) through every row: 37 % of the thread, 2026-12-02.
      ROLE: 'web',
      SEED: '0',
      // As deployed (deploy/systemd sets none): a line per request, read here as the journal reads it.
      LOG_LEVEL: 'info',
      EVENT_LOOP_STATS: '1',
      OSRM_URL: fakes.osrm,
      NOMINATIM_URL: fakes.nominatim,
      CHANNEL_SECRET,
      METRICS_TOKEN,
    },
    cwd,
    flags,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/api/health`)).ok, 120_000, 'Hatari');
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const stats: Array<(s: { max: number }) => void> = [];
  lines.on('line', (line) => {
    if (line.includes('eventLoopDelayMs')) stats.shift()?.(JSON.parse(line).eventLoopDelayMs);
  });
  /** The event loop's delay since the last call (the server prints it on SIGUSR2). */
  const eventLoop = () =>
    new Promise<{ max?: number }>((resolve) => {
      if (!reportsLoop) return resolve({});
      stats.push(resolve);
      child.kill('SIGUSR2');
    });
  const healthUrl = healthPort ? `http://127.0.0.1:${healthPort}` : undefined;
  return { url, healthUrl, child, eventLoop };
}

/** The body's size in bytes of `url`'s answer when brotli is accepted, as the bench asks. */
function answerBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip', 'x-forwarded-for': nextAddress() } }, (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length)).on('end', () => resolve(n));
      })
      .on('error', reject);
  });
}

/** GET /api/health at `base` from a new connection, as a monitor asks; its time in ms. */
function probe(base: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = () => resolve(performance.now() - started);
    http
      .get(`${base}/api/health`, { agent: false }, (res) => res.resume().on('end', done).on('error', done))
      .on('error', done);
  });
}

/** Samples GET /api/health at each of `bases` every 50 ms while `work` runs; their p99s in ms. */
async function healthDuring<T>(bases: string[], work: () => Promise<T>): Promise<[T, number[]]> {
  const times = bases.map(() => [] as number[]);
  let running = true;
  const samplers = bases.map(async (base, i) => {
    while (running) {
      times[i]?.push(await probe(base));
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  const result = await work().finally(() => {
    running = false;
  });
  await Promise.all(samplers);
  return [
    result,
    times.map((t) => t.sort((a, b) => a - b)).map((t) => Math.round(t[Math.floor(t.length * 0.99)] ?? 0)),
  ];
}

/** Peak resident memory of a process while `work` runs, read from /proc. */
async function peakRss<T>(pid: number | undefined, work: () => Promise<T>): Promise<[T, number]> {
  let peak = 0;
  const sample = () => {
    try {
      peak = Math.max(peak, rssBytes(pid as number) / 1048576);
    } catch {
      // not on Linux: no figure
    }
  };
  const timer = setInterval(sample, 250);
  try {
    return [await work(), Math.round(peak)];
  } finally {
    clearInterval(timer);
  }
}

/**
 * Waits (at most five minutes) until the database runs no query: a server's answers still queued
 * when the load stops (the earlier checkout's, say) would otherwise be measured with the next.
 */
async function databaseIdle() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  // Idle for a whole second: reads an earlier row left queued at the server's gate start one after
  // another, with instants between them when none is active.
  let idleSince: number | undefined;
  try {
    await waitFor(
      async () => {
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
        );
        if (rows[0].n !== 0) idleSince = undefined;
        else idleSince ??= Date.now();
        return idleSince !== undefined && Date.now() - idleSince >= 1000;
      },
      // Under wrk a row of uncached searches leaves more queued at the server's gate than a minute
      // clears (2026-11-29): five minutes.
      300_000,
      'the database to finish earlier queries',
    );
  } finally {
    await client.end();
  }
}

/** A checkout named by its commit, for the report. */
const describeCheckout = (dir: string) =>
  execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h (%ad)', '--date=short'], {
    encoding: 'utf8',
  }).trim();

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[xs.length >> 1] : undefined);

let addresses = 0;
/** A new visitor for every request: addresses walk through 10.0.0.0/8. */
const nextAddress = () => {
  addresses = (addresses + 1) % 16_000_000;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

interface Target {
  name: string;
  method?: 'GET' | 'POST';
  path: () => string;
  /**
   * Every path the target asks for, each once per pass (each of wrk's threads walks its half), in
   * place of 2,000 drawn from `path`: an uncached row whose paths came round again within the read
   * cache's 2 s would be answered from memory.
   */
  allPaths?: string[];
  /** A JSON body: the same for each request, or made for each. */
  body?: string | (() => string);
  /** A form body made for each request (a gateway's callback) instead of a JSON body. */
  form?: () => Record<string, string>;
  /** An answer that is not what was asked for, though a 2xx (a USSD screen that ends the session). */
  refused?: (body: string) => boolean;
  /**
   * A cached read: followed by a row of the bare Fastify answering as many bytes (its brotli
   * answer's mean size), the most any Fastify server gives for that answer on this machine.
   */
  sameSize?: true;
}

/** Server-Timing durations seen in the last run's answers: the whole check, and its wait. */
let serverTimes: number[] = [];
let queueTimes: number[] = [];
/** 2xx answers of the last run that `refused` named. */
let refusals = 0;

/** What a load run gives, whichever drove it. */
type LoadResult = Pick<autocannon.Result, 'non2xx' | 'errors' | 'timeouts'> & {
  requests: { average: number };
  latency: { p50: number; p97_5: number; p99: number };
};

const bodyOf = (target: Target) => (typeof target.body === 'function' ? target.body() : target.body);

/** The requests a target makes, written out for wrk (which cannot call back into this process). */
function wrkLoad(base: string, target: Target): Promise<WrkResult> {
  const paths = target.allPaths ?? Array.from({ length: 2000 }, () => target.path());
  const n = paths.length;
  const bodies = target.form
    ? Array.from({ length: n }, () => new URLSearchParams(target.form?.()).toString())
    : target.body
      ? Array.from({ length: n }, () => bodyOf(target) as string)
      : undefined;
  return wrk(base, {
    method: target.method ?? 'GET',
    paths,
    bodies,
    contentType: target.form
      ? 'application/x-www-form-urlencoded'
      : target.body
        ? 'application/json'
        : undefined,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
  });
}

async function load(base: string, target: Target): Promise<LoadResult> {
  serverTimes = [];
  queueTimes = [];
  refusals = 0;
  if (DRIVER === 'wrk') return wrkLoad(base, target);
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: target.method ?? 'GET',
        setupRequest: (req) => ({
          ...req,
          path: target.path(),
          body: target.form ? new URLSearchParams(target.form()).toString() : bodyOf(target),
          headers: {
            ...req.headers,
            'x-forwarded-for': nextAddress(),
            'accept-encoding': 'gzip, br',
            ...(target.form
              ? { 'content-type': 'application/x-www-form-urlencoded' }
              : target.body
                ? { 'content-type': 'application/json' }
                : {}),
          },
        }),
        onResponse: (status, body, _context, headers) => {
          if (status < 300 && target.refused?.(body)) refusals += 1;
          const timing = String(headers?.['server-timing'] ?? '');
          const check = /check;dur=([\d.]+)/.exec(timing);
          const queue = /queue;dur=([\d.]+)/.exec(timing);
          if (check) serverTimes.push(Number(check[1]));
          if (queue) queueTimes.push(Number(queue[1]));
        },
      },
    ],
  });
}

const CHANNEL_SECRET = 'bench-channel-secret-0123456789';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** The server's read cache counts (/metrics), or nothing where it has none to give. */
async function readCacheCounts(base: string): Promise<{ hits: number; misses: number } | undefined> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = res.ok ? await res.text() : '';
  const count = (name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  const counts = {
    hits: count('hatari_read_cache_hits_total'),
    misses: count('hatari_read_cache_misses_total'),
  };
  return Number.isNaN(counts.hits + counts.misses) ? undefined : counts;
}

type CacheCounts = Awaited<ReturnType<typeof readCacheCounts>>;
/** The share of the public reads between two counts that the read cache answered. */
function shareFromMemory(before: CacheCounts, after: CacheCounts): number | undefined {
  if (!before || !after) return undefined;
  const hits = after.hits - before.hits;
  const reads = hits + after.misses - before.misses;
  return reads ? Number((hits / reads).toFixed(3)) : undefined;
}
/** MTN, Airtel, UTL and Lycamobile Uganda: the networkCode a gateway sends. */
const OPERATORS = ['64110', '64101', '64111', '64133'];
let phones = 0;

const ids = await ensureDatabase();
const pick = () => ids[Math.floor(Math.random() * ids.length)];
const osrm = new FakeOsrm();
const nominatim = new FakeNominatim(KAMPALA_PLACES);
const fakes = { osrm: await osrm.start(), nominatim: await nominatim.start() };
const hello = await startHello();
const hatari = await startHatari(fakes);
const earlier = COMPARE || COMPARE_FLAGS ? await startHatari(fakes, COMPARE, COMPARE_FLAGS) : undefined;

const KAMPALA_Z12 = tileOf(0.3136, 32.5811, 12);
/** Every tile of greater Kampala (0.15° to 0.45° N, 32.45° to 32.75° E) at zoom z, in random order. */
function kampalaTiles(z: number): string[] {
  const from = tileOf(0.45, 32.45, z);
  const to = tileOf(0.15, 32.75, z);
  const tiles: string[] = [];
  for (let x = from.x; x <= to.x; x++)
    for (let y = from.y; y <= to.y; y++) tiles.push(`/api/spots/tiles/${z}/${x}/${y}.json`);
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [tiles[i], tiles[j]] = [tiles[j] as string, tiles[i] as string];
  }
  return tiles;
}
const STREET_TILES = kampalaTiles(17);
let streetTile = 0;

const targets: Target[] = [
  // What the map asks for a phone's view of central Kampala at street zoom (390 × 844 px at zoom 16).
  {
    name: 'GET /api/spots (Kampala view)',
    path: () => '/api/spots?bbox=32.5770,0.3090,32.5854,0.3271&limit=500',
    sameSize: true,
  },
  { name: 'GET /api/spots/{id}', path: () => `/api/spots/${pick()}`, sameSize: true },
  // The tile the page asks for central Kampala at map zoom 13 (one zoom out): the same for everyone.
  {
    name: 'GET tile, cached (Kampala, z12)',
    path: () => `/api/spots/tiles/12/${KAMPALA_Z12.x}/${KAMPALA_Z12.y}.json`,
    sameSize: true,
  },
  // Every street tile of greater Kampala (about 12,000) once a pass: each a miss.
  {
    name: 'GET tile, uncached (greater Kampala, z17)',
    path: () => STREET_TILES[streetTile++ % STREET_TILES.length] as string,
    allPaths: STREET_TILES,
  },
  { name: 'GET /api/spots/clusters (Uganda)', path: () => '/api/spots/clusters?zoom=7' },
  {
    name: 'GET /api/search?places=0 (typed mix)',
    path: () =>
      `/api/search?q=${encodeURIComponent(SEARCHES[Math.floor(Math.random() * SEARCHES.length)] as string)}&places=0`,
  },
  // A search the phone sends after a pause: spots, and the places the name means (from the place
  // cache after the first request) with the spots near each.
  {
    name: 'GET /api/search (with places, cached)',
    path: () => '/api/search?q=kampala',
  },
  {
    name: 'POST /api/spots/{id}/vote',
    method: 'POST',
    path: () => `/api/spots/${pick()}/vote`,
    body: '{"value":1}',
  },
  // A new report somewhere in greater Kampala, each from a newcomer: past the newcomer budgets
  // (30 an hour site-wide by default) most are held for a moderator, as a flood would be.
  {
    name: 'POST /api/spots (report)',
    method: 'POST',
    path: () => '/api/spots',
    body: () =>
      JSON.stringify({
        title: 'Phones snatched at the stage',
        description: 'Two men on a boda, after dark.',
        lat: 0.15 + Math.random() * 0.3,
        lng: 32.45 + Math.random() * 0.3,
        category: 'robbery',
        severity: 1 + Math.floor(Math.random() * 5),
        time_of_day: 'night',
      }),
  },
  // 20 km across central Kampala, the densest area, as the page asks (detail=compact).
  {
    name: 'GET /api/route 20 km (compact)',
    path: () => '/api/route?from=0.2946,32.502&to=0.3907,32.654&detail=compact',
  },
  // A basic phone's second page of dangers near a place: the menu is replayed from the answers
  // (language, menu, the place typed, which of the places it names, More), so each callback finds
  // the place and its dangers again. Every request is a new phone on one of Uganda's operators.
  {
    name: 'POST /api/channels/ussd (dangers near Kampala, page 2)',
    method: 'POST',
    path: () => `/api/channels/ussd/${CHANNEL_SECRET}`,
    form: () => {
      phones += 1;
      return {
        sessionId: `ATUid_bench_${phones}`,
        serviceCode: '*384*1234#',
        phoneNumber: `+25677${String(phones % 10_000_000).padStart(7, '0')}`,
        networkCode: OPERATORS[phones % OPERATORS.length] as string,
        text: '1*1*Kampala*1*9',
      };
    },
    refused: (body) => !/^CON 1 /.test(body),
  },
];

const rows: Row[] = [];
try {
  await load(hello.url, { name: 'warm-up', path: () => '/' });
  const [helloRun, helloRss] = await peakRss(hello.child.pid, () =>
    load(hello.url, { name: 'hello', path: () => '/' }),
  );
  const helloRate = helloRun.requests.average;
  const row = (name: string, r: LoadResult, rss: number, extra: Partial<Row> = {}): Row => ({
    name,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    ratio: Number((r.requests.average / helloRate).toFixed(3)),
    non2xx: r.non2xx + refusals,
    errors: r.errors + r.timeouts,
    peakRssMb: rss,
    ...extra,
  });
  rows.push(row('hello-world (bare Fastify)', helloRun, helloRss));
  /** The bare Fastify answering as many bytes as `target`'s answers (brotli) average. */
  const sameSize = async (target: Target) => {
    const sizes = await Promise.all(
      Array.from({ length: 20 }, () => answerBytes(hatari.url + target.path())),
    );
    const bytes = Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length);
    const name = `bare Fastify, ${bytes.toLocaleString('en')} bytes (as ${target.name.replace(/^GET /, '')})`;
    const [run, rss] = await peakRss(hello.child.pid, () =>
      load(hello.url, { name, path: () => `/bytes/${bytes}` }),
    );
    console.log(`${name}: ${Math.round(run.requests.average)} req/s, p99 ${run.latency.p99} ms`);
    return row(name, run, rss);
  };
  const measure = async (server: typeof hatari, target: Target, label: string) => {
    await databaseIdle();
    await load(server.url, { ...target, name: 'warm-up' });
    await server.eventLoop();
    const cacheBefore = await readCacheCounts(server.url);
    const [[run, rss], [healthP99, mainHealthP99]] = await healthDuring(
      server.healthUrl ? [server.healthUrl, server.url] : [server.url],
      () => peakRss(server.child.pid, () => load(server.url, target)),
    );
    const loop = await server.eventLoop();
    const fromMemory = shareFromMemory(cacheBefore, await readCacheCounts(server.url));
    const serverP50 = median(serverTimes);
    const queueP50 = median(queueTimes);
    console.log(
      `${label}${target.name}: ${Math.round(run.requests.average)} req/s, p99 ${run.latency.p99} ms, ` +
        `health p99 ${healthP99} ms${mainHealthP99 === undefined ? '' : ` (main port ${mainHealthP99} ms)`}, peak RSS ${rss} MB` +
        `${fromMemory === undefined ? '' : `, ${fromMemoryText({ fromMemory })} of reads from memory`}` +
        `${loop.max === undefined ? '' : `, event loop max ${loop.max} ms`}${serverP50 ? `, server p50 ${serverP50} ms` : ''}${queueP50 === undefined ? '' : ` (${queueP50} ms of it queued)`}`,
    );
    return row(target.name, run, rss, {
      healthP99,
      mainHealthP99,
      eventLoopMaxMs: loop.max,
      fromMemory,
      serverP50,
      queueP50,
    });
  };
  for (const target of targets.filter((t) => !ONLY || ONLY.some((o) => t.name.includes(o)))) {
    const before = earlier ? await measure(earlier, target, 'before: ') : undefined;
    const now = await measure(hatari, target, '');
    if (before) {
      const { name: _, ...figures } = before;
      now.before = figures;
    }
    rows.push(now);
    if (target.sameSize) rows.push(await sameSize(target));
  }
} finally {
  hello.child.kill('SIGTERM');
  hatari.child.kill('SIGTERM');
  earlier?.child.kill('SIGTERM');
  await Promise.all([osrm.stop(), nominatim.stop()]);
}

console.log(
  `\n${SPOTS.toLocaleString('en')} spots, ${CONNECTIONS} connections, ${DURATION} s per endpoint, driven by ${DRIVER}\n`,
);
console.table(
  rows.map((r) => ({
    endpoint: r.name,
    'req/s': r.reqPerSec,
    'p50 ms': r.p50,
    'p97.5 ms': r.p97_5,
    'p99 ms': r.p99,
    'vs hello-world': r.ratio,
    'non-2xx or refused': r.non2xx,
    'errors, timeouts': r.errors,
    'peak RSS MB': r.peakRssMb,
    'health p99 ms': r.healthP99 ?? '',
    'main port health p99 ms': r.mainHealthP99 ?? '',
    'loop max ms': r.eventLoopMaxMs ?? '',
    'reads from memory': fromMemoryText(r),
    'server p50 ms': r.serverP50 ?? '',
    'queued p50 ms': r.queueP50 ?? '',
  })),
);
if (ONLY) process.exit(0);
writeReport({
  at: new Date().toISOString(),
  spots: SPOTS,
  connections: CONNECTIONS,
  durationSeconds: DURATION,
  compare: COMPARE
    ? describeCheckout(COMPARE)
    : COMPARE_FLAGS && `this checkout with ${COMPARE_FLAGS.join(' ')}`,
  driver: DRIVER,
  ...(GIVEN_FLAGS ? { flags: GIVEN_FLAGS.join(' ') } : {}),
  ...(BUILT ? { built: true } : {}),
  loadAverage: LOAD_AT_START,
  rows,
});
