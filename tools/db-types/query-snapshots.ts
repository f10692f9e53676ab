import { format } from 'sql-formatter';
import * as channels from '../../server/src/channels/channels.sql.ts';
import * as outbox from '../../server/src/channels/outbox.sql.ts';
import * as push from '../../server/src/channels/push.sql.ts';
import * as receipts from '../../server/src/channels/receipts.sql.ts';
import * as webhooks from '../../server/src/channels/webhooks.sql.ts';
import type { Queryable } from '../../server/src/db/db.ts';
import * as oneTimeJobs from '../../server/src/db/one-time-jobs.sql.ts';
import * as log from '../../server/src/moderation/log.sql.ts';
import * as networks from '../../server/src/moderation/networks.sql.ts';
import * as onCall from '../../server/src/moderation/on-call.sql.ts';
import * as signIn from '../../server/src/moderation/sign-in.sql.ts';
import * as users from '../../server/src/moderation/users.sql.ts';
import * as settings from '../../server/src/settings/settings.sql.ts';
import * as stats from '../../server/src/stats/stats.sql.ts';
import * as heldReports from '../../server/src/trust/held-reports.sql.ts';
import * as standing from '../../server/src/trust/standing.sql.ts';

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
const LATER = new Date('2026-01-01T01:00:00Z');
const PHONE = { endpoint: 'https://push.example/1', keys: { p256dh: 'key', auth: 'auth' } };

/**
 * The modules (by their path in server/src) whose statements are kept as snapshots: those built with the typed builder
 * (db/sql-builder.ts), and written-out ones whose functions take plain values. Each function is
 * called once with example arguments; one added to such a module and left out here fails the type
 * check.
 */
const MODULES = {
  'channels/channels': snapshot(channels, {
    matchingAreas: ['Kisenyi', 5],
    nearestDangers: [{ lat: 0.3476, lng: 32.5825 }, 1000, 5],
    upsertWatch: [
      {
        phoneHash: 'hash',
        phoneEnc: 'sealed',
        place: 'Kisenyi',
        lat: 0.3476,
        lng: 32.5825,
        radiusM: 500,
        hours: { from: 18, to: 6 },
        route: '{"type":"LineString","coordinates":[[32.58,0.34],[32.59,0.35]]}',
      },
      3,
    ],
    confirmWatchesOf: ['hash'],
    forgetNumber: ['hash'],
    numberChoices: ['hash'],
    rememberLang: ['hash', 'lg'],
    rememberNear: ['hash', { place: 'Kisenyi', lat: 0.3476, lng: 32.5825, shown: 3 }],
    purgeChannelData: [30],
  }),
  'channels/outbox': snapshot(outbox, {
    enqueue: [{ phoneHash: 'hash', phoneEnc: 'sealed', kind: 'alert', body: 'text', spotId: 1, at: NOW }],
    claimDue: ['sms', 10, 60],
    markInFlight: ['1'],
    renewLeases: [['1'], 60],
    finish: ['1', 'failed', 'refused'],
    retryLater: ['1', 30, 'timeout'],
    outboxBacklog: [],
  }),
  'channels/push': snapshot(push, {
    upsertSubscription: [{ ...PHONE, lang: 'en', moderatorId: 1 }],
    keepNewestModeratorPhones: [1, 3],
    dropModeratorPhone: [1, PHONE.endpoint],
    dropIdleSubscriptions: [{ olderThanDays: 30 }],
    subscriptionId: [PHONE.endpoint],
    pushTarget: [1],
    forgetSubscription: [1],
    pushWatches: [1],
    dropPushWatch: [1, 2],
  }),
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
  'db/one-time-jobs': snapshot(oneTimeJobs, { claimOneTimeJob: ['seed'], oneTimeJobDone: ['seed'] }),
  'moderation/log': snapshot(log, {
    appendLog: [{ actor: 'amina', action: 'verify', spotId: 1, at: NOW }],
    recentLog: [50],
  }),
  'moderation/networks': snapshot(networks, {
    networkActivity: [1],
    deleteNetworkVotesOnSpot: [1, 'network'],
    lockSpotsVotedBy: ['network', NOW, LATER],
    deleteNetworkVotesInPeriod: ['network', NOW, LATER],
  }),
  'moderation/on-call': snapshot(onCall, {
    userIdOf: ['amina'],
    onCallOf: [1],
    reachableModerators: [],
    updateOnCall: [1, { onDuty: true, quiet: { from: 22, to: 6 }, phoneEnc: 'sealed' }],
    insertArea: [1, { name: 'Kampala', west: 32.5, south: 0.2, east: 32.7, north: 0.4 }, 20],
    deleteArea: [1, 2],
    heldWaitingSince: [NOW, 20],
    pagesOf: [['held:1']],
    recordPage: [{ alarm: 'held:1', stage: 'first', at: NOW, sentTo: 1 }],
    purgePages: [NOW],
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
  'stats/stats': snapshot(stats, { totals: [], countsByCategory: [], topAreas: [10] }),
  'trust/held-reports': snapshot(heldReports, {
    heldSummary: [],
    heldNetworks: [],
    heldPlaces: [],
    lockHeldIn: [NOW, LATER],
    newcomerPublishedInHour: [NOW],
  }),
  'trust/standing': snapshot(standing, {
    recordSeen: ['visitor', '2026-01-01'],
    findStanding: ['visitor'],
    agreeWithVotes: [1, 1, { visitor: 'visitor', wideNetwork: 'wide' }, NOW],
    loseStanding: [['visitor'], '2026-01-01', NOW],
    reporterOf: [1],
  }),
};

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
