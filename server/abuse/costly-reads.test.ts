import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { insertSyntheticSpots } from '../src/cli/synthetic.sql.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDatabase } from '../src/db/open.ts';
import { createLogger } from '../src/http/logger.ts';
import { FakeOsrm } from '../test/fakes.ts';
import { type RunningServer, rssBytes, serverStats, startServer, stop } from '../test/processes.ts';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../test/test-db.ts';
import { freshStorage } from './attacks.ts';

/**
 * Costly reads from one network rotating its user agent (so per-visitor limits never bite),
 * against the real server over a city's worth of spots: cache-busting addresses and unique long
 * routes must not grow the server's memory, and health and other networks' reads stay quick.
 */
const SPOTS = 40_000;
/**
 * What the server's resident memory may grow by during an attack: the heap's working size under a
 * dozen concurrent route checks (it levels off there: four rounds of 200 unique routes peaked at
 * 308, 333, 333 and 354 MB on PostgreSQL), far below the gigabyte unbounded caches took.
 */
const MAX_GROWTH_MB = 200;
/** Health answers while an attack runs; far above normal, far below the seconds seen before. */
const MAX_HEALTH_MS = 1000;
/**
 * Health's 99th percentile under a flood of uncached reads. The target is 50 ms; this test shares two
 * cores with the flood it sends (and decompresses), and the flood is served in full, its answers
 * serialized on the server's one thread: with two reads at once (one per core) 57 to 89 ms was
 * measured here, with six at once 250 to 340 ms, before reads were bounded 2 to 5 s and false 503s.
 */
const MAX_HEALTH_P99_MS = 200;
/**
 * Health's median under the long-route flood, whose answers are scored on the server's thread.
 * Measured in CI on 2026-11-25: p50 108 to 113 ms while the slowest of its ~30 samples (its p99)
 * went from 90 to 304 ms between runs, so the median is bounded here and the slowest answer by
 * MAX_HEALTH_MS; without the bound on route checks, health's median was 1.4 s.
 */
const MAX_HEALTH_P50_ROUTES_MS = 250;
/**
 * Another phone's read of one spot during a flood (its answer is not cached either), on a quick
 * machine. It has places of its own (light reads) but still waits for the flood's answers being
 * written on the server's one thread, so on a slower machine it is bounded by five times the longest
 * the loop was held in the same run: CI on 2026-11-28 measured 153-1,084 ms with the loop held up to
 * 255 ms (the first read of the phone the slowest). Queued behind the flood's reads it would wait for
 * dozens of them.
 */
const MAX_OTHER_MS = 1000;
const OTHER_PER_LOOP_HOLD = 5;
/**
 * Another phone's route check during a flood of checks: it waits behind the few the crowd's wide
 * network may hold (each scored over 40,000 spots); before, it waited 31.9 s and got a 502.
 */
const MAX_OTHER_ROUTE_MS = 3000;

const rssMb = (pid: number) => rssBytes(pid) / 1048576;

/** CPU seconds the process has used (user + system). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/**
 * Samples the server's health latency and RSS every 50 ms until stopped, and takes the server's
 * own account of its event loop's longest delay over that time: a slow health answer with a quick
 * loop was the machine or this process, not the server.
 */
async function watch({ url, proc }: RunningServer) {
  const pid = proc.pid as number;
  await serverStats(proc);
  const health: number[] = [];
  const statuses: number[] = [];
  let peakRss = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peakRss = Math.max(peakRss, rssMb(pid));
      const started = performance.now();
      const res = await fetch(`${url}/api/health`, { headers: { 'x-forwarded-for': '196.43.1.1' } });
      await res.text();
      health.push(performance.now() - started);
      statuses.push(res.status);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const { eventLoopDelayMs } = await serverStats(proc);
    health.sort((a, b) => a - b);
    const p = (q: number) =>
      Math.round(health[Math.min(health.length - 1, Math.floor(q * health.length))] ?? 0);
    return {
      healthP50: p(0.5),
      healthP99: p(0.99),
      healthMax: p(1),
      serverLoopMaxMs: eventLoopDelayMs.max,
      /** Health checks that did not answer 200, although the database was fine throughout. */
      healthNot200: statuses.filter((s) => s !== 200).length,
      peakRssMb: Math.round(peakRss),
      samples: health.length,
    };
  };
}

