/**
 * npm run data:synthetic -- --count 100000   makes the synthetic spots exactly that many
 * npm run data:synthetic -- --remove         deletes every synthetic spot
 * Works on the configured storage (DATABASE_URL, or embedded under DATA_DIR with the server stopped).
 */
import { loadConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../deps.ts';
import { createLogger } from '../http/logger.ts';
import {
  countSyntheticSpots,
  insertSyntheticSpots,
  removeSyntheticSpots,
  trimSyntheticSpots,
} from './synthetic.sql.ts';

const BATCH = 50_000;

/** Makes the synthetic spots exactly `total`: trims the newest, or adds in batches with progress. */
export async function ensureSyntheticSpots(db: Db, total: number, say: (s: string) => void = () => {}) {
  let have = await countSyntheticSpots(db);
  if (have > total) {
    await trimSyntheticSpots(db, total);
    have = total;
  }
  const started = Date.now();
  while (have < total) {
    const n = Math.min(BATCH, total - have);
    await insertSyntheticSpots(db, n);
    have += n;
    say(`  ${have.toLocaleString('en')} synthetic spots (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  await db.query('ANALYZE spots');
  return have;
}

async function main(argv: string[]) {
  const remove = argv.includes('--remove');
  const countAt = argv.indexOf('--count');
  const count = Number(argv[countAt + 1]);
  if (!remove && (countAt < 0 || !Number.isInteger(count) || count < 1)) {
    console.error('Usage: npm run data:synthetic -- --count N | --remove');
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase(config, createLogger('warn'));
  try {
    await migrate(db);
    if (remove) console.log(`Removed ${await removeSyntheticSpots(db)} synthetic spots.`);
    else console.log(`Synthetic spots now: ${await ensureSyntheticSpots(db, count, console.log)}.`);
    return 0;
  } finally {
    await db.close();
  }
}

if (process.argv[1]?.endsWith('synthetic.ts')) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
