/**
 * npm run data:synthetic -- --count 100000   makes the synthetic spots exactly that many
 * npm run data:synthetic -- --remove         deletes every synthetic spot
 * Works on the configured storage (DATABASE_URL, or embedded under DATA_DIR with the server stopped).
 */
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { createLogger } from '../http/logger.ts';
import { ensureSyntheticSpots, removeSyntheticSpots } from './synthetic.sql.ts';

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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
