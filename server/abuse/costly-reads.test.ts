import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  asAttacker,
  assertHealthQuick,
  cityServer,
  count,
  cpuSeconds,
  MAX_GROWTH_MB,
  pool,
  rssMb,
  watch,
} from './costly-harness.ts';

/**
 * Costly reads from one network rotating its user agent, and from crowds of networks, against the
 * real server over a city's worth of spots: cache-busting addresses, whole-country downloads, bad
 * bytes and uncached reads must not grow the server's memory, and health and other networks' reads
 * stay quick. Share cards and route checks: costly-work.test.ts.
 */

/**
 * Health's 99th percentile under a flood of uncached reads. The target is 50 ms; this test shares two
 * cores with the flood it sends (and decompresses), and the flood is served in full, its answers
 * serialized on the server's one thread: with two reads at once (one per core) 57 to 89 ms was
 * measured here, with six at once 250 to 340 ms, before reads were bounded 2 to 5 s and false 503s.
 */
const MAX_HEALTH_P99_MS = 200;
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
describe('costly reads from one network and from crowds of networks', () => {
  const city = cityServer('costly-read');

  it('cache-busting addresses read one cached answer and do not grow memory', async () => {
    const pid = city.server.proc.pid as number;
    const list = `${city.server.url}/api/spots?limit=5000`;
    await fetch(list).then((r) => r.arrayBuffer());
    const before = rssMb(pid);
    const done = await watch(city.server);
    const statuses = await pool(400, 8, async (i) => {
      const res = await fetch(`${list}&cachebust=${i}&_=${performance.now()}`, { headers: asAttacker(i) });
      await res.arrayBuffer();
      return res.status;
    });
    const seen = await done();
    const growth = seen.peakRssMb - before;
    city.figures.cacheBusting = {
      requests: 400,
      statuses: count(statuses),
      rssBeforeMb: Math.round(before),
      ...seen,
    };
    assert.deepEqual(count(statuses), { 200: 400 }, 'every busted address answered, none refused');
    assert.ok(growth <= MAX_GROWTH_MB, `RSS grew ${Math.round(growth)} MB`);
    assertHealthQuick(seen);
  });

  it('concurrent whole-country downloads cost a file read each, not a walk over every spot', async () => {
    const pid = city.server.proc.pid as number;
    const download = async (i: number) => {
      const res = await fetch(`${city.server.url}/api/spots.geojson`, {
        headers: { ...asAttacker(i), 'x-forwarded-for': `102.80.${i}.1` },
      });
      return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
    };
    let cpu = cpuSeconds(pid);
    const first = await download(0);
    const firstCpu = cpuSeconds(pid) - cpu;
    cpu = cpuSeconds(pid);
    const done = await watch(city.server);
    const rest = await pool(20, 10, (i) => download(i + 1));
    const seen = await done();
    const restCpu = cpuSeconds(pid) - cpu;
    city.figures.exports = {
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
    assertHealthQuick(seen);
  });

  it('NUL and other control bytes anywhere are 400 JSON errors, never 500s, while health stays quick', async () => {
    const pid = city.server.proc.pid as number;
    const before = rssMb(pid);
    const done = await watch(city.server);
    const addresses = [
      '/api/search?q=kalerwe%00',
      '/api/spots/%00',
      '/api/route?from=0.3,32.5%00&to=0.3,32.6',
      '/api/spots.geojson?since=1%1F',
    ];
    const statuses = await pool(400, 8, async (i) => {
      const res =
        i % 5 === 4
          ? await fetch(`${city.server.url}/api/spots`, {
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
          : await fetch(`${city.server.url}${addresses[i % 4]}`, { headers: asAttacker(i) });
      const body = (await res.json()) as { error?: unknown };
      return typeof body.error === 'string' ? res.status : -res.status;
    });
    const seen = await done();
    city.figures.badBytes = {
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
    assertHealthQuick(seen);
  });

  it('uncached reads from 64 networks wait their turn or are refused; health and another phone are not', async () => {
    // Each read a new cache entry (`since` differs), each from one of the 256 /56s of one IPv6 /48
    // in turn (64 of them), 32 at once: the shape that stalled health and made it answer 503.
    const pid = city.server.proc.pid as number;
    const before = rssMb(pid);
    const done = await watch(city.server);
    const flood = pool(1200, 32, async (i) => {
      const res = await fetch(`${city.server.url}/api/spots?limit=500&since=${i + 1}`, {
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
      const res = await fetch(`${city.server.url}/api/spots/${id}`, { headers: phone });
      await res.arrayBuffer();
      other.push(Math.round(performance.now() - started));
      otherStatuses.push(res.status);
    }
    const statuses = await flood;
    const seen = await done();
    city.figures.uncachedFlood64Networks = {
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
});