/** Runs `task(i)` for i < total with `width` at once. */
async function pool<T>(total: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < total) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

const ATTACKER = '41.210.140.7';
const asAttacker = (i: number) => ({
  'x-forwarded-for': ATTACKER,
  'user-agent': `Mozilla/5.0 (Linux; Android 10; K) Build/${i}`,
  'accept-encoding': 'br, gzip',
});

const figures: Record<string, unknown> = {};

describe('costly reads from one network and from crowds of networks', () => {
  let server: RunningServer;
  const osrm = new FakeOsrm();
  const cleanups: Array<() => Promise<unknown> | unknown> = [];

  before(async () => {
    const storage = await freshStorage();
    cleanups.push(storage.remove);
    // The spots are made before the server starts: embedded storage takes one process at a time.
    const config = loadConfig({ ...storage.env, SEED: '0' });
    const db = await openDatabase(config, createLogger('warn'));
    await migrate(db);
    // One statement for 40,000 spots: longer than the server's statement timeout on a slow machine.
    await db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query('SET LOCAL statement_timeout = 0');
      await insertSyntheticSpots(tx, SPOTS);
    });
    await db.close();
    const env: Record<string, string> = {
      ...storage.env,
      OSRM_URL: await osrm.start(),
      NOMINATIM_URL: 'http://127.0.0.1:9',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      EVENT_LOOP_STATS: '1',
    };
    cleanups.push(() => osrm.stop());
    if (TEST_DATABASE_URL && TEST_REDIS_URL) env.REDIS_URL = TEST_REDIS_URL;
    server = await startServer(env, process.env.ABUSE_SERVER_DIR);
    cleanups.push(() => stop(server.proc));
  });
  after(async () => {
    console.log(`\ncostly-read figures:\n${JSON.stringify(figures, null, 2)}`);
    for (const clean of cleanups.reverse()) await clean();
  });

  it('cache-busting addresses read one cached answer and do not grow memory', async () => {
    const pid = server.proc.pid as number;
    const list = `${server.url}/api/spots?limit=5000`;
    await fetch(list).then((r) => r.arrayBuffer());
    const before = rssMb(pid);
    const done = await watch(server);
    const statuses = await pool(400, 8, async (i) => {
      const res = await fetch(`${list}&cachebust=${i}&_=${performance.now()}`, { headers: asAttacker(i) });
      await res.arrayBuffer();
      return res.status;
    });
    const seen = await done();
    const growth = seen.peakRssMb - before;
    figures.cacheBusting = {
      requests: 400,
      statuses: count(statuses),
      rssBeforeMb: Math.round(before),
      ...seen,
    };
    assert.deepEqual(count(statuses), { 200: 400 }, 'every busted address answered, none refused');
    assert.ok(growth <= MAX_GROWTH_MB, `RSS grew ${Math.round(growth)} MB`);
    assert.ok(
      seen.healthMax <= MAX_HEALTH_MS,
      `health took up to ${seen.healthMax} ms; the server's loop was held up to ${seen.serverLoopMaxMs} ms`,
    );
  });

  it('concurrent whole-country downloads cost a file read each, not a walk over every spot', async () => {
    const pid = server.proc.pid as number;
    const download = async (i: number) => {
      const res = await fetch(`${server.url}/api/spots.geojson`, {
        headers: { ...asAttacker(i), 'x-forwarded-for': `102.80.${i}.1` },
      });
      return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
    };
    let cpu = cpuSeconds(pid);
    const first = await download(0);
    const firstCpu = cpuSeconds(pid) - cpu;
    cpu = cpuSeconds(pid);
    const done = await watch(server);
    const rest = await pool(20, 10, (i) => download(i + 1));
    const seen = await done();
    const restCpu = cpuSeconds(pid) - cpu;
    figures.exports = {
      firstStatus: first.status,
      firstBytes: first.bytes,
      firstCpuS: firstCpu,
      twentyMoreCpuS: restCpu,
      ...seen,
    };
    assert.equal(first.status, 200);
    assert.ok(
      rest.every((r) => r.status === 200 && r.bytes === first.bytes),
      'every download whole',
    );
    assert.ok(restCpu < firstCpu, `twenty downloads took ${restCpu} CPU-s, the first ${firstCpu}`);
    assert.ok(
      seen.healthMax <= MAX_HEALTH_MS,
      `health took up to ${seen.healthMax} ms; the server's loop was held up to ${seen.serverLoopMaxMs} ms`,
    );
  });

  it('NUL and other control bytes anywhere are 400 JSON errors, never 500s, while health stays quick', async () => {
    const pid = server.proc.pid as number;
    const before = rssMb(pid);
    const done = await watch(server);
    const addresses = [
      '/api/search?q=kalerwe%00',
      '/api/spots/%00',
      '/api/route?from=0.3,32.5%00&to=0.3,32.6',
      '/api/spots.geojson?since=1%1F',
    ];
    const statuses = await pool(400, 8, async (i) => {
      const res =
        i % 5 === 4
          ? await fetch(`${server.url}/api/spots`, {
              method: 'POST',
              headers: { ...asAttacker(i), 'content-type': 'application/json' },
              body: JSON.stringify({
                title: `Bad\u0000${i}`,
                lat: 0.3,
                lng: 32.5,
                category: 'other',
                severity: 1,
              }),
            })
          : await fetch(`${server.url}${addresses[i % 4]}`, { headers: asAttacker(i) });
      const body = (await res.json()) as { error?: unknown };
      return typeof body.error === 'string' ? res.status : -res.status;
    });
    const seen = await done();
    figures.badBytes = {
      requests: 400,
      statuses: count(statuses),
      growthMb: Math.round(seen.peakRssMb - before),
      ...seen,
    };
    assert.deepEqual(
      Object.keys(count(statuses)).filter((s) => s !== '400' && s !== '429'),
      [],
      'only 400s (or 429s), each a JSON error',
    );
    assert.ok(
      seen.healthMax <= MAX_HEALTH_MS,
      `health took up to ${seen.healthMax} ms; the server's loop was held up to ${seen.serverLoopMaxMs} ms`,
    );
  });

  /** 200 unique long routes, 12 at once, while a phone on another network checks a short one. */
  async function routeAttack(sender: (i: number) => Record<string, string>) {
    const pid = server.proc.pid as number;
    const before = rssMb(pid);
    const done = await watch(server);
    // About 20 km across central Kampala, each a little different, so no answer is cached.
    const attack = pool(200, 12, async (i) => {
      const d = (i % 100) * 0.0004 + Math.floor(i / 100) * 0.00013;
      const from = `${(0.25 + d).toFixed(5)},${(32.5 + d).toFixed(5)}`;
      const to = `${(0.39 - d / 2).toFixed(5)},${(32.66 - d).toFixed(5)}`;
      const avoid = i % 2 ? '&avoid=1' : '';
      const res = await fetch(`${server.url}/api/route?from=${from}&to=${to}&n=${i}${avoid}`, {
        headers: sender(i),
      });
      await res.arrayBuffer();
      return res.status;
    });
    await new Promise((r) => setTimeout(r, 500));
    const started = performance.now();
    const honest = await fetch(`${server.url}/api/route?from=0.3136,32.5811&to=0.3236,32.5911`, {
      headers: { 'x-forwarded-for': '102.85.3.9', 'user-agent': 'Phone', 'accept-encoding': 'br, gzip' },
    });
    const honestMs = Math.round(performance.now() - started);
    const honestBody = (await honest.json()) as { routes?: unknown };
    const statuses = await attack;
    const seen = await done();
    return {
      statuses: count(statuses),
      honest: honest.status,
      honestRoutes: Array.isArray(honestBody.routes),
      honestMs,
      rssBeforeMb: Math.round(before),
      growthMb: Math.round(seen.peakRssMb - before),
      ...seen,
    };
  }

  it('uncached reads from 64 networks wait their turn or are refused; health and another phone are not', async () => {
    // Each read a new cache entry (`since` differs), each from one of the 256 /56s of one IPv6 /48
    // in turn (64 of them), 32 at once: the shape that stalled health and made it answer 503.
    const pid = server.proc.pid as number;
    const before = rssMb(pid);
    const done = await watch(server);
    const flood = pool(1200, 32, async (i) => {
      const res = await fetch(`${server.url}/api/spots?limit=500&since=${i + 1}`, {
        headers: { ...asAttacker(i), 'x-forwarded-for': `2c0f:f4c0:1100:${(i % 64).toString(16)}00::${i}` },
      });
      await res.arrayBuffer();
      return res.status === 503 && res.headers.get('retry-after') !== '2' ? -503 : res.status;
    });
    await new Promise((r) => setTimeout(r, 500));
    const phone = { 'x-forwarded-for': '102.85.3.9', 'user-agent': 'Phone', 'accept-encoding': 'br, gzip' };
    const other: number[] = [];
    const otherStatuses: number[] = [];
    for (let id = 100; id < 110; id++) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/spots/${id}`, { headers: phone });
      await res.arrayBuffer();
      other.push(Math.round(performance.now() - started));
      otherStatuses.push(res.status);
    }
    const statuses = await flood;
    const seen = await done();
    figures.uncachedFlood64Networks = {
      requests: 1200,
      statuses: count(statuses),
      otherPhoneMs: other,
      otherPhoneStatuses: count(otherStatuses),
      growthMb: Math.round(seen.peakRssMb - before),
      ...seen,
    };
    assert.equal(seen.healthNot200, 0, 'no health check said the database was unreachable');
    // Health waits for the answers being written on the server's one thread when it comes, no more:
    // reads run two at once (PUBLIC_READS_AT_ONCE), so its p99 stays within twice the longest the loop
    // was held, measured in this run (on a slower machine both grow: 274-330 ms with the loop held
    // 200-214 ms here in November 2026); reads unbounded (six at once) made it several times that.
    const healthBound = Math.max(MAX_HEALTH_P99_MS, 2 * seen.serverLoopMaxMs);
    assert.ok(
      seen.healthP99 <= healthBound,
      `health p99 ${seen.healthP99} ms, over ${healthBound} ms (the loop was held up to ${seen.serverLoopMaxMs} ms)`,
    );
    assert.deepEqual(count(otherStatuses), { 200: 10 }, 'the other phone read every spot it asked for');
    const otherBound = Math.max(MAX_OTHER_MS, OTHER_PER_LOOP_HOLD * seen.serverLoopMaxMs);
    assert.ok(
      Math.max(...other) <= otherBound,
      `the other phone waited up to ${Math.max(...other)} ms, over ${otherBound} ms (the loop was held up to ${seen.serverLoopMaxMs} ms)`,
    );
    assert.deepEqual(
      Object.keys(count(statuses)).filter((s) => s !== '200' && s !== '503'),
      [],
      'the flood is answered or refused with Retry-After: 2, nothing else',
    );
    assert.ok(seen.peakRssMb - before <= MAX_GROWTH_MB, `RSS grew ${Math.round(seen.peakRssMb - before)} MB`);
  });

  it('the first share card, drawn while a hundred phones are connected, does not stop the server', async () => {
    // Drawing the first card loads resvg, whose loader asks Node for a diagnostic report. Unless
    // reports leave out the network, the report looks up the host name of every connected phone's
    // address on the server's thread: addresses the resolver does not know, as real phones' are.
    const { port } = new URL(server.url);
    const phones = await Promise.all(
      Array.from(
        { length: 100 },
        (_, i) =>
          new Promise<net.Socket>((resolve, reject) => {
            const socket = net.connect({
              host: '127.0.0.1',
              port: Number(port),
              localAddress: `127.1.0.${i + 1}`,
            });
            socket.once('connect', () => resolve(socket)).once('error', reject);
          }),
      ),
    );
    const done = await watch(server);
    const started = performance.now();
    const res = await fetch(`${server.url}/spots/999/card.png`, { headers: asAttacker(0) });
    const png =
      Buffer.from(await res.arrayBuffer())
        .subarray(1, 4)
        .toString() === 'PNG';
    const cardMs = Math.round(performance.now() - started);
    await new Promise((r) => setTimeout(r, 200));
    const seen = await done();
    for (const phone of phones) phone.destroy();
    figures.firstCard = { connectedPhones: phones.length, status: res.status, png, cardMs, ...seen };
    assert.deepEqual([res.status, png], [200, true], 'the card is drawn');
    assert.equal(seen.healthNot200, 0);
    assert.ok(
      seen.healthMax <= MAX_HEALTH_MS,
      `health took up to ${seen.healthMax} ms; the server's loop was held up to ${seen.serverLoopMaxMs} ms`,
    );
  });

  it('share cards for many spots are drawn one at a time, a few waiting, the rest refused', async () => {
    // A crawler (or other sites' pages embedding card images) asks for the cards of 120 different
    // spots, 12 at once: each is drawn on the server, so the drawing is queued and bounded.
    const pid = server.proc.pid as number;
    const before = rssMb(pid);
    const done = await watch(server);
    const answers = await pool(120, 12, async (i) => {
      const res = await fetch(`${server.url}/spots/${1000 + i * 37}/card.png`, { headers: asAttacker(i) });
      const body = Buffer.from(await res.arrayBuffer());
      return {
        status: res.status,
        png: body.subarray(1, 4).toString() === 'PNG',
        retry: res.headers.get('retry-after'),
      };
    });
    const seen = await done();
    const statuses = count(answers.map((a) => a.status));
    figures.shareCards = { requests: 120, statuses, growthMb: Math.round(seen.peakRssMb - before), ...seen };
    assert.deepEqual(
      Object.keys(statuses).filter((s) => s !== '200' && s !== '503'),
      [],
      'cards are drawn or refused for now, nothing else',
    );
    assert.ok((statuses[200] ?? 0) > 0, 'cards are drawn');
    assert.ok((statuses[503] ?? 0) > 0, 'beyond one drawing and eight waiting, a card is refused at once');
    assert.ok(
      answers.every((a) => (a.status === 200 ? a.png : a.retry === '5')),
      'a PNG, or a 503 saying when',
    );
    assert.ok(seen.peakRssMb - before <= MAX_GROWTH_MB, `RSS grew ${Math.round(seen.peakRssMb - before)} MB`);
    assert.ok(
      seen.healthMax <= MAX_HEALTH_MS,
      `health took up to ${seen.healthMax} ms; the server's loop was held up to ${seen.serverLoopMaxMs} ms`,
    );
  });

  it('unique long routes from one network are held to its share, and other networks are served', async () => {
    const seen = await routeAttack(asAttacker);
    figures.uniqueRoutesOneNetwork = seen;
    assert.deepEqual([seen.honest, seen.honestRoutes], [200, true], 'the other network is served');
    assert.ok((seen.statuses[429] ?? 0) > 0, 'the network is held to its share');
    assert.ok(seen.growthMb <= MAX_GROWTH_MB, `RSS grew ${seen.growthMb} MB`);
    assert.ok(
      seen.healthMax <= MAX_HEALTH_MS,
      `health took up to ${seen.healthMax} ms; the server's loop was held up to ${seen.serverLoopMaxMs} ms`,
    );
  });

  it('unique long routes from 128 /56s of one /48 keep health true and quick and leave room for others', async () => {
    // Every request from its own /56, so no per-network ceiling applies: the wide network's share of
    // the places, the bound on scoring and the bound on memory must hold.
    const seen = await routeAttack((i) => ({
      ...asAttacker(i),
      'x-forwarded-for': `2c0f:f4c0:1100:${(i % 128).toString(16)}00::9`,
    }));
    figures.uniqueRoutes128Networks = seen;
    assert.ok((seen.statuses[200] ?? 0) > 0, 'routes were checked');
    // Before the wide network had a share of its own, its /56s filled the places and the queue, and
    // the server answered 503 to everyone (151 of these 200, and any other phone in the meantime).
    assert.ok((seen.statuses[429] ?? 0) > 0, 'the wide network is held to its share of the checks');
    assert.equal(
      seen.statuses[503],
      undefined,
      'the queue never filled: nobody was refused for lack of room',
    );
    assert.deepEqual([seen.honest, seen.honestRoutes], [200, true], 'the other network is served');
    assert.ok(seen.honestMs <= MAX_OTHER_ROUTE_MS, `the other network waited ${seen.honestMs} ms`);
    assert.equal(seen.healthNot200, 0, 'no health check said the database was unreachable');
    assert.ok(seen.growthMb <= MAX_GROWTH_MB, `RSS grew ${seen.growthMb} MB`);
    assert.ok(seen.healthP50 <= MAX_HEALTH_P50_ROUTES_MS, `health p50 ${seen.healthP50} ms`);
    assert.ok(
      seen.healthMax <= MAX_HEALTH_MS,
      `health took up to ${seen.healthMax} ms; the server's loop was held up to ${seen.serverLoopMaxMs} ms`,
    );
  });
});

function count(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}
