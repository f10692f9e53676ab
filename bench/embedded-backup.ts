import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureSyntheticSpots } from '../server/src/cli/synthetic.sql.ts';
import { databaseFolder, folderBytes, takeBackup } from '../server/src/db/backups.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createPgliteDb } from '../server/src/db/pglite.ts';

/**
 * npm run bench:backup [-- --spots 20000]: what the daily backup of embedded storage costs
 * (server/src/db/backups.ts). A data folder with that many synthetic spots is backed up 5 times
 * while a reader asks the database `SELECT 1` again and again, as requests would: prints how long
 * the database was held for the copy (the longest a reader waited), the whole backup's time, and
 * the folder's and the backup's sizes.
 */
const at = process.argv.indexOf('--spots');
const SPOTS = at > 0 ? Number(process.argv[at + 1]) : 20_000;
const ROUNDS = 5;

const dir = mkdtempSync(path.join(os.tmpdir(), 'hatari-bench-backup-'));
try {
  const db = await createPgliteDb(databaseFolder(dir));
  await migrate(db);
  await ensureSyntheticSpots(db, SPOTS);
  const rounds: { held_ms: number; backup_ms: number; backup_mb: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let reading = true;
    let longestWaitMs = 0;
    const reader = (async () => {
      while (reading) {
        const started = performance.now();
        await db.query('SELECT 1');
        longestWaitMs = Math.max(longestWaitMs, performance.now() - started);
      }
    })();
    const started = performance.now();
    const backup = await takeBackup(db, dir, new Date(Date.UTC(2026, 0, 1 + i)));
    const backupMs = performance.now() - started;
    reading = false;
    await reader;
    rounds.push({
      held_ms: Math.round(longestWaitMs),
      backup_ms: Math.round(backupMs),
      backup_mb: Number((backup.bytes / 1024 / 1024).toFixed(1)),
    });
  }
  await db.close();
  const median = (k: keyof (typeof rounds)[number]) => rounds.map((r) => r[k]).sort((a, b) => a - b)[2];
  console.log(
    JSON.stringify(
      {
        spots: SPOTS,
        load_average_1m: Number(os.loadavg()[0]?.toFixed(2)),
        folder_mb: Number((folderBytes(databaseFolder(dir)) / 1024 / 1024).toFixed(1)),
        rounds,
        median_held_ms: median('held_ms'),
        median_backup_ms: median('backup_ms'),
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
