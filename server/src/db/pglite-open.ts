import { mkdirSync } from 'node:fs';

/**
 * PGlite on this thread (the database's worker, the tests' templates and dumps); the server uses
 * createPgliteDb. PGlite and PostGIS are loaded here, not with this module: the server's thread,
 * which only starts the worker, never loads them.
 */
export async function openPglite(dataDir: string | undefined, opts: { loadDataDir?: Blob } = {}) {
  const [{ PGlite }, { pg_trgm }, { slimPostgisExtension }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('./postgis-bundle.ts'),
  ]);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({
    dataDir,
    // A data directory dumped by dumpDataDir (the tests' migrated template) starts without initdb.
    loadDataDir: opts.loadDataDir,
    extensions: { postgis: slimPostgisExtension, pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers is most of a small map's memory; an embedded
    // map holds far less data than that, and pages it misses are read from the system's file cache.
    // Measured under the soak's mix (npm run bench:embedded, 3 minutes): 32 MB left the server at
    // 374 MB, 16 MB at 352 MB; 8 MB, with smaller young generations, at 332 MB; as many requests
    // answered each time.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB'],
  });
}
