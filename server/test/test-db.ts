import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '../src/db/db.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { createPgDb } from '../src/db/pg.ts';
import { createPgliteDb, pgliteDb } from '../src/db/pglite.ts';
import { openPglite } from '../src/db/pglite-open.ts';
import { embeddedTemplate } from '../src/db/pglite-template.ts';
import { REDACTION_VERSION, redactStoredTextOnce } from '../src/spots/redact-stored.ts';
import { record, scanDatabase, scanDatabaseAt } from './raw-ips.ts';
import './loopback-only.ts';

/**
 * Tests run against real PostgreSQL+PostGIS when TEST_DATABASE_URL names a server (CI does), each
 * test file in a fresh database of its own; otherwise against embedded PGlite in memory.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
if (process.env.CI && !TEST_DATABASE_URL) {
  throw new Error('CI must run the tests against PostgreSQL: set TEST_DATABASE_URL');
}
export const onPostgres = Boolean(TEST_DATABASE_URL);

/** Redis for the tests of shared counters; CI sets it, and there a missing Redis is a failure. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;
if (process.env.CI && !TEST_REDIS_URL) {
  throw new Error('CI must run the tests against Redis: set TEST_REDIS_URL');
}

export interface TestDatabase {
  db: Db;
  /** Connection URL of the fresh database (PostgreSQL only). */
  url?: string;
  /** Closes the connection and drops the database. */
  drop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Serializes the test processes that find no template yet; any constant of this project's own. */
const TEMPLATE_LOCK = 4_201_002;

/** A function that runs once per process; later calls share its promise. */
function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => {
    result ??= fn();
    return result;
  };
}

