import { closeSync, fsyncSync, mkdirSync, openSync } from 'node:fs';

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
    // On disk, every commit is synced before it is acknowledged (durableFs); in memory, nothing to sync.
    ...(dataDir ? { fs: await durableFs(dataDir) } : {}),
    // A data directory dumped by dumpDataDir (the tests' migrated template) starts without initdb.
    loadDataDir: opts.loadDataDir,
    extensions: { postgis: slimPostgisExtension, pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers is most of a small map's memory; an embedded
    // map holds far less data than that, and pages it misses are read from the system's file cache.
    // Measured under the soak's mix (npm run bench:embedded, 3 minutes): 32 MB left the server at
    // 374 MB, 16 MB at 352 MB; 8 MB, with smaller young generations, at 332 MB; as many requests
    // answered each time.
    startParams: [
      // PGlite starts PostgreSQL with fsync off (-F): a commit would be acknowledged with its WAL in
      // the system's cache only, lost with a power cut. On disk it is on, WAL synced by fsync (the
      // one call the file system below forwards: durableFs).
      ...PGlite.defaultStartParams.filter((p) => !(dataDir && p === '-F')),
      ...(dataDir ? ['-c', 'wal_sync_method=fsync'] : []),
      '-c',
      'shared_buffers=8MB',
    ],
  });
}

/**
 * PGlite's Node file system with fsync forwarded to the disk. Emscripten's NODEFS writes through to
 * the real files but answers fsync without syncing; here it syncs the file, so PostgreSQL's fsync of
 * its WAL at each commit (and of data files at each checkpoint) reaches the disk before the commit
 * is acknowledged. Measured: docs/BENCHMARKS.md ("Durable commits").
 */
async function durableFs(dataDir: string) {
  const { NodeFS } = await import('@electric-sql/pglite/nodefs');
  type NodeFs = { stream_ops: Record<string, unknown>; realPath(node: unknown): string };
  type Init = Awaited<ReturnType<InstanceType<typeof NodeFS>['init']>>;
  return new (class extends NodeFS {
    override async init(...args: Parameters<InstanceType<typeof NodeFS>['init']>): Promise<Init> {
      const out = await super.init(...args);
      const preRun = [out.emscriptenOpts.preRun ?? []].flat();
      return {
        ...out,
        emscriptenOpts: {
          ...out.emscriptenOpts,
          preRun: [
            ...preRun,
            (mod: { FS: { filesystems: { NODEFS: NodeFs } } }) => {
              const nodefs = mod.FS.filesystems.NODEFS;
              nodefs.stream_ops.fsync = (stream: { nfd?: number; node: unknown }) => {
                if (typeof stream.nfd === 'number') fsyncSync(stream.nfd);
                else {
                  // A directory (its entries: a new WAL segment's name) has no descriptor of its own.
                  const fd = openSync(nodefs.realPath(stream.node), 'r');
                  try {
                    fsyncSync(fd);
                  } finally {
                    closeSync(fd);
                  }
                }
                return 0;
              };
            },
          ],
        },
      };
    }
  })(dataDir);
}
