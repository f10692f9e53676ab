import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { insideRegion } from '../../../common/region.ts';
import type { Db } from '../db/db.ts';
import { claimOneTimeJob } from '../db/one-time-jobs.sql.ts';
import { ROOT } from '../root.ts';
import { type SeedSpot, seedFile } from './seed.schema.ts';
import { insertSeedSpot } from './seed.sql.ts';

const SEED_FILE = path.join(ROOT, 'data/seed.json');
const SEED_CONFIRMATIONS = 3;

export async function readSeedSpots(file = SEED_FILE): Promise<SeedSpot[]> {
  return seedFile.parse(JSON.parse(await readFile(file, 'utf8'))).spots;
}

/**
 * Loads the sourced seed spots once per database: a spot a moderator later deletes does not come
 * back on the next start. Returns how many spots were inserted (0 when already done).
 */
export async function loadSeedOnce(db: Db, file = SEED_FILE): Promise<number> {
  // The seed is Uganda's: another region keeps none of it.
  const spots = (await readSeedSpots(file)).filter((s) => insideRegion(s.lat, s.lng));
  return db.transaction(async (tx) => {
    if (!(await claimOneTimeJob(tx, 'seed_loaded'))) return 0;
    for (const spot of spots) await insertSeedSpot(tx, spot, SEED_CONFIRMATIONS);
    return spots.length;
  });
}
