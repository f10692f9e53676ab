import { findPhoneNumbersInText } from 'libphonenumber-js/max';
import { UGANDA } from '../../../common/domain.ts';

/**
 * Replaces every phone number in user text with `[removed]` (docs/api.md, "Reporting a spot": title,
 * description, area, flag notes, moderators' edits), and strips the invisible characters that only
 * serve to make text show other than it reads. Reports describe places, never people, and a phone
 * number points at a person.
 *
 * Numbers are looked for in a shadow of the text, so that they cannot be dodged: invisible
 * characters (format characters, bidi controls, joiners, variation selectors, combining marks) are
 * left out, digits of every script are read as 0-9, a letter O (or o) that touches a digit but no
 * other letter is read as a zero, and a stretch under a right-to-left override is also read the way
 * it is shown. Each shadow unit remembers where it came from, so what is replaced is exactly the
 * number as written.
 *
 * Two passes over the shadow:
 * 1. A scanner for Ugandan numbers: groups of digits joined by any run of up to three characters
 *    that are not letters or digits (punctuation, symbols, spaces, emoji; a letter standing alone
 *    counts too), read in written order and, since a right-to-left paragraph shows such groups in
 *    the other order, also from last group to first. Groups that spell a date or a time of day are
 *    kept out, and so is anything with a coordinate's decimals.
 * 2. libphonenumber-js (default country UG) for anything else, such as foreign numbers.
 */
export const REDACTED = '[removed]';

/**
 * Invisible characters stripped from what is stored: bidi marks, embeddings, overrides and isolates,
 * zero-width spaces and joiners, word joiners and invisible operators, the soft hyphen, the
 * combining grapheme joiner, the Mongolian vowel separator, the byte-order mark and Hangul fillers.
 * A zero-width joiner inside an emoji sequence (a family, a flag) is kept: it draws one emoji.
 */
const STRIPPED =
  /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\u3164\uFEFF\uFFA0]|\u034F/gu;
const ZERO_WIDTH_JOINER = '\u200D';
const EMOJI_BEFORE = /\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]*$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

/** The text without the invisible characters of STRIPPED. */
export function stripInvisible(text: string): string {
  return text.replace(STRIPPED, (ch, at: number) =>
    ch === ZERO_WIDTH_JOINER &&
    EMOJI_BEFORE.test(text.slice(Math.max(0, at - 8), at)) &&
    EMOJI_AFTER.test(text.slice(at + 1))
      ? ch
      : '',
  );
}

/** Characters that show nothing, or only change how neighbours show: never part of what is read. */
const INVISIBLE = /[\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u180E]/u;
const RIGHT_TO_LEFT_OVERRIDE = '\u202E';
/** Ends an override: pop directional formatting, a pop of an isolate, or the end of a line. */
const OVERRIDE_END = /[\u202C\u2069\n\r]/u;

/** The value of every decimal digit of every script (\p{Nd} comes in runs of ten, 0 first). */
const DIGIT_VALUE = (() => {
  const values = new Map<number, number>();
  const nd = /\p{Nd}/u;
  // U+1FBF9 (segmented digit nine) is the last decimal digit Unicode has.
  for (let cp = 0x30; cp <= 0x1fbf9; cp++) {
    if (nd.test(String.fromCodePoint(cp)))
      values.set(cp, values.has(cp - 1) ? ((values.get(cp - 1) ?? 0) + 1) % 10 : 0);
  }
  return values;
})();

/** Circled digits NFKC leaves alone (dingbats): ❶-❿, ➀-➉, ➊-➓, ⓵-⓾, ⓿. */
function dingbatDigits(cp: number): string | undefined {
  for (const start of [0x2776, 0x2780, 0x278a, 0x24f5]) {
    if (cp >= start && cp < start + 10) return String(cp - start + 1);
  }
  return cp === 0x24ff ? '0' : undefined;
}

const LETTER = /\p{L}/u;
const ALL_DIGITS = /^\d+$/;

/**
 * How a character is read: a digit's value; a letter (or what NFKC makes of a styled one); digits
 * NFKC finds in another number form (①, ²); and anything else as itself, a separator, even where
 * NFKC would spell it with letters (℡ stays a symbol).
 */
function readable(ch: string): string {
  const cp = ch.codePointAt(0) as number;
  const digit = DIGIT_VALUE.get(cp);
  if (digit !== undefined) return String(digit);
  const dingbat = dingbatDigits(cp);
  if (dingbat) return dingbat;
  const normal = ch.normalize('NFKC');
  return ALL_DIGITS.test(normal) || LETTER.test(ch) ? normal : ch;
}

