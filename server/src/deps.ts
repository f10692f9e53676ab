import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { createPgDb } from './db/pg.ts';
import { createPgliteDb } from './db/pglite.ts';
import { createIdentify, type Identify } from './http/visitor.ts';
import { ensureFirstAdmin } from './moderation/auth.service.ts';
import { loadSeedOnce } from './seed/seed.ts';
import { ensureSecret } from './settings/settings.sql.ts';

/** Everything the routes need, passed explicitly: no module-level singletons. */
export interface Deps {
  readonly config: Config;
  readonly log: FastifyBaseLogger;
  readonly db: Db;
  readonly identify: Identify;
  close(): Promise<void>;
}

export function openDatabase(config: Config, log: FastifyBaseLogger): Promise<Db> | Db {
  if (config.databaseUrl) {
    return createPgDb({
      connectionString: config.databaseUrl,
      onError: (err) => log.warn({ err }, 'database connection lost; it will be replaced'),
    });
  }
  return createPgliteDb(path.join(config.dataDir, 'pglite'));
}

/** Opens storage, brings its schema up to date, loads the seed once, and wires the services. */
export async function createDeps(config: Config, log: FastifyBaseLogger, existingDb?: Db): Promise<Deps> {
  const db = existingDb ?? (await openDatabase(config, log));
  try {
    const applied = await migrate(db);
    if (applied.length) log.info({ applied }, 'database migrated');
    if (config.seed) {
      const seeded = await loadSeedOnce(db);
      if (seeded) log.info({ seeded }, 'seed spots loaded');
    }
    await ensureFirstAdmin(db, config.admin, log);
    const salt = config.visitorSalt ?? (await ensureSecret(db, 'visitor_salt'));
    return {
      config,
      log,
      db,
      identify: createIdentify({
        salt,
        trustProxy: config.trustProxy,
        clientIpHeader: config.clientIpHeader,
      }),
      close: () => db.close(),
    };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}
