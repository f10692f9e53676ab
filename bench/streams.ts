/**
 * npm run bench:streams [-- --streams 5000]
 *
 * Open live streams (GET /api/events) against the built server as `npm start` runs it, on
 * PostgreSQL and Redis when BENCH_DATABASE_URL and BENCH_REDIS_URL are set, else embedded storage,
 * behind a trusted proxy so each stream comes from a network of its own. Prints the server's RSS
 * before and with the streams open, /api/health's p50 and p99 while they are open, and the time from
 * a report's answer until every stream has its spot.published event, three reports one after
 * another (the newcomer budgets off, so each is published), and how many reloads bursts of other
 * changes caused (on a large database the hourly archiving runs at start).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { report } from '../server/test/factories.ts';
import { rssBytes, serverStats, startServer, stop } from '../server/test/processes.ts';

const at = process.argv.indexOf('--streams');
const STREAMS = at > 0 ? Number(process.argv[at + 1]) : 5000;
const mb = (bytes: number) => Math.round(bytes / 1048576);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'hatari-bench-streams-'));
const storage: Record<string, string> = process.env.BENCH_DATABASE_URL
  ? { DATABASE_URL: process.env.BENCH_DATABASE_URL, REDIS_URL: process.env.BENCH_REDIS_URL ?? '' }
  : { DATA_DIR: dataDir };
const server = await startServer(
  {
    ...storage,
    SEED: '1',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    EVENT_LOOP_STATS: '1',
    // Every bench report published (not held by the newcomer budgets, which earlier runs spent).
    REPORT_BUDGET_PER_HOUR: '0',
    REPORT_BUDGET_PER_NETWORK_PER_HOUR: '0',
    REPORT_BUDGET_PER_PLACE_PER_HOUR: '0',
  },
  undefined,
  { built: true },
);
const pid = server.proc.pid as number;
try {
  await sleep(3000);
  const before = rssBytes(pid);
  const heapBefore = (await serverStats(server.proc)).memoryMb;

  let reloads = 0;
  /** Each stream: how many events it has heard. */
  const heard: number[] = [];
  const requests: http.ClientRequest[] = [];
  const opened = Array.from({ length: STREAMS }, (_, i) => {
    heard.push(0);
    // A network of its own for each: 10.x.y.0/24.
    const address = `10.${(i >> 8) & 255}.${i & 255}.7`;
    const req = http.get(`${server.url}/api/events`, {
      agent: false,
      headers: { 'x-forwarded-for': address, 'user-agent': `phone ${i}` },
    });
    requests.push(req);
    return new Promise<number>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          // New dangers come as themselves, even amid a burst of other changes (then a reload).
          heard[i] = (heard[i] ?? 0) + (chunk.match(/\nevent: spot\.published\n/g)?.length ?? 0);
          if (chunk.includes('event: reload')) reloads++;
        });
        resolve(res.statusCode ?? 0);
      });
    });
  });
  const statuses = await Promise.all(opened);
  const open = statuses.filter((s) => s === 200).length;
  await sleep(2000);
  const withStreams = rssBytes(pid);
  const heapWithStreams = (await serverStats(server.proc)).memoryMb;

  // Health asked every 50 ms for 20 s while the streams are open (a heartbeat falls in it).
  const health: number[] = [];
  const slow: string[] = [];
  const since = performance.now();
  while (performance.now() - since < 20_000) {
    const start = performance.now();
    await (await fetch(`${server.url}/api/health`)).arrayBuffer();
    const ms = performance.now() - start;
    health.push(ms);
    if (ms > 50) slow.push(`${Math.round(ms)} ms at ${((start - since) / 1000).toFixed(1)} s`);
    await sleep(50);
  }
  health.sort((a, b) => a - b);

  const fanOut: number[] = [];
  for (let n = 1; n <= 3; n++) {
    const res = await fetch(`${server.url}/api/spots`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `172.${16 + Math.floor(Math.random() * 16)}.${Math.floor(Math.random() * 256)}.${n}`,
      },
      body: JSON.stringify(report({ title: `Bench report number ${n}` })),
    });
    const body = await res.text();
    if (res.status !== 201 || JSON.parse(body).pending) throw new Error(`report ${n}: ${res.status} ${body}`);
    const answered = performance.now();
    while (heard.some((h) => h < n) && performance.now() - answered < 30_000) await sleep(5);
    fanOut.push(performance.now() - answered);
  }
  const everyone = heard.filter((h) => h >= 3).length;
  for (const req of requests) req.destroy();

  console.log(
    JSON.stringify(
      {
        storage: process.env.BENCH_DATABASE_URL ? 'PostgreSQL + Redis' : 'embedded',
        streams: { asked: STREAMS, open },
        rssMb: { before: mb(before), withStreams: mb(withStreams), growth: mb(withStreams - before) },
        serverMemoryMb: { before: heapBefore, withStreams: heapWithStreams },
        healthMs: {
          p50: Number(health[Math.floor(health.length / 2)]?.toFixed(1)),
          p99: Number(health[Math.ceil(health.length * 0.99) - 1]?.toFixed(1)),
          asked: health.length,
          over50: slow,
        },
        fanOutMs: fanOut.map((ms) => Math.round(ms)),
        heardAllThree: everyone,
        reloadsSent: reloads,
      },
      null,
      2,
    ),
  );
} finally {
  await stop(server.proc);
  rmSync(dataDir, { recursive: true, force: true });
}
