import { reportInput } from '../../../common/api.ts';
import { MAX_ID } from '../../../common/domain.ts';
import { clockHoursText } from '../../../common/region.ts';
import { type Deps, publicDataChanged } from '../deps.ts';
import type { Identity } from '../identity/identify.ts';
import { findPublicSpot, redactPhoneNumbers, reportSpot } from '../spots/index.ts';
import { ALERT_RULES } from './alerts.ts';
import { confirmWatchesOf, forgetNumber, nearestDangers, upsertWatch } from './channels.sql.ts';
import { numberChoices, rememberLang, rememberNear } from './numbers.sql.ts';
import { enqueue } from './outbox.sql.ts';
import type { PhoneCipher } from './phone.ts';
import { refusedBy, voteByPhone } from './phone-acts.ts';
import { findPlaces } from './places.ts';
import { once, receiptKey } from './receipts.ts';
import type { Screen } from './screen.ts';
import {
  commandOf,
  NEAR_LISTED,
  nearList,
  PLACE_CHARS,
  placeWithHours,
  short,
  smsText,
  watchRequest,
} from './sms-text.ts';
import { ussdScreen } from './ussd.ts';
import type { ActionResult, UssdWorld } from './ussd-steps.ts';
import { defaultChannelLang, distance, gsm, isChannelLang, SMS_CHARS, say } from './words.ts';

/** The USSD and SMS handlers (docs/channels.md): the same rules, limits and services as the web. */

const MAX_WATCHES = 3;
const NEAR_RADIUS_M = 3000;

export interface UssdCallback {
  sessionId: string;
  phone: string;
  operator: string;
  text: string;
}

export async function answerUssd(deps: Deps, identity: Identity, call: UssdCallback): Promise<Screen> {
  // The number's language as it was when the session began, kept with the session: a choice made
  // in the session must not change how its earlier answers replay.
  const chosenBefore = async () => {
    const lang = (await numberChoices(deps.db, identity.visitor))?.lang;
    return isChannelLang(lang) ? lang : null;
  };
  const started = await once(deps.db, receiptKey('ussd-lang', call.sessionId), chosenBefore);
  const knownLang = (started === 'in progress' ? await chosenBefore() : started) ?? undefined;
  const world: UssdWorld = {
    now: deps.clock.now(),
    knownLang,
    rememberLang: (lang) => rememberLang(deps.db, identity.visitor, lang),
    watch: async (place, hours, lang): Promise<ActionResult> => {
      const cipher = deps.channels.cipher;
      if (!cipher) return { key: 'failed' };
      const name = short(gsm(place.name), PLACE_CHARS);
      const added = await upsertWatch(
        deps.db,
        {
          phoneHash: identity.visitor,
          phoneEnc: cipher.encrypt(call.phone),
          place: gsm(place.name).slice(0, 80),
          lat: place.lat,
          lng: place.lng,
          radiusM: ALERT_RULES.radiusM,
          hours,
        },
        MAX_WATCHES,
      );
      if (added.result === 'full') return { key: 'smsWatchFull', params: { max: MAX_WATCHES } };
      if (added.confirmed) return { key: 'ussdWatching', params: { place: placeWithHours(name, hours) } };
      // As by SMS: the number's first watch waits for its YES, asked by SMS.
      if (!(await refusedBy(deps, ['sms_reply'], identity)))
        await enqueue(deps.db, {
          phoneHash: identity.visitor,
          phoneEnc: cipher.encrypt(call.phone),
          kind: 'reply',
          body: smsText(lang, 'smsWatchAsk', { place: name }),
        });
      return { key: 'ussdWatchAsk', params: { place: name } };
    },
    findPlaces: (typed) => findPlaces(deps.db, deps.places, typed, identity),
    dangersNear: (place, radiusM, limit) => nearestDangers(deps.db, place, radiusM, limit),
    publicSpot: (id) => findPublicSpot(deps.db, id),
    once: (run) => once(deps.db, receiptKey('ussd', call.sessionId, call.text), run),
    report: async (input): Promise<ActionResult> => {
      const refused = await refusedBy(deps, ['report_visitor', 'channel_report_network'], identity);
      if (refused) return { key: refused.policy === 'report_visitor' ? 'tooManyReports' : 'busyNetwork' };
      const parsed = reportInput.safeParse(input);
      if (!parsed.success)
        return { key: 'notValid', params: { why: gsm(parsed.error.issues[0]?.message ?? '') } };
      const actor = await deps.standing.act(identity);
      const { spot, pending } = await reportSpot(deps.db, parsed.data, actor, deps.log);
      publicDataChanged(deps);
      return { key: pending ? 'sentPending' : 'sentPublic', params: { id: spot.id } };
    },
    vote: (spot, value) => voteByPhone(deps, identity, spot.id, value),
  };
  return ussdScreen(call.text, world);
}

export interface SmsCallback {
  /** The gateway's id of the message, for repeats. */
  id: string;
  phone: string;
  text: string;
}

/**
 * An incoming SMS. Answers go through the outbox (they are sent by the gateway's messaging API, not
 * in the callback's answer), at most sms_reply a day per number; nothing is answered past that.
 */