/** The text as it is read for numbers, with each UTF-16 unit's source range in the original. */
interface Shadow {
  text: string;
  from: number[];
  to: number[];
}

interface Piece {
  chars: string;
  start: number;
  end: number;
}

function push(s: Shadow, p: Piece) {
  s.text += p.chars;
  for (let k = 0; k < p.chars.length; k++) {
    s.from.push(p.start);
    s.to.push(p.end);
  }
}

/** The shadow of `text`; with `asShown`, stretches under a right-to-left override are reversed. */
function shadowOf(text: string, asShown: boolean): Shadow {
  const out: Shadow = { text: '', from: [], to: [] };
  let reversed: Piece[] | undefined;
  const flush = () => {
    for (const p of (reversed ?? []).reverse()) push(out, p);
    reversed = undefined;
  };
  let index = 0;
  for (const ch of text) {
    const start = index;
    index += ch.length;
    if (asShown && ch === RIGHT_TO_LEFT_OVERRIDE) {
      flush();
      reversed = [];
      continue;
    }
    if (reversed && OVERRIDE_END.test(ch)) flush();
    if (INVISIBLE.test(ch)) continue;
    const piece = { chars: readable(ch), start, end: index };
    if (reversed) reversed.push(piece);
    else push(out, piece);
  }
  flush();
  return { ...out, text: zerosOfLetterO(out.text) };
}

/** A letter O written for a zero: it touches a digit, and no other letter. */
const LETTER_O = /(?<!\p{L})[OoОоΟο](?!\p{L})/gu;
function zerosOfLetterO(text: string): string {
  return text.replace(LETTER_O, (o, at: number) =>
    /\d/.test(text[at - 1] ?? '') || /\d/.test(text[at + 1] ?? '') ? '0' : o,
  );
}

/**
 * Ugandan numbers, as digits only: national `0` + 9 digits (mobiles 07…, landlines 03…/04…,
 * toll-free 0800…), or international `256`/`00256` + 9 digits, optionally with the `(0)` trunk.
 * (A mobile written without its 0, `772 123 456`, is found by the second pass.)
 */
const UG_NUMBER = /^(?:0|(?:00)?256(?:0)?)[2-9]\d{8}$/;
/** The longest digit string UG_NUMBER can match: no join goes further. */
const LONGEST = 15;
/**
 * A coordinate inside Uganda (0.3136, 32.5811: a latitude or longitude in its box, with four or
 * more decimals): never part of a phone number.
 */
const DECIMAL = /(?<![\d.])(0|[1-9]\d?)\.\d{4,7}(?![.\d])/g;
const isCoordinate = (text: string) =>
  [...text.matchAll(DECIMAL)].some((m) => {
    const whole = Number(m[1]);
    return (
      whole <= Math.ceil(UGANDA.maxLat) || (whole >= Math.floor(UGANDA.minLng) && whole <= UGANDA.maxLng)
    );
  });
/** Characters that may join two groups of one number: at most this many (a run of spaces is one). */
const MAX_JOINER = 3;

interface Span {
  start: number;
  end: number;
}
interface Group extends Span {
  digits: string;
  /** Part of a date or a time of day (which one): never part of a number. */
  kept?: number;
}

