import * as alerts from '../../server/src/channels/alerts.sql.ts';
import * as channels from '../../server/src/channels/channels.sql.ts';
import * as numbers from '../../server/src/channels/numbers.sql.ts';
import * as outbox from '../../server/src/channels/outbox.sql.ts';
import * as push from '../../server/src/channels/push.sql.ts';
import * as receipts from '../../server/src/channels/receipts.sql.ts';
import * as webhooks from '../../server/src/channels/webhooks.sql.ts';
import * as budgets from '../../server/src/community/budgets.sql.ts';
import * as community from '../../server/src/community/community.sql.ts';
import type { Queryable } from '../../server/src/db/db.ts';
import * as oneTimeJobs from '../../server/src/db/one-time-jobs.sql.ts';
import * as events from '../../server/src/events/events.sql.ts';
import * as counters from '../../server/src/limits/counters.sql.ts';
import * as bursts from '../../server/src/moderation/bursts.sql.ts';
import * as decisions from '../../server/src/moderation/decisions.sql.ts';
import * as log from '../../server/src/moderation/log.sql.ts';
import * as modSpots from '../../server/src/moderation/mod-spots.sql.ts';
import * as networks from '../../server/src/moderation/networks.sql.ts';
import * as onCall from '../../server/src/moderation/on-call.sql.ts';
import * as signIn from '../../server/src/moderation/sign-in.sql.ts';
import * as users from '../../server/src/moderation/users.sql.ts';
import * as search from '../../server/src/search/search.sql.ts';
import * as settings from '../../server/src/settings/settings.sql.ts';
import * as archive from '../../server/src/spots/archive.sql.ts';
import * as spots from '../../server/src/spots/spots.sql.ts';
import * as stats from '../../server/src/stats/stats.sql.ts';
import * as heldReports from '../../server/src/trust/held-reports.sql.ts';
import * as reportBudgets from '../../server/src/trust/report-budgets.sql.ts';
import * as standing from '../../server/src/trust/standing.sql.ts';

// biome-ignore lint/suspicious/noExplicitAny: any function's arguments after its connection
export type Statement = (db: Queryable, ...args: any[]) => unknown;
/** The arguments after the connection of a function that takes one first; never otherwise. */
type ArgsAfterDb<F> = F extends (db: infer D, ...args: infer A) => unknown
  ? [D] extends [Queryable]
    ? A
    : never
  : never;
/** A call of every function of a module that takes a connection first, with example arguments. */
type Calls<M> = { [K in keyof M as ArgsAfterDb<M[K]> extends never ? never : K]: ArgsAfterDb<M[K]> };
const snapshot = <M>(functions: M, calls: Calls<M>) => ({
  functions,
  calls: calls as Record<string, unknown[]>,
});

const NOW = new Date('2026-01-01T00:00:00Z');
const LATER = new Date('2026-01-01T01:00:00Z');
/** Every filter of the public lists at once. */
const FILTERS = {
  includeArchived: true,
  categories: ['robbery'],
  sinceDays: 30,
  bbox: { minLng: 32.5, minLat: 0.2, maxLng: 32.7, maxLat: 0.4 },
  statuses: ['confirmed'],
  verifiedOnly: true,
  near: { lat: 0.3476, lng: 32.5825, radiusM: 1000 },
  reported: { from: NOW, to: LATER },
};
const PHONE = { endpoint: 'https://push.example/1', keys: { p256dh: 'key', auth: 'auth' } };

/**
 * The modules (by their path in server/src) whose statements are kept as snapshots: those built with the typed builder
 * (db/sql-builder.ts), and written-out ones whose functions take plain values. Each function is
 * called once with example arguments; one added to such a module and left out here fails the type
 * check.
 */
