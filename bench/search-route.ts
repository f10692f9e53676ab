/**
 * npm run bench:search | npm run bench:route: server-side time of spot search (places=0) and of the
 * danger analysis of a 20 km route, on 100,000 and 1,000,000 synthetic spots (BENCH_SIZES to change).
 * Storage: BENCH_DATABASE_URL, else DATABASE_URL, else embedded under data/bench. Synthetic spots are
 * set to each size in turn and stay at the last (npm run data:synthetic -- --remove deletes them).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { ensureSyntheticSpots } from '../server/src/cli/synthetic.sql.ts';
import { loadConfig } from '../server/src/config.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { openDatabase } from '../server/src/db/open.ts';
import { createLogger } from '../server/src/http/logger.ts';
import { packLine } from '../server/src/routing/line-geometry.ts';
import { dangersAlong } from '../server/src/routing/route.sql.ts';
import { searchPublicSpots } from '../server/src/search/search.sql.ts';

const which = process.argv[2];
if (which !== 'search' && which !== 'route') {
  console.error('usage: bench/search-route.ts search|route');
  process.exit(2);
}
const sizes = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const config = loadConfig({ DATABASE_URL: databaseUrl ?? '', DATA_DIR: 'data/bench', SEED: '0' });
const db = await openDatabase(config, createLogger('warn'));
await migrate(db);

const QUERIES = [
  'kalerwe',
  'kalerw',
  'dark lane',
  'footbridge kampala',
  'boda stage',
  'mbarara',
  'jinja market',
];
const QUERIES_TYPOS = ['taxi stge', 'swmp path', 'nansna', 'gulu', 'unlit juntion', 'ma'];
const ROUNDS = 25;

/** A 20 km road-like line from Kyengera to Namugongo, a vertex every 25 m. */
function twentyKmLine(): Array<[number, number]> {
  const a: [number, number] = [32.502, 0.2946];
  const b: [number, number] = [32.654, 0.3907];
  const n = 800;
  return Array.from({ length: n + 1 }, (_, i) => {
    const f = i / n;
    // A gentle wiggle, as roads have.
    return [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f + 0.002 * Math.sin(f * 20)] as [
      number,
      number,
    ];
  });
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const ms = (n: number) => Number(n.toFixed(2));

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const rows: Array<Record<string, number | string>> = [];
for (const size of sizes) {
  console.log(`preparing ${size.toLocaleString('en')} synthetic spots…`);
  await ensureSyntheticSpots(db, size, console.log);
  const samples: number[] = [];
  let found = 0;
  if (which === 'search') {
    const all = [...QUERIES, ...QUERIES_TYPOS];
    for (const q of all) await searchPublicSpots(db, q, 8); // warm-up
    for (let r = 0; r < ROUNDS; r++) {
      for (const q of all)
        samples.push(await time(async () => (found += (await searchPublicSpots(db, q, 8)).length)));
    }
    rows.push({
      spots: size,
      queries: samples.length,
      'p50 ms': ms(percentile(samples, 50)),
      'p95 ms': ms(percentile(samples, 95)),
      'max ms': ms(Math.max(...samples)),
      'hits per query': ms(found / samples.length),
    });
  } else {
    const line = packLine(twentyKmLine());
    const times = ['day', 'night', 'any'];
    await dangersAlong(db, line, 150, times); // warm-up
    for (let r = 0; r < 100; r++)
      samples.push(await time(async () => (found = (await dangersAlong(db, line, 150, times)).length)));
    rows.push({
      spots: size,
      runs: samples.length,
      'route km': 20,
      'p50 ms': ms(percentile(samples, 50)),
      'p95 ms': ms(percentile(samples, 95)),
      'max ms': ms(Math.max(...samples)),
      'dangers on route': found,
    });
  }
}
await db.close();

const title =
  which === 'search'
    ? 'Spot search (places=0), server-side time per query'
    : 'Danger analysis of a 20 km route (150 m buffer), server-side time';
console.log(`\n${title} — storage: ${databaseUrl ? 'PostgreSQL' : 'embedded'}\n`);
console.table(rows);
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/${which}.json`;
writeFileSync(
  file,
  `${JSON.stringify({ at: new Date().toISOString(), storage: databaseUrl ? 'postgres' : 'embedded', rows }, null, 2)}\n`,
);
console.log(`written to ${file}`);
