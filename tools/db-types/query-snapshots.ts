import { format } from 'sql-formatter';
import type { Queryable } from '../../server/src/db/db.ts';
import * as users from '../../server/src/moderation/users.sql.ts';

/** The folder of the snapshots, one file per module: what each function sends to the database. */
export const QUERIES_DIR = 'server/queries';

// biome-ignore lint/suspicious/noExplicitAny: any function's arguments after its connection
type Statement = (db: Queryable, ...args: any[]) => unknown;
/** A call of every function of a module that takes a connection first, with example arguments. */
type Calls<M> = {
  [K in keyof M as M[K] extends Statement ? K : never]: M[K] extends (
    db: Queryable,
    ...args: infer A
  ) => unknown
    ? A
    : never;
};
const snapshot = <M>(functions: M, calls: Calls<M>) => ({
  functions,
  calls: calls as Record<string, unknown[]>,
});

const NOW = new Date('2026-01-01T00:00:00Z');

/**
 * The modules whose statements are built with the typed builder (db/sql-builder.ts), each function
 * called once with example arguments. A function added to such a module and left out here fails
 * the type check.
 */
const MODULES = {
  'moderation-users': snapshot(users, {
    findUserByName: ['amina'],
    setPendingTotp: ['amina', 'SECRET'],
    pendingTotp: ['amina'],
    confirmTotp: ['amina', 1, ['hash']],
    clearTotp: ['amina'],
    useTotpStep: [1, 2],
    useRecoveryCode: [1, 'hash'],
    listUsers: [],
    countAdmins: [],
    insertUser: ['amina', 'hash', 'moderator'],
    updatePassword: ['amina', 'hash'],
    updateRole: ['amina', 'admin'],
    deleteUser: ['amina'],
    insertSession: ['hash', 1, 3600, false, NOW],
    findSessionUser: ['hash', NOW],
    markSessionTwoFactor: ['hash'],
    deleteSession: ['hash'],
    deleteExpiredSessions: [NOW],
  }),
};

/** A connection that answers every statement with one row of `id` 1 and keeps what it was sent. */
function recorder(): { db: Queryable; sent: string[] } {
  const sent: string[] = [];
  const db: Queryable = {
    query: async <R>(sql: string) => {
      sent.push(sql);
      return [{ id: 1 }] as R[];
    },
    exec: async () => {
      throw new Error('a statement module runs no scripts');
    },
  };
  return { db, sent };
}

/** What each function of each module sends to the database, in the modules' and the calls' order. */
export async function recordedStatements(): Promise<{ module: string; fn: string; sql: string }[]> {
  const statements = [];
  for (const [module, { functions, calls }] of Object.entries(MODULES)) {
    for (const [fn, args] of Object.entries(calls)) {
      const { db, sent } = recorder();
      await (functions[fn as keyof typeof functions] as Statement)(db, ...args);
      statements.push(...sent.map((sql) => ({ module, fn, sql })));
    }
  }
  return statements;
}

/** Each module's snapshot file (its path from the project's root, and its text). */
export async function querySnapshots(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const { module, fn, sql } of await recordedStatements()) {
    const file = `${QUERIES_DIR}/${module}.sql`;
    const source = `server/src/${module.replace('-', '/')}.sql.ts`;
    const text = files.get(file) ?? `-- What ${source} sends, written by npm run db:types. Do not edit.\n`;
    files.set(file, `${text}\n-- ${fn}\n${format(sql, { language: 'postgresql' })};\n`);
  }
  return files;
}