const databaseUrl = (name: string) => {
  const url = new URL(TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * What a template holds depends only on the migrations and the embedded database's build, so a
 * template is named by their hash and migrated once, then copied by every test that needs a database.
 */
const templateKey = once(async () => {
  const hash = createHash('sha256');
  for (const m of await readMigrations()) hash.update(m.name).update(m.sql);
  hash.update(`redaction ${REDACTION_VERSION}`);
  for (const pkg of ['@electric-sql/pglite', '@electric-sql/pglite-postgis']) {
    hash.update(readFileSync(new URL(`../../node_modules/${pkg}/package.json`, import.meta.url)));
  }
  return hash.digest('hex').slice(0, 16);
});

/**
 * A template's schema, with the one-time redaction of text stored under older rules marked done (it
 * holds no text): a test's app would otherwise run it in the background beside the test's own
 * statements. spots-report.test.ts runs it itself.
 */
async function migrated(db: Db): Promise<void> {
  await migrate(db);
  await redactStoredTextOnce(db, async () => {});
}

/** On PostgreSQL: a migrated database, built by the first test process under an advisory lock. */
const postgresTemplate = once(async () => {
  const name = `hatari_template_${await templateKey()}`;
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) {
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const db = createPgDb({ connectionString: databaseUrl(building) });
      await migrated(db).finally(() => db.close());
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      // biome-ignore lint/plugin: templates are cleared by their age on the database server's clock
      await client.query(`COMMENT ON DATABASE ${name} IS 'built ${new Date().toISOString()}'`);
      // Templates of older migrations are of no more use once a day old: a younger one may be
      // another checkout's, whose tests run now on this PostgreSQL (a CI run beside a developer's).
      const old = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database
         WHERE datname LIKE 'hatari_template_%' AND datname <> $1
           AND coalesce(substring(shobj_description(oid, 'pg_database') FROM '^built (.*)$')::timestamptz, 'epoch')
               < now() - interval '1 day'`,
        [name],
      );
      for (const { datname } of old.rows)
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
  return name;
});

/** Embedded: a dump of a migrated PGlite, kept in the temporary folder between runs. */
export const pgliteTemplate = once(async () => {
  const file = path.join(tmpdir(), `hatari-test-template-${await templateKey()}.tar`);
  if (!existsSync(file)) {
    const pglite = await openPglite(undefined, {
      loadDataDir: new Blob([readFileSync(await embeddedTemplate())]),
    });
    await migrated(pgliteDb(pglite));
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
});

/** An embedded data directory (DATA_DIR/pglite) that starts migrated, for a server or CLI process. */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const pglite = await openPglite(path.join(dataDir, 'pglite'), { loadDataDir: await pgliteTemplate() });
  await pglite.close();
}

/**
 * A fresh PostgreSQL database of its own, migrated (a copy of the template) unless `empty` is asked
 * for by a test of the migrations themselves.
 */
export async function createFreshDatabase(
  opts: { empty?: boolean } = {},
): Promise<{ url: string; dropDatabase(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('needs TEST_DATABASE_URL');
  const name = `hatari_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}${opts.empty ? '' : ` TEMPLATE ${await postgresTemplate()}`}`);
  const url = databaseUrl(name);
  return {
    url,
    // What the test left is scanned for raw IP addresses before it is thrown away.
    dropDatabase: async () => {
      record(await scanDatabaseAt(url));
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * Embedded: loading a PGlite from the template costs about 3 s of CPU, most of what a test file costs
 * on two cores. A database a test has dropped is emptied back to the template's state and kept for
 * the next test of this process (`npm test` runs many files in one process, run.ts): every table
 * truncated, the template's rows put back, the session's settings and locks reset. One whose schema
 * or reference rows a test changed, or that no longer answers, is closed instead.
 */
const idleEmbedded: Db[] = [];
let embeddedOpened = 0;

/** How many embedded test databases this process has loaded from the template (the rest were reused). */
export const embeddedDatabasesOpened = () => embeddedOpened;

interface TemplateState {
  /** The tables emptied on reuse: all of the public schema's but PostGIS's spatial_ref_sys. */
  tables: string[];
  /** The rows the template holds in those tables, put back after they are emptied. */
  rows: { table: string; columns: string; json: string }[];
  fingerprint: string;
}

/**
 * The public schema (relations, columns, functions, triggers) and the spatial references' count, as
 * one hash. The app's routines (db/routines.ts: a name ending in 12 hex digits of their text's
 * hash) are left out: the app installs them on first use, and the database keeps them for the next.
 */
const FINGERPRINT = `
  SELECT md5(string_agg(x, ',' ORDER BY x)) AS hash FROM (
    SELECT c.relkind::text || ':' || c.relname || ':' || coalesce(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), '') AS x
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE n.nspname = 'public'
    UNION ALL SELECT 'f:' || p.oid::regprocedure::text FROM pg_proc p
      JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND p.proname !~ '_[0-9a-f]{12}$'
    UNION ALL SELECT 't:' || tgrelid::regclass::text || ':' || tgname FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'srs:' || count(*) FROM spatial_ref_sys
  ) s`;

const tableName = (t: string) => `public.${JSON.stringify(t)}`;

let templateState: Promise<TemplateState> | undefined;

async function readTemplateState(db: Db): Promise<TemplateState> {
  const tables = (
    await db.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND relname <> 'spatial_ref_sys' ORDER BY relname`,
    )
  ).map((t) => t.name);
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const [{ json } = { json: null }] = await db.query<{ json: string | null }>(
      `SELECT json_agg(t)::text AS json FROM ${tableName(table)} t`,
    );
    if (json === null) continue;
    const [{ columns } = { columns: '*' }] = await db.query<{ columns: string }>(
      `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS columns FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
      [tableName(table)],
    );
    rows.push({ table, columns, json });
  }
  const [{ hash } = { hash: '' }] = await db.query<{ hash: string }>(FINGERPRINT);
  return { tables, rows, fingerprint: hash };
}

/**
 * Empties a used embedded database back to the template's state; false when it cannot be. Only the
 * tables holding rows are truncated (a test fills a few of the 34, and truncating them all, each
 * with its indexes given new files, cost 88 ms of CPU a drop against 7), and every sequence left
 * is restarted, as `TRUNCATE … RESTART IDENTITY` of them all did.
 */
async function resetEmbedded(db: Db): Promise<boolean> {
  const state = await (templateState as Promise<TemplateState>);
  try {
    // Settings, advisory locks, temporary tables and prepared statements of the last test.
    await db.exec('DISCARD ALL');
    await db.transaction(async (tx) => {
      const filled = await tx.query<{ name: string }>(
        state.tables
          .map((t, i) => `SELECT $${i + 1}::text AS name WHERE EXISTS (SELECT FROM ${tableName(t)})`)
          .join(' UNION ALL '),
        state.tables,
      );
      const emptied = new Set([...filled.map((t) => t.name), ...state.rows.map((r) => r.table)]);
      if (emptied.size)
        await tx.exec(`TRUNCATE ${[...emptied].map(tableName).join(', ')} RESTART IDENTITY CASCADE`);
      await tx.query(
        `SELECT setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false)
           FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL`,
      );
      for (const { table, columns, json } of state.rows) {
        await tx.query(
          `INSERT INTO ${tableName(table)} (${columns}) OVERRIDING SYSTEM VALUE
           SELECT ${columns} FROM json_populate_recordset(NULL::${tableName(table)}, $1)`,
          [json],
        );
      }
    });
    const [fingerprint] = await db.query<{ hash: string }>(FINGERPRINT);
    return fingerprint?.hash === state.fingerprint;
  } catch {
    return false;
  }
}

/** A database loaded from the template; the first one loaded is where the template's state is read. */
async function openEmbedded(): Promise<Db> {
  embeddedOpened++;
  const db = await createPgliteDb(undefined, { loadDataDir: await pgliteTemplate() });
  templateState ??= readTemplateState(db);
  await templateState;
  return db;
}

async function embeddedTestDatabase(empty: boolean): Promise<TestDatabase> {
  if (empty) {
    // As a first start: the install's template (initdb run, PostGIS and pg_trgm created), unmigrated.
    // An initdb and PostGIS of its own made the migrations test 24 s instead of 8 (measured alone).
    const db = await createPgliteDb(undefined, {
      loadDataDir: new Blob([readFileSync(await embeddedTemplate())]),
    });
    return {
      db,
      drop: async () => {
        record(await scanDatabase(db, 'embedded'));
        await db.close();
      },
    };
  }
  const db = idleEmbedded.pop() ?? (await openEmbedded());
  return {
    // A copy: a test that replaces a method replaces it on its own database only.
    db: { ...db },
    drop: async () => {
      record(await scanDatabase(db, 'embedded'));
      if (await resetEmbedded(db)) idleEmbedded.push(db);
      else await db.close();
    },
  };
}

export async function createTestDatabase(opts: { empty?: boolean } = {}): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) return embeddedTestDatabase(Boolean(opts.empty));
  const { url, dropDatabase } = await createFreshDatabase(opts);
  // Tests share two cores with another test file (fuzzing, browsers): a pool wait that sheds load
  // after 1.5 s in production would fail correct requests here, such as 200 votes queued on one spot.
  const db = createPgDb({ connectionString: url, connectionTimeoutMillis: 10_000 });
  return {
    db,
    url,
    drop: async () => {
      await db.close().catch(() => {});
      await dropDatabase();
    },
  };
}

/**
 * Runs `during` and records the statements and transactions it runs on `db`: what a test of "one
 * statement, no transaction held open across round trips" counts. Only what `during` causes is
 * counted (its async context), never the background work running beside it on the same database.
 */
export async function recordStatements<T>(
  db: Db,
  during: () => PromiseLike<T>,
): Promise<{ result: T; statements: string[]; transactions: number }> {
  const statements: string[] = [];
  let transactions = 0;
  const scope = new AsyncLocalStorage<true>();
  const { query, write, transaction } = db;
  db.query = ((sql, params, options) => {
    if (scope.getStore()) statements.push(sql);
    return query.call(db, sql, params, options);
  }) as typeof query;
  db.write = ((sql, params) => {
    if (scope.getStore()) statements.push(sql);
    return write.call(db, sql, params);
  }) as typeof write;
  db.transaction = ((fn) => {
    if (scope.getStore()) transactions++;
    return transaction.call(db, fn);
  }) as typeof transaction;
  try {
    // Awaited inside the scope: an inject's answer is a thenable that starts the request only when
    // awaited, and a thenable awaited outside would run it outside the scope.
    const result = await scope.run(true, async () => await during());
    return { result, statements, transactions };
  } finally {
    db.query = query;
    db.write = write;
    db.transaction = transaction;
  }
}
