import { format } from 'sql-formatter';
import type { Queryable } from '../../server/src/db/db.ts';
import { MODULES, type Statement } from './query-examples.ts';

/** The folder of the snapshots, one file per module: what each function sends to the database. */
export const QUERIES_DIR = 'server/queries';

/** A connection that answers every statement with `rows` and keeps what it was sent. */
function recorder(rows: unknown[]): { db: Queryable; sent: string[] } {
  const sent: string[] = [];
  const db: Queryable = {
    query: async <R>(sql: string) => {
      sent.push(sql);
      return rows as R[];
    },
    exec: async () => {
      throw new Error('a statement module runs no scripts');
    },
  };
  return { db, sent };
}

/** What `fn` sends when each statement finds nothing, and when each finds a row (other branches). */
async function sentBy(fn: Statement, args: unknown[]): Promise<string[]> {
  const sent = new Set<string>();
  for (const rows of [[], [{ id: 1 }]]) {
    const record = recorder(rows);
    try {
      await fn(record.db, ...args);
    } catch (err) {
      // What the function makes of a made-up answer after its statements is not the point.
      if (!record.sent.length) throw err;
    }
    for (const sql of record.sent) sent.add(sql);
  }
  return [...sent];
}

/** What each function of each module sends to the database, in the modules' and the calls' order. */
export async function recordedStatements(): Promise<{ module: string; fn: string; sql: string }[]> {
  const statements = [];
  for (const [module, { functions, calls }] of Object.entries(MODULES)) {
    for (const [fn, args] of Object.entries(calls)) {
      const sent = await sentBy(functions[fn as keyof typeof functions] as Statement, args);
      statements.push(...sent.map((sql) => ({ module, fn, sql })));
    }
  }
  return statements;
}

/** Each module's snapshot file (its path from the project's root, and its text). */
export async function querySnapshots(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const { module, fn, sql } of await recordedStatements()) {
    const file = `${QUERIES_DIR}/${module.replace('/', '-')}.sql`;
    const source = `server/src/${module}.sql.ts`;
    const text = files.get(file) ?? `-- What ${source} sends, written by npm run db:types. Do not edit.\n`;
    files.set(file, `${text}\n-- ${fn}\n${format(sql, { language: 'postgresql' })};\n`);
  }
  return files;
}

/**
 * The recorded statements the migrated schema in `db` refuses to PREPARE (a column renamed or
 * dropped, a type changed), each named by its module and function: the statements written out as
 * text are checked here, as the built ones are by the compiler.
 */
export async function unpreparable(db: Queryable): Promise<string[]> {
  const refused: string[] = [];
  for (const [i, { module, fn, sql }] of (await recordedStatements()).entries()) {
    try {
      await db.query(`PREPARE s${i} AS ${sql}`);
    } catch (err) {
      refused.push(`${module} ${fn}: ${(err as Error).message}`);
    }
  }
  await db.query('DEALLOCATE ALL');
  return refused;
}
