import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { createPgliteDb } from './pglite.ts';

/**
 * The configured storage: PostgreSQL at DATABASE_URL, else the embedded database in DATA_DIR. The
 * embedded database's thread starts before the server loads anything else (pg is loaded only when
 * configured): its opening is most of a start.
 */
export async function openDatabase(config: Config, log: FastifyBaseLogger): Promise<Db> {
  if (config.databaseUrl) {
    const { createPgDb } = await import('./pg.ts');
    return createPgDb({
      connectionString: config.databaseUrl,
      onError: (err) => log.warn({ err }, 'database connection lost; it will be replaced'),
    });
  }
  return createPgliteDb(path.join(config.dataDir, 'pglite'));
}