export async function answerSms(deps: Deps, identity: Identity, sms: SmsCallback): Promise<void> {
  const cipher = deps.channels.cipher;
  if (!cipher) return;
  await once(deps.db, receiptKey('sms', sms.id), async () => {
    const reply = await smsReply(deps, identity, sms, cipher);
    if (reply && !(await refusedBy(deps, ['sms_reply'], identity))) {
      await enqueue(deps.db, {
        phoneHash: identity.visitor,
        phoneEnc: cipher.encrypt(sms.phone),
        kind: 'reply',
        body: gsm(reply).slice(0, SMS_CHARS),
      });
    }
  });
}

async function smsReply(
  deps: Deps,
  identity: Identity,
  message: SmsCallback,
  cipher: PhoneCipher,
): Promise<string> {
  const db = deps.db;
  const number = identity.visitor;
  const match = /^\s*(\S+)\s*(.*)$/s.exec(message.text);
  // A command as phones send it: any case, maybe with a full stop or an exclamation ("Ndiyo.").
  const said = commandOf((match?.[1] ?? '').toUpperCase().replace(/[.,!?;:]+$/, ''));
  // What was typed is said back when no place has its name: never with a phone number in it.
  const rest = redactPhoneNumbers((match?.[2] ?? '').replace(/\s+/g, ' ').trim().slice(0, 60));
  const kept = await numberChoices(db, number);
  // The number's language: the one its word is in, else the one it chose before.
  const lang = said?.lang ?? (isChannelLang(kept?.lang) ? kept.lang : defaultChannelLang());
  const command = said?.command;
  if (command === 'stop') {
    await forgetNumber(db, number);
    return smsText(lang, 'smsStopped');
  }
  if (said?.lang && said.lang !== kept?.lang) await rememberLang(db, number, said.lang);
  if (command === 'lang') return smsText(lang, 'smsLang');
  if (command === 'start') return smsText(lang, 'smsStarted');
  if (command === 'still' || command === 'gone') {
    // "Still there?" answered (a NEAR answer asks it): STILL 12 or GONE 12.
    const id = Number(/^#?(\d{1,10})$/.exec(rest)?.[1]);
    if (!(id > 0 && id <= MAX_ID)) return smsText(lang, 'smsHelp');
    const said = await voteByPhone(deps, identity, id, command === 'still' ? 1 : -1);
    return say(lang, said.key, said.params);
  }
  if (command === 'yes') {
    const places = await confirmWatchesOf(db, number);
    if (!places.length) return smsText(lang, 'smsHelp');
    return smsText(
      lang,
      'smsAlertsOn',
      {
        places: places.map((p) => placeWithHours(short(gsm(p.place), PLACE_CHARS), p.hours)).join(', '),
      },
      'places',
    );
  }
  if (command === 'more') {
    const near = kept?.near;
    if (!near) return smsText(lang, 'smsHelp');
    const dangers = await nearestDangers(db, near, NEAR_RADIUS_M, NEAR_LISTED);
    if (near.shown >= dangers.length) return smsText(lang, 'smsNoMore', { place: near.place });
    const page = nearList(lang, near.place, dangers, near.shown, deps.clock.now());
    await rememberNear(db, number, { ...near, shown: near.shown + page.shown });
    return page.text;
  }
  if ((command !== 'near' && command !== 'watch') || !rest) return smsText(lang, 'smsHelp');
  const asked =
    command === 'watch' ? watchRequest(rest) : { place: rest, to: undefined, radiusM: 0, hours: undefined };
  const place = (await findPlaces(db, deps.places, asked.place, identity))[0];
  if (!place) return smsText(lang, 'smsNoPlace', { q: asked.place.slice(0, PLACE_CHARS) });
  const end = asked.to === undefined ? undefined : (await findPlaces(db, deps.places, asked.to, identity))[0];
  if (asked.to !== undefined && !end)
    return smsText(lang, 'smsNoPlace', { q: asked.to.slice(0, PLACE_CHARS) });
  // A trip is named by its two ends, and watched along the way the route check finds between them.
  const full = end ? `${gsm(place.name)} - ${gsm(end.name)}` : gsm(place.name);
  const name = short(full, PLACE_CHARS);
  if (command === 'near') {
    const dangers = await nearestDangers(db, place, NEAR_RADIUS_M, NEAR_LISTED);
    if (!dangers.length) return smsText(lang, 'smsNoDangers', { place: name });
    const page = nearList(lang, name, dangers, 0, deps.clock.now());
    await rememberNear(db, number, { place: name, lat: place.lat, lng: place.lng, shown: page.shown });
    return page.text;
  }
  const route = end && (await deps.routePlanner.way(place, end, 'driving'));
  if (end && !route) return say(lang, 'failed');
  const watch = {
    phoneHash: number,
    phoneEnc: cipher.encrypt(message.phone),
    place: full.slice(0, 80),
    lat: place.lat,
    lng: place.lng,
    radiusM: asked.radiusM,
    hours: asked.hours,
    route: route || undefined,
  };
  const added = await upsertWatch(db, watch, MAX_WATCHES);
  if (added.result === 'full') return smsText(lang, 'smsWatchFull', { max: MAX_WATCHES });
  // A number's first watch is confirmed by that number: a forged WATCH alerts no stranger.
  if (!added.confirmed) return smsText(lang, 'smsWatchAsk', { place: name });
  const hours = asked.hours ? `, ${clockHoursText(asked.hours)}` : '';
  return smsText(lang, 'smsWatching', { place: name, radius: distance(asked.radiusM), hours });
}
