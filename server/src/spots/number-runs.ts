import { type CountryCode, isValidPhoneNumber } from 'libphonenumber-js/max';
import { phoneNumberPattern, region } from '../../../common/region.ts';
import { CONNECTED } from './number-words.ts';
import { LETTER } from './text-as-shown.ts';

/**
 * Pass 1 of the redaction (spots/redact.ts): the region's numbers in a shadow, as runs of digit
 * groups. Groups join across any run of up to three characters that are not letters or digits
 * (punctuation, symbols, spaces, emoji; a letter standing alone counts too), read in written order
 * and, since a right-to-left paragraph shows such groups in the other order, also from last group
 * to first. Dates, times of day and coordinates that no other digits join are kept as written.
 */

/** The region's pattern; an international number after `00` may be longer (pass 1 reads those spelled out). */
function regionNumbers() {
  const { pattern, longest } = phoneNumberPattern(region().phone);
  return { pattern, longest: Math.max(longest, 17) };
}
/**
 * A decimal with four to seven decimals, such as a coordinate (0.3136, 32.5811; never `07.1234`): kept as written.
 * (Only a latitude near the equator could start a phone number; any such decimal is kept from the
 * second pass, which reads numbers more loosely.)
 */
const DECIMAL = /(?<![\d.])(?:0|[1-9]\d?)\.\d{4,7}(?![.\d])/g;

/** Characters that may join two groups of one number: at most this many (a run of spaces is one). */
const MAX_JOINER = 3;

export interface Span {
  start: number;
  end: number;
}
interface Group extends Span {
  digits: string;
  /** Read from words or letters written for digits (spots/number-words.ts). */
  spelled: boolean;
  /** Part of a date, a time of day or a coordinate (which one): never part of a number. */
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
      .replace(/\s*\uE000\s*/g, CONNECTED)
      .replace(/\s+/g, ' '),
  ];
  if (chars.length > MAX_JOINER) return false;
  // A letter joins only standing alone (`0772x123x456`), never as part of a word.
  return chars.every(
    (c, i) => !LETTER.test(c) || (!LETTER.test(chars[i - 1] ?? '') && !LETTER.test(chars[i + 1] ?? '')),
  );
}

interface Kept extends Span {
  /** A coordinate: what follows it does not release it (a longitude may have fewer decimals). */
  firm: boolean;
}

/** Dates, times of day and coordinates: kept as written, by both passes. */
function keptSpans(text: string): Kept[] {
  const span = (firm: boolean) => (m: RegExpMatchArray) => ({
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
    firm,
  });
  return [
    ...[...text.matchAll(DATE_OR_TIME)].map(span(false)),
    ...[...text.matchAll(DECIMAL)].map(span(true)),
  ];
}

/** The runs of digit groups that may be one number, each a list of groups. */
function chainsOf(text: string, kept: Kept[], spelled: readonly boolean[] | undefined): Group[][] {
  const chains: Group[][] = [];
  let chain: Group[] = [];
  for (const m of text.matchAll(/\d+/g)) {
    const k = kept.findIndex((s) => m.index >= s.start && m.index < s.end);
    const end = m.index + m[0].length;
    const group = {
      start: m.index,
      end,
      digits: m[0],
      kept: k < 0 ? undefined : k,
      spelled: spelled?.slice(m.index, end).includes(true) ?? false,
    };
    const last = chain.at(-1);
    if (last && !joins(text.slice(last.end, group.start))) {
      chains.push(chain);
      chain = [];
    }
    chain.push(group);
  }
  if (chain.length) chains.push(chain);
  for (const groups of chains) release(text, groups, kept);
  return chains;
}

/**
 * A date or time is kept only where no other digits join it, before or after (a date and a time may
 * join each other): `12/07/2026 12:30` is a date and a time, `0772 12:34 56` and `0772 12:30:45`
 * are numbers. A coordinate is kept unless digits join it before (`07721, 0.1234` is a number):
 * what follows a latitude may be a longitude of fewer decimals (`0.3136, 32.581`).
 */
