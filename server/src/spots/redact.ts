import { findPhoneNumbersInText } from 'libphonenumber-js/max';

/**
 * Replaces every phone number in user text with `[removed]` (docs/api.md, "Reporting a spot": title, description, area,
 * flag notes). Reports describe places, never people, and a phone number points at a person.
 *
 * Numbers are looked for in a normalised shadow of the text, so that they cannot be dodged:
 * invisible characters (format characters, bidi controls, joiners, variation selectors, combining
 * marks) are left out, other scripts' digits (Arabic-Indic, Persian, Devanagari, Bengali, full-width,
 * mathematical, circled, ...) are read as 0-9, other characters are taken in NFKC form, and a stretch
 * under a right-to-left override is also read the way it is shown. Each shadow character remembers
 * where it came from, so what is replaced is exactly the number as written; the rest of the text is
 * kept as written, except bidi embedding and override controls, which are dropped (they only serve
 * to make text display other than it reads).
 *
 * Two passes over the shadow:
 * 1. A scanner for Ugandan numbers, which libphonenumber-js misses in common forms: `00256…`,
 *    several numbers side by side separated by spaces, commas or semicolons (it reads the second as
 *    an extension or not at all), `+256 (0) 7…`, and mobiles written without their leading 0.
 * 2. libphonenumber-js (default country UG) for anything else, such as foreign numbers.
 */
export const REDACTED = '[removed]';

/** Characters that show nothing, or only change how neighbours show: never part of what is read. */
const INVISIBLE = /[\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u180E]/u;
/** Controls that make text display in another order than it is stored. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/gu;
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

/** The text as it is read for numbers, with each character's source range in the original. */
interface Shadow {
  text: string;
  from: number[];
  to: number[];
}

function readable(ch: string): string {
  const cp = ch.codePointAt(0) as number;
  const digit = DIGIT_VALUE.get(cp);
  if (digit !== undefined) return String(digit);
  return dingbatDigits(cp) ?? ch.normalize('NFKC');
}

/** The shadow of `text`; with `asShown`, stretches under a right-to-left override are reversed. */
function shadowOf(text: string, asShown: boolean): Shadow {
  const out: Shadow = { text: '', from: [], to: [] };
  let reversed: Shadow | undefined;
  const push = (s: Shadow, chars: string, start: number, end: number) => {
    for (const c of chars) {
      s.text += c;
      s.from.push(start);
      s.to.push(end);
    }
  };
  const flush = () => {
    if (!reversed) return;
    const chars = [...reversed.text];
    for (let i = chars.length - 1; i >= 0; i--)
      push(out, chars[i] as string, reversed.from[i] as number, reversed.to[i] as number);
    reversed = undefined;
  };
  let index = 0;
  for (const ch of text) {
    const start = index;
    index += ch.length;
    if (asShown && ch === RIGHT_TO_LEFT_OVERRIDE) {
      flush();
      reversed = { text: '', from: [], to: [] };
      continue;
    }
    if (reversed && OVERRIDE_END.test(ch)) flush();
    if (INVISIBLE.test(ch)) continue;
    push(reversed ?? out, readable(ch), start, index);
  }
  flush();
  return out;
}

/** A run of digits joined by the separators people put inside (or between) phone numbers. */
const DIGIT_RUN = /\d[\d\s().\-/,:;_*#'"~+{}\u00B7\u2010-\u2015\u2212\u2022]*\d/g;
const DIGIT_GROUP = /\d+/g;
/** A decimal with four or more decimals (a coordinate such as 0.3136): never inside a phone number. */
const DECIMAL = /\d\.\d{4}/;

/**
 * Ugandan numbers, as digits only: national `0` + 9 digits (mobiles 07…, landlines 03…/04…,
 * toll-free 0800…), or international `256`/`00256` + 9 digits, optionally with the `(0)` trunk.
 * (A mobile written without its 0, `772 123 456`, is found by the second pass.)
 */
const UG_NUMBER = /^(?:0|(?:00)?256(?:0)?)[2-9]\d{8}$/;

interface Span {
  start: number;
  end: number;
}

function ugandanNumberSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const run of text.matchAll(DIGIT_RUN)) {
    const groups = [...run[0].matchAll(DIGIT_GROUP)].map((g) => ({
      start: run.index + g.index,
      end: run.index + g.index + g[0].length,
      digits: g[0],
    }));
    // From each group, join the next ones until they spell a number; then go on after it.
    for (let i = 0; i < groups.length; i++) {
      const first = groups[i] as (typeof groups)[number];
      let digits = '';
      for (let j = i; j < groups.length; j++) {
        const last = groups[j] as (typeof groups)[number];
        digits += last.digits;
        if (UG_NUMBER.test(digits) && !DECIMAL.test(text.slice(first.start, last.end))) {
          spans.push(widen(text, { start: first.start, end: last.end }));
          i = j;
          break;
        }
      }
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
  if (!/\d/.test(plain.text)) return text.replace(BIDI_CONTROLS, '');
  const spans = numbersIn(plain);
  if (text.includes(RIGHT_TO_LEFT_OVERRIDE)) spans.push(...numbersIn(shadowOf(text, true)));
  return replaceSpans(text, spans).replace(BIDI_CONTROLS, '');
}
