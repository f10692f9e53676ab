import {
  type Compilable,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Queryable } from './db.ts';
import type { DB } from './schema.gen.ts';

/**
 * Statements typed by the migrated schema (schema.gen.ts, written by `npm run db:types`): built
 * with Kysely's query builder, which knows every table's columns and their types, so a renamed
 * column fails the type check in each statement that names it. Kysely only compiles: each
 * statement is one parameterized query run on the caller's own connection (the pool's, a
 * transaction's, embedded PGlite's), as every other statement is. Its driver is a dummy that never
 * connects. SQL that the builder would make harder to read (PL/pgSQL functions, PostGIS, window
 * functions) stays written out.
 */
export const qb = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** Runs a built statement on `db`; its rows, typed by what it selects or returns. */
export function rowsOf<O>(db: Queryable, statement: Compilable<O>): Promise<O[]> {
  const { sql, parameters } = statement.compile();
  return db.query<O>(sql, parameters);
}
