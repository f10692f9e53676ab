import { createHash } from 'node:crypto';
import { reportInput } from '../../../common/api.ts';
import { castVote, DisputesHeld } from '../community/index.ts';
import { type Deps, publicDataChanged } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import type { Identity } from '../identity/identify.ts';
import type { PolicyName } from '../limits/policies.ts';
import { closestToLimit, type PolicyDecision } from '../limits/rate-limit.ts';
import { findPublicSpot, redactPhoneNumbers, reportSpot } from '../spots/index.ts';
import {
  claimReceipt,
  confirmWatchesOf,
  deleteWatchesOf,
  dropReceipt,
  nearestDangers,
  settleReceipt,
  upsertWatch,
} from './channels.sql.ts';
import { enqueue } from './outbox.sql.ts';
import type { PhoneCipher } from './phone.ts';
import { findPlaces } from './places.ts';
import type { Screen } from './screen.ts';
import { type ActionResult, type UssdWorld, ussdScreen } from './ussd.ts';
import { distance, gsm, timeName } from './words.ts';

/** The USSD and SMS handlers (docs/channels.md): the same rules, limits and services as the web. */

const MAX_WATCHES = 3;
const NEAR_RADIUS_M = 3000;
const NEAR_IN_SMS = 3;

const receiptKey = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');

/** Counts against the policies; the refusing decision when one refuses. */
export async function refusedBy(
  deps: Deps,
  policies: PolicyName[],
  identity: Identity,
): Promise<PolicyDecision | undefined> {
  const decision = closestToLimit(await deps.limiter.consume(policies, identity));
  return decision && !decision.allowed ? decision : undefined;
}

/**
 * Runs an action once per callback: the gateway may send the same request again (a retry after a
 * timeout); the repeat gets the first answer (or 'in progress' while the first still runs) and
 * changes nothing. An action that fails leaves no trace, so the gateway's retry can act.
 */
async function once<T>(deps: Deps, key: string, run: () => Promise<T>): Promise<T | 'in progress'> {
  const claim = await claimReceipt(deps.db, key);
  if (!claim.first) return claim.answer ? (JSON.parse(claim.answer) as T) : 'in progress';
  try {
    const result = await run();
    await settleReceipt(deps.db, key, JSON.stringify(result ?? null));
    return result;
  } catch (err) {
    await dropReceipt(deps.db, key).catch(() => {});
    throw err;
  }
}

export interface UssdCallback {
  sessionId: string;
  phone: string;
  operator: string;
  text: string;
}

export async function answerUssd(deps: Deps, identity: Identity, call: UssdCallback): Promise<Screen> {
  const world: UssdWorld = {
    findPlaces: (typed) => findPlaces(deps.db, deps.places, typed, identity),
    dangersNear: (place, radiusM, limit) => nearestDangers(deps.db, place, radiusM, limit),
    publicSpot: (id) => findPublicSpot(deps.db, id),
    once: (run) => once(deps, receiptKey('ussd', call.sessionId, call.text), run),
    report: async (input): Promise<ActionResult> => {
      const refused = await refusedBy(deps, ['report_visitor', 'channel_report_network'], identity);
      if (refused) return { key: refused.policy === 'report_visitor' ? 'tooManyReports' : 'busyNetwork' };
      const parsed = reportInput.safeParse(input);
      if (!parsed.success)
        return { key: 'notValid', params: { why: gsm(parsed.error.issues[0]?.message ?? '') } };
      const { spot, pending } = await reportSpot(deps.db, parsed.data, identity);
      publicDataChanged(deps);
      return { key: pending ? 'sentPending' : 'sentPublic', params: { id: spot.id } };
    },
    vote: async (spot, value): Promise<ActionResult> => {
      const refused = await refusedBy(deps, ['vote', 'channel_vote_network'], identity);
      if (refused) return { key: 'tooMany', params: { wait: Math.ceil(refused.retryAfterSeconds / 60) } };
      try {
        const after = await castVote(deps.db, spot.id, identity, value, async () => {
          if (await refusedBy(deps, ['channel_status_change_network'], identity))
            throw new HttpError(429, 'status');
        });
        publicDataChanged(deps);
        return { key: 'voted', params: { id: spot.id, c: after.confirmations, d: after.denials } };
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        if (err.status === 409) return { key: 'already', params: { id: spot.id } };
        if (err.status === 404) return { key: 'noSpot', params: { id: spot.id } };
        if (err instanceof DisputesHeld)
          return { key: 'disputesHeld', params: { wait: Math.ceil((err.retryAfterSeconds ?? 3600) / 60) } };
        if (err.status === 429) return { key: 'tooManyChanges' };
        throw err;
      }
    },
  };
  return ussdScreen(call.text, world);
}