function release(text: string, groups: Group[], spans: Kept[]) {
  const loose = new Set<number>();
  // Digits joined only through connecting words ("Plot 12 then 01/02/2026") release nothing.
  const releases = (a: Group | undefined, b: Group | undefined) =>
    a !== undefined && b !== undefined && !text.slice(a.end, b.start).includes(CONNECTED);
  groups.forEach((g, i) => {
    if (g.kept === undefined) return;
    const before = groups[i - 1];
    const after = spans[g.kept]?.firm ? undefined : groups[i + 1];
    if (
      (before?.kept === undefined && releases(before, g)) ||
      (after?.kept === undefined && releases(g, after))
    )
      loose.add(g.kept);
  });
  for (const g of groups) if (g.kept !== undefined && loose.has(g.kept)) g.kept = undefined;
}

/**
 * Whether the groups, in this order, spell one of the region's numbers, none of them kept. Groups
 * spelled out in words or letters (which pass 2 does not read), with no connecting words between
 * them, may also spell any international number after a `+` or `00`, or a number of the region
 * written without its trunk 0.
 */
function spells(pattern: RegExp, groups: Group[], plus: boolean, text: string): boolean {
  if (groups.some((g) => g.kept !== undefined)) return false;
  const digits = groups.map((g) => g.digits).join('');
  if (pattern.test(digits)) return true;
  // Not across connecting words or fields: an amount, then "one boda rider", is no number.
  const across = text.slice((groups[0] as Group).end, (groups.at(-1) as Group).start).includes(CONNECTED);
  if (across || !groups.some((g) => g.spelled)) return false;
  const { country, nationalDigits } = region().phone;
  if (plus) return isValidPhoneNumber(`+${digits}`);
  if (digits.startsWith('00')) return isValidPhoneNumber(`+${digits.slice(2)}`);
  return digits.length === nationalDigits && isValidPhoneNumber(digits, country as CountryCode);
}

/** Pass 1: the region's numbers in the text, and what it keeps as written (for pass 2 to keep too). */
export function regionNumberSpans(
  text: string,
  spelled?: readonly boolean[],
): { numbers: Span[]; kept: Span[] } {
  const { pattern, longest } = regionNumbers();
  const spans: Span[] = [];
  const kept = keptSpans(text);
  const chains = chainsOf(text, kept, spelled);
  const stillKept = new Set(chains.flat().flatMap((g) => (g.kept === undefined ? [] : [g.kept])));
  for (const groups of chains) {
    // From each group, the longest run of the next ones that spells a number as written; failing
    // that, the longest that spells one shown in reverse (`+256 (0) 772…` shown right to left is one
    // number, not a 0772… after a stray 256; `0701…, +256 752…` is two numbers read forwards).
    for (let i = 0; i < groups.length; i++) {
      let forward: number | undefined;
      let reversed: number | undefined;
      let length = 0;
      const plus = /\+ ?$/.test(text.slice(0, (groups[i] as Group).start));
      for (let j = i; j < groups.length && length <= longest; j++) {
        length += (groups[j] as Group).digits.length;
        const run = groups.slice(i, j + 1);
        if (spells(pattern, run, plus, text)) forward = j;
        // Words are not drawn in reverse: only digits written as digits are read last group first.
        else if (j > i && !run.some((g) => g.spelled) && spells(pattern, [...run].reverse(), false, text))
          reversed = j;
      }
      const end = forward ?? reversed;
      if (end === undefined) continue;
      spans.push(widen(text, { start: (groups[i] as Group).start, end: (groups[end] as Group).end }));
      i = end;
    }
  }
  return { numbers: spans, kept: kept.filter((_, k) => stillKept.has(k)) };
}

/** Takes in an opening bracket closed inside the number, and a `+` (and a space) before it. */
function widen(text: string, span: Span): Span {
  let { start } = span;
  if (text[start - 1] === '(' && text.slice(start, span.end).includes(')')) start--;
  const plus = /\+ ?$/.exec(text.slice(0, start));
  return { start: start - (plus?.[0].length ?? 0), end: span.end };
}