/** Dates (23/09/2026, 2026-09-23, 23.9.2026) and times of day (22:15, 10:30:05), kept as written. */
const DATE_OR_TIME =
  /(?<!\d|\d[:./-])(?:(?:0?[1-9]|[12]\d|3[01])([-/.])(?:0?[1-9]|1[0-2])\1(?:19|20)\d\d|(?:19|20)\d\d([-/.])(?:0?[1-9]|1[0-2])\2(?:0?[1-9]|[12]\d|3[01])|(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?)(?!\d|[:./-]\d)/g;

/**
 * Whether what lies between two digit groups may join them into one number: at most MAX_JOINER
 * characters, not counting a bracket closing the group before, or a `+` or bracket opening the next
 * (`+256 (0) 772`).
 */
function joins(between: string): boolean {
  const chars = [
    ...between
      .replace(/^[)\]]/, '')
      .replace(/\+?[([]?$/, '')
      .replace(/\s+/g, ' '),
  ];
  if (chars.length > MAX_JOINER) return false;
  // A letter joins only standing alone (`0772x123x456`), never as part of a word.
  return chars.every(
    (c, i) => !LETTER.test(c) || (!LETTER.test(chars[i - 1] ?? '') && !LETTER.test(chars[i + 1] ?? '')),
  );
}

/** The runs of digit groups that may be one number, each a list of groups. */
function chainsOf(text: string): Group[][] {
  const kept: Span[] = [...text.matchAll(DATE_OR_TIME)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
  const chains: Group[][] = [];
  let chain: Group[] = [];
  for (const m of text.matchAll(/\d+/g)) {
    const k = kept.findIndex((s) => m.index >= s.start && m.index < s.end);
    const group = { start: m.index, end: m.index + m[0].length, digits: m[0], kept: k < 0 ? undefined : k };
    const last = chain.at(-1);
    if (last && !joins(text.slice(last.end, group.start))) {
      chains.push(chain);
      chain = [];
    }
    chain.push(group);
  }
  if (chain.length) chains.push(chain);
  for (const groups of chains) release(groups);
  return chains;
}

/**
 * A date or time is kept only where no more digits join after it (a number, or another date or
 * time, may): `0772 12:34 56` is a number, `12/07/2026 12:30` a date and a time.
 */
function release(groups: Group[]) {
  for (let i = 0; i < groups.length; i++) {
    const kept = groups[i]?.kept;
    if (kept === undefined || groups[i + 1]?.kept === kept) continue;
    const next = groups[i + 1];
    if (next && next.kept === undefined) for (const g of groups) if (g.kept === kept) g.kept = undefined;
  }
}

/** Whether the groups, in this order, spell a Ugandan number (and are no coordinate). */
function spells(text: string, groups: Group[]): boolean {
  const digits = groups.map((g) => g.digits).join('');
  return (
    UG_NUMBER.test(digits) &&
    groups.every((g) => g.kept === undefined) &&
    !isCoordinate(spanText(text, groups))
  );
}
const spanText = (text: string, groups: Group[]) =>
  text.slice(Math.min(...groups.map((g) => g.start)), Math.max(...groups.map((g) => g.end)));

function ugandanNumberSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const groups of chainsOf(text)) {
    // From each group, the longest run of the next ones that spells a number as written; failing
    // that, the longest that spells one shown in reverse (`+256 (0) 772…` shown right to left is one
    // number, not a 0772… after a stray 256; `0701…, +256 752…` is two numbers read forwards).
    for (let i = 0; i < groups.length; i++) {
      let forward: number | undefined;
      let reversed: number | undefined;
      let length = 0;
      for (let j = i; j < groups.length && length <= LONGEST; j++) {
        length += (groups[j] as Group).digits.length;
        const run = groups.slice(i, j + 1);
        if (spells(text, run)) forward = j;
        else if (j > i && spells(text, [...run].reverse())) reversed = j;
      }
      const end = forward ?? reversed;
      if (end === undefined) continue;
      spans.push(widen(text, { start: (groups[i] as Group).start, end: (groups[end] as Group).end }));
      i = end;
    }
  }
  return spans;
}

/** Takes in an opening bracket closed inside the number, and a `+` (and a space) before it. */
function widen(text: string, span: Span): Span {
  let { start } = span;
  if (text[start - 1] === '(' && text.slice(start, span.end).includes(')')) start--;
  const plus = /\+ ?$/.exec(text.slice(0, start));
  return { start: start - (plus?.[0].length ?? 0), end: span.end };
}

/** Numbers found in one shadow, as ranges of the original text. */
function numbersIn(shadow: Shadow): Span[] {
  const found = ugandanNumberSpans(shadow.text);
  // Pass 2 looks at what pass 1 left: its numbers are blanked, keeping every position.
  let rest = shadow.text;
  for (const s of found) rest = rest.slice(0, s.start) + ' '.repeat(s.end - s.start) + rest.slice(s.end);
  for (const m of findPhoneNumbersInText(rest, 'UG')) found.push({ start: m.startsAt, end: m.endsAt });
  return found.map((s) => ({
    start: Math.min(...shadow.from.slice(s.start, s.end)),
    end: Math.max(...shadow.to.slice(s.start, s.end)),
  }));
}

/** Replaces the spans (merged where they overlap: both passes may find one number) with REDACTED. */
function replaceSpans(text: string, spans: Span[]): string {
  const merged: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  let out = '';
  let cursor = 0;
  for (const s of merged) {
    out += text.slice(cursor, s.start) + REDACTED;
    cursor = s.end;
  }
  return out + text.slice(cursor);
}

export function redactPhoneNumbers(text: string): string {
  const plain = shadowOf(text, false);
  if (!/\d/.test(plain.text)) return stripInvisible(text);
  const spans = numbersIn(plain);
  if (text.includes(RIGHT_TO_LEFT_OVERRIDE)) spans.push(...numbersIn(shadowOf(text, true)));
  return stripInvisible(replaceSpans(text, spans));
}