export interface SmsCallback {
  /** The gateway's id of the message, for repeats. */
  id: string;
  phone: string;
  text: string;
}

const HELP =
  'Hatari: send NEAR and a place for the dangers near it, WATCH and a place for an SMS when a new ' +
  'danger is reported within 1 km, STOP to end alerts and delete your number.';

const ALERT_TERMS = 'at most 3 a day, none at night unless someone was killed';

/**
 * An incoming SMS. Answers go through the outbox (they are sent by the gateway's messaging API, not
 * in the callback's answer), at most sms_reply a day per number; nothing is answered past that.
 */
export async function answerSms(deps: Deps, identity: Identity, sms: SmsCallback): Promise<void> {
  const cipher = deps.channels.cipher;
  if (!cipher) return;
  await once(deps, receiptKey('sms', sms.id), async () => {
    const reply = await smsReply(deps, identity, sms, cipher);
    if (reply && !(await refusedBy(deps, ['sms_reply'], identity))) {
      await enqueue(deps.db, {
        phoneHash: identity.visitor,
        phoneEnc: cipher.encrypt(sms.phone),
        kind: 'reply',
        body: gsm(reply).slice(0, 480),
      });
    }
  });
}

async function smsReply(
  deps: Deps,
  identity: Identity,
  sms: SmsCallback,
  cipher: PhoneCipher,
): Promise<string> {
  const match = /^\s*(\w+)\s*(.*)$/s.exec(sms.text);
  const command = match?.[1]?.toUpperCase() ?? '';
  // What was typed is said back when no place has its name: never with a phone number in it.
  const rest = redactPhoneNumbers((match?.[2] ?? '').replace(/\s+/g, ' ').trim().slice(0, 60));
  if (command === 'YES') {
    const places = await confirmWatchesOf(deps.db, identity.visitor);
    if (!places.length) return HELP;
    return (
      `Hatari: alerts are on for ${places.join(', ')}. You will get an SMS when a danger of severity 3 or ` +
      `more is reported within 1 km (${ALERT_TERMS}). Send STOP to end.`
    );
  }
  if (command === 'STOP') {
    const removed = await deleteWatchesOf(deps.db, identity.visitor);
    return removed
      ? 'Hatari: your alerts have stopped and your number is deleted. Send WATCH and a place to start again.'
      : 'Hatari: you had no alerts. Your number is not kept.';
  }
  if ((command !== 'NEAR' && command !== 'WATCH') || !rest) return HELP;
  const place = (await findPlaces(deps.db, deps.places, rest, identity))[0];
  if (!place) return `Hatari: no place called "${rest}" was found. Try a nearby town, area or road.`;
  const name = gsm(place.name);
  if (command === 'NEAR') {
    const dangers = await nearestDangers(deps.db, place, NEAR_RADIUS_M, NEAR_IN_SMS);
    if (!dangers.length) return `Hatari: no known dangers within 3 km of ${name}.`;
    const listed = dangers.map(
      (d) =>
        `#${d.id} ${d.title.length > 50 ? `${d.title.slice(0, 48)}..` : d.title} (${d.severity}/5, ` +
        `${timeName('en', d.time_of_day)}, ${distance(d.distance_m)})`,
    );
    return `Hatari: dangers near ${name}: ${listed.join('; ')}. Send WATCH ${name} for alerts.`;
  }
  const watch = {
    phoneHash: identity.visitor,
    phoneEnc: cipher.encrypt(sms.phone),
    place: name.slice(0, 80),
  };
  const added = await upsertWatch(deps.db, { ...watch, lat: place.lat, lng: place.lng }, MAX_WATCHES);
  if (added.result === 'full') {
    return `Hatari: you already watch ${MAX_WATCHES} places. Send STOP to end them all first.`;
  }
  if (!added.confirmed) {
    // A number's first watch is confirmed by that number: a forged WATCH alerts no stranger.
    return (
      `Hatari: reply YES to get an SMS when a danger is reported near ${name} (${ALERT_TERMS}). ` +
      'If you did not ask for this, ignore it: nothing more will be sent.'
    );
  }
  return (
    `Hatari: watching ${name}. You will get an SMS when a danger of severity 3 or more is reported ` +
    `within 1 km (${ALERT_TERMS}). Send STOP to end.`
  );
}
