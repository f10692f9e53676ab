/**
 * npm run bench:limits: the latency a rate-limited request adds over an unlimited one, with the
 * Redis store and the database store, measured in one run so the ratio is fair on a shared machine.
 * The server runs in a child process; autocannon drives it from this one over 127.0.0.1, with each
 * connection a different visitor (its own User-Agent), so every request does the full counting work.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Figures {
  reqPerSec: number;
  p50: number;
  p99: number;
}

async function startServer(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ['bench/limits-server.ts'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { port, store } = JSON.parse(line) as { port: number; store: string };
  return { url: `http://127.0.0.1:${port}`, store, stop: () => child.kill('SIGTERM') };
}

async function measure(url: string): Promise<Figures> {
  let visitor = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    setupClient: (client) => {
      visitor++;
      client.setHeaders({ 'user-agent': `bench-visitor-${visitor}` });
    },
  });
  return { reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;
const stores: Array<{ name: string; env: Record<string, string | undefined> }> = [
  {
    name: databaseUrl ? 'database (PostgreSQL)' : 'database (embedded)',
    env: { DATABASE_URL: databaseUrl, REDIS_URL: '', DATA_DIR: databaseUrl ? undefined : 'data/bench' },
  },
];
if (redisUrl) stores.push({ name: 'redis', env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } });
else console.log('REDIS_URL not set: measuring the database store only');

const rows: Array<Record<string, string | number>> = [];
for (const store of stores) {
  const server = await startServer(store.env);
  try {
    await measure(`${server.url}/unlimited`); // warm-up
    const unlimited = await measure(`${server.url}/unlimited`);
    const limited = await measure(`${server.url}/limited`);
    rows.push({
      store: store.name,
      counting: server.store,
      'unlimited req/s': Math.round(unlimited.reqPerSec),
      'limited req/s': Math.round(limited.reqPerSec),
      'unlimited p50 ms': unlimited.p50,
      'limited p50 ms': limited.p50,
      'unlimited p99 ms': unlimited.p99,
      'limited p99 ms': limited.p99,
      'added p50 ms': Number((limited.p50 - unlimited.p50).toFixed(2)),
      'added p99 ms': Number((limited.p99 - unlimited.p99).toFixed(2)),
      'req/s ratio': Number((limited.reqPerSec / unlimited.reqPerSec).toFixed(3)),
    });
  } finally {
    server.stop();
  }
}

console.log(
  `\nRate-limit overhead: ${CONNECTIONS} connections (one visitor each), ${DURATION_S} s per run\n`,
);
console.table(rows);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/limits.json',
  `${JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, durationSeconds: DURATION_S, rows }, null, 2)}\n`,
);
console.log('written to bench/results/limits.json');
