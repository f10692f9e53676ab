import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../root.ts';
import type { Db } from './db.ts';

const MIGRATIONS_DIR = path.join(ROOT, 'server/migrations');
/** Advisory lock key for migrations; any constant shared by every instance of the app. */
const MIGRATION_LOCK = 4_201_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 4)),
      name: file,
      sql: await readFile(path.join(dir, file), 'utf8'),
    })),
  );
}

/**
 * Applies the numbered migrations not yet applied, each in its own transaction, while holding an
 * advisory lock: several processes starting together take turns, and each migration runs once.
 * Returns the names of the migrations this call applied.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  return db.withAdvisoryLock(MIGRATION_LOCK, async (conn) => {
    await conn.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set(
      (await conn.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const m of all) {
      if (done.has(m.version)) continue;
      await conn.exec('BEGIN');
      try {
        // A migration may rewrite a large table, and waits for the locks it needs (db/pg.ts bounds
        // the app's own statements, not these).
        await conn.exec('SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0');
        await conn.exec(m.sql);
        await conn.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          m.version,
          m.name,
        ]);
        await conn.exec('COMMIT');
      } catch (err) {
        await conn.exec('ROLLBACK').catch(() => {});
        throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
      applied.push(m.name);
    }
    return applied;
  });
}
