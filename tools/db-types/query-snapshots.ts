import { format } from 'sql-formatter';
import * as receipts from '../../server/src/channels/receipts.sql.ts';
import * as webhooks from '../../server/src/channels/webhooks.sql.ts';
import type { Queryable } from '../../server/src/db/db.ts';
import * as log from '../../server/src/moderation/log.sql.ts';
import * as signIn from '../../server/src/moderation/sign-in.sql.ts';
import * as users from '../../server/src/moderation/users.sql.ts';
import * as settings from '../../server/src/settings/settings.sql.ts';

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
 * The modules (by their path in server/src) whose statements are kept as snapshots: those built with the typed builder
 * (db/sql-builder.ts), and written-out ones whose functions take plain values. Each function is
 * called once with example arguments; one added to such a module and left out here fails the type
 * check.
 */
const MODULES = {
  'channels/receipts': snapshot(receipts, {
    claimReceipt: ['key'],
    settleReceipt: ['key', 'answer'],
    dropReceipt: ['key'],
  }),
  'channels/webhooks': snapshot(webhooks, {
    listWebhooks: [],
    countWebhooks: [],
    insertWebhook: [
      { url: 'https://example.org/hook', secret: 'secret', events: ['spot.published'], createdBy: 'amina' },
    ],
    deleteWebhook: [1],
    webhookTarget: [1],
    recordAttempt: [1, '200', true],
    enqueueWebhookDeliveries: ['spot.published', [{ spotId: 1, body: '{}' }]],
  }),
  'moderation/log': snapshot(log, {
    appendLog: [{ actor: 'amina', action: 'verify', spotId: 1, at: NOW }],
    recentLog: [50],
  }),
  'moderation/sign-in': snapshot(signIn, {
    claimAttempt: ['bucket'],
    clearAttempts: ['bucket'],
    countAccountAttempt: ['bucket'],
    accountAttempts: ['bucket'],
  }),
  'moderation/users': snapshot(users, {
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
  'settings/settings': snapshot(settings, {
    selectSettings: [['alert_min_confidence']],
    upsertSetting: ['alert_min_confidence', 0.5],
    insertSecretOnce: ['name', 'value'],
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
      try {
        await (functions[fn as keyof typeof functions] as Statement)(db, ...args);
      } catch (err) {
        // What the function makes of the made-up row after its statements is not the point.
        if (!sent.length) throw err;
      }
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
