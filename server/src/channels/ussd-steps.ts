import type { Spot } from '../../../common/api.ts';
import type { Category, TimeOfDay } from '../../../common/domain.ts';
import type { WatchHours } from './alerts.sql.ts';
import type { NamedPoint, NearDanger } from './channels.sql.ts';
import type { ChannelLang, WordKey } from './words.ts';

/**
 * The USSD menu's words for itself (ussd.ts): the steps a session goes through, what an answer
 * that fits no choice leaves, and what the menu needs from the world.
 */

export interface ReportDraft {
  place: NamedPoint;
  category: Category;
  severity: number;
  time: TimeOfDay;
  words: string;
}

export type ActionResult = { key: WordKey; params?: Record<string, string | number | undefined> };

export interface UssdWorld {
  findPlaces(typed: string): Promise<NamedPoint[]>;
  dangersNear(place: NamedPoint, radiusM: number, limit: number): Promise<NearDanger[]>;
  publicSpot(id: number): Promise<Spot | undefined>;
  /** Runs once per session and answer, however often the gateway repeats the callback. */
  once(run: () => Promise<ActionResult>): Promise<ActionResult | 'in progress'>;
  /** Saves a report (the draft as the API takes it, checked there by the API's own rules). */
  report(input: unknown): Promise<ActionResult>;
  vote(spot: Spot, value: 1 | -1): Promise<ActionResult>;
  /** Alerts by SMS near a place, at those hours (its first watch is confirmed by SMS, as WATCH's). */
  watch(place: NamedPoint, hours: WatchHours | undefined, lang: ChannelLang): Promise<ActionResult>;
  /** The app's clock: when this answer is given. */
  now: Date;
  /** The language this number chose before (its first dial asks), and keeping a new choice. */
  knownLang: ChannelLang | undefined;
  rememberLang(lang: ChannelLang): Promise<void>;
}

/** What a place is asked for. */
export type Goal = 'near' | 'report' | 'watch';

export type Step =
  | { at: 'lang' }
  | { at: 'main' }
  | { at: 'place'; goal: Goal }
  | { at: 'pick'; goal: Goal; options: NamedPoint[] }
  | { at: 'dangers'; place: NamedPoint; page: number }
  | { at: 'category'; place: NamedPoint }
  | { at: 'severity'; place: NamedPoint; category: Category }
  | { at: 'time'; place: NamedPoint; category: Category; severity: number }
  | { at: 'words'; place: NamedPoint; category: Category; severity: number; time: TimeOfDay }
  | { at: 'confirm'; draft: ReportDraft }
  | { at: 'send'; draft: ReportDraft }
  | { at: 'cancelled' }
  | { at: 'spot' }
  | { at: 'vote'; spot: Spot }
  | { at: 'cast'; spot: Spot; value: 1 | -1 }
  | { at: 'sos' }
  | { at: 'hours'; place: NamedPoint }
  | { at: 'watched'; place: NamedPoint; hours: WatchHours | undefined };

/** An answer that fits no choice: the screen is shown again with this said first. */
export type Refusal = { refused: WordKey; params?: Record<string, string | number | undefined> };