export const MODULES = {
  'channels/alerts': snapshot(alerts, {
    watchesNear: [{ lat: 0.3476, lng: 32.5825 }, 2000, NOW],
    markWatchesAlerted: [[1], NOW],
    lockAndCountAlertsInHour: [NOW],
    alertsInHour: [NOW],
  }),
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
    purgeChannelData: [30],
  }),
  'channels/numbers': snapshot(numbers, {
    numberChoices: ['hash'],
    rememberLang: ['hash', 'lg'],
    rememberNear: ['hash', { place: 'Kisenyi', lat: 0.3476, lng: 32.5825, shown: 3 }],
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
  'community/budgets': snapshot(budgets, { budgetUse: [], noteRefusedDispute: [1, 'network'] }),
  'community/community': snapshot(community, {
    releaseAlertsOnConfirmation: [1, 'wide'],
    flagsReachAutoHide: [1, 3],
    votesOfVisitor: ['visitor'],
    flaggedSpotsOfVisitor: ['visitor'],
    votesByDay: [1, 'Africa/Kampala', 30],
  }),
  'db/one-time-jobs': snapshot(oneTimeJobs, { claimOneTimeJob: ['seed'], oneTimeJobDone: ['seed'] }),
  'events/events': snapshot(events, {
    changesAfter: ['0', 100, 1000],
    changeIds: [],
    trimChanges: [NOW],
  }),
  'limits/counters': snapshot(counters, {
    hitCounters: [[{ key: 'key', windowSeconds: 60 }]],
    deleteExpiredCounters: [],
    claimSlot: ['key', 1000],
  }),
  'moderation/bursts': snapshot(bursts, {
    findBursts: [{ hide: 3, dispute: 3 }],
    burstNetworks: [NOW, LATER, 20],
    burstSpots: [NOW, LATER, 20],
    burstPlaces: [NOW, LATER, 20],
    lockBurstSpots: [NOW, LATER, ['network']],
    voidDenials: [NOW, LATER, null],
    burstVisitors: [NOW, LATER, ['network']],
    dismissFlagsIn: [NOW, LATER, null],
    recordReview: [NOW, LATER, 'amina', 'reverted'],
  }),
  'moderation/decisions': snapshot(decisions, { heldDecisionTimes: [NOW], alarmActionTimes: [30] }),
  'moderation/log': snapshot(log, {
    appendLog: [{ actor: 'amina', action: 'verify', spotId: 1, at: NOW }],
    recentLog: [50],
  }),
  'moderation/mod-spots': snapshot(modSpots, {
    findModSpots: ['flagged', 50, 'amina'],
    countQueues: [],
    findModSpot: [1],
    lockSpot: [1],
    setPublication: [1, 'approved'],
    restoreSpot: [1],
    showHiddenAgain: [[1]],
    restoreClearedDisputes: [[1]],
    clearReview: [1],
    setVerified: [1, true, NOW],
    setArchived: [1, true, NOW],
    resolveOpenFlags: [1, 'voided', 'network'],
    updateSpotFields: [1, { title: 'Dark bridge', severity: 3 }],
    deleteSpot: [1],
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
  'search/search': snapshot(search, {
    searchPublicSpots: ['Kisenyi', 10],
    nearbySpots: [[{ lat: 0.3476, lng: 32.5825 }], 1000, 5],
    cachedPlaces: ['Kisenyi', 30],
    cachePlaces: ['Kisenyi', [{ name: 'Kisenyi', detail: 'Kampala', lat: 0.3476, lng: 32.5825 }]],
    nearestName: [{ lat: 0.3476, lng: 32.5825 }, 500],
  }),
  'spots/archive': snapshot(archive, { archiveAged: [NOW, { severe: 12, other: 6 }, 100] }),
  'spots/spots': snapshot(spots, {
    releaseWaitingAlerts: [1],
    findPublicSpotById: [1],
    findNewestPublicSpots: [FILTERS, 50],
    findPublicSpots: [{ ...FILTERS, after: { severity: 3, id: 10 }, limit: 50 }],
    spotTextsAfter: [0, 100],
    setSpotTexts: [{ id: 1, title: 'Dark bridge', description: '', area: 'Kisenyi' }],
    flagNotesAfter: [0, 100],
    setFlagNote: [1, 'note'],
    publicSpotsInIdOrder: [FILTERS, { after: 10, limit: 50 }],
    countPublicSpots: [FILTERS],
  }),
  'stats/stats': snapshot(stats, { totals: [], countsByCategory: [], topAreas: [10] }),
  'trust/held-reports': snapshot(heldReports, {
    heldSummary: [],
    heldNetworks: [],
    heldPlaces: [],
    lockHeldIn: [NOW, LATER],
    newcomerPublishedInHour: [NOW],
  }),
  'trust/report-budgets': snapshot(reportBudgets, { medianHour: [NOW] }),
  'trust/standing': snapshot(standing, {
    recordSeen: ['visitor', '2026-01-01'],
    findStanding: ['visitor'],
    agreeWithVotes: [1, 1, { visitor: 'visitor', wideNetwork: 'wide' }, NOW],
    loseStanding: [['visitor'], '2026-01-01', NOW],
    reporterOf: [1],
  }),
};
