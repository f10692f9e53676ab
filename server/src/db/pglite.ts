import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { postgis } from '@electric-sql/pglite-postgis';
import { withTimeout } from '../util/timeout.ts';
import type { Db, Queryable } from './db.ts';

function wrap(conn: PGlite | Transaction): Queryable {
  return {
    async query<R>(sql: string, params?: readonly unknown[]) {
      const res = await conn.query<R>(sql, params as unknown[] | undefined);
      return res.rows;
    },
    async exec(sql: string) {
      await conn.exec(sql);
    },
  };
}

/**
 * Embedded PostgreSQL (WASM) with PostGIS and pg_trgm. `dataDir` undefined keeps it in memory.
 * PGlite is a single connection that queues statements, so transactions and locks are serialized
 * by it; only one process may open a data directory.
 */
export async function createPgliteDb(
  dataDir: string | undefined,
  opts?: { loadDataDir?: Blob },
): Promise<Db> {
  return pgliteDb(await openPglite(dataDir, opts));
}

export async function openPglite(dataDir: string | undefined, opts: { loadDataDir?: Blob } = {}) {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({
    dataDir,
    // A data directory dumped by dumpDataDir (the tests' migrated template) starts without initdb.
    loadDataDir: opts.loadDataDir,
    extensions: { postgis, pg_trgm },
    // PostgreSQL's default 128 MB of shared buffers is most of a small map's memory; an embedded
    // map holds far less data than that.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  });
}

export function pgliteDb(pglite: PGlite): Db {
  const base = wrap(pglite);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    withAdvisoryLock: (_key, fn) => fn(base),
    ping: async (timeoutMs) => {
      await withTimeout(pglite.query('SELECT 1'), timeoutMs, 'the database');
    },
    close: () => pglite.close(),
  };
}
