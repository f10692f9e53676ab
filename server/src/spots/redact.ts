import { findPhoneNumbersInText } from 'libphonenumber-js/max';

/**
 * Replaces every phone number in user text with `[removed]` (seed spec: title, description, area,
 * flag notes). Reports describe places, never people, and a phone number points at a person.
 *
 * Two passes:
 * 1. A scanner for Ugandan numbers, which libphonenumber-js misses in common forms: `00256…`,
 *    several numbers side by side separated by spaces, commas or semicolons (it reads the second as
 *    an extension or not at all), and `+256 (0) 7…`.
 * 2. libphonenumber-js (default country UG) for anything else, such as foreign numbers.
 */
export const REDACTED = '[removed]';

/** A run of digits joined by the separators people put inside phone numbers. */
const DIGIT_RUN = /\d[\d\s().\-/]*\d/g;
const DIGIT_GROUP = /\d+/g;

/**
 * Ugandan numbers, as digits only: national `0` + 9 digits (mobiles 07…, landlines 03…/04…,
 * toll-free 0800…), or international `256`/`00256` + 9 digits, optionally with the `(0)` trunk.
 */
const UG_NUMBER = /^(?:0|(?:00)?256(?:0)?)[2-9]\d{8}$/;
const MAX_DIGITS = 15;

interface Span {
  start: number;
  end: number;
}

function ugandanNumberSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const run of text.matchAll(DIGIT_RUN)) {
    const runStart = run.index;
    const groups = [...run[0].matchAll(DIGIT_GROUP)].map((g) => ({
      start: runStart + g.index,
      end: runStart + g.index + g[0].length,
      digits: g[0],
    }));
    let i = 0;
    while (i < groups.length) {
      let digits = '';
      let matchedEnd = -1;
      for (let j = i; j < groups.length; j++) {
        digits += groups[j]?.digits ?? '';
        if (digits.length > MAX_DIGITS) break;
        if (UG_NUMBER.test(digits)) {
          matchedEnd = j;
          break;
        }
      }
      const first = groups[i];
      const last = groups[matchedEnd];
      if (!first || !last) {
        i++;
        continue;
      }
      spans.push(widen(text, { start: first.start, end: last.end }));
      i = matchedEnd + 1;
    }
  }
  return spans;
}

/** Takes in a leading `+` and an opening bracket whose closing one is inside the number. */
function widen(text: string, span: Span): Span {
  let { start } = span;
  const inner = text.slice(start, span.end);
  if (text[start - 1] === '(' && inner.includes(')')) start--;
  else if (text[start - 1] === '+') start--;
  else if (text[start - 1] === ' ' && text[start - 2] === '+') start -= 2;
  if (text[start - 1] === '+') start--;
  return { start, end: span.end };
}

function replaceSpans(text: string, spans: Span[]): string {
  let out = '';
  let cursor = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.start < cursor) continue;
    out += text.slice(cursor, s.start) + REDACTED;
    cursor = s.end;
  }
  return out + text.slice(cursor);
}

export function redactPhoneNumbers(text: string): string {
  if (!/\d/.test(text)) return text;
  const first = replaceSpans(text, ugandanNumberSpans(text));
  const rest = findPhoneNumbersInText(first, 'UG').map((m) => ({ start: m.startsAt, end: m.endsAt }));
  return rest.length ? replaceSpans(first, rest) : first;
}
