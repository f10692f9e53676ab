import { type CountryCode, findPhoneNumbersInText } from 'libphonenumber-js/max';
import { region } from '../../../common/region.ts';
import { regionNumberSpans, type Span } from './number-runs.ts';
import { CONNECTED, type SpelledShadow, spelledOut } from './number-words.ts';
import { RIGHT_TO_LEFT_OVERRIDE, type Shadow, shadowOf, stripInvisible } from './text-as-shown.ts';

export { stripInvisible };

/**
 * Replaces every phone number in user text with `[removed]` (docs/api.md, "Reporting a spot": title,
 * description, area, flag notes, moderators' edits), and strips the invisible characters that only
 * serve to make text show other than it reads. Reports describe places, never people, and a phone
 * number points at a person.
 *
 * Numbers are looked for in a shadow of the text (spots/text-as-shown.ts), so that they cannot be
 * dodged with invisible characters, other scripts' digits or a letter O; a stretch under a
 * right-to-left override is also read the way it is shown. Each shadow unit remembers where it came
 * from, so what is replaced is exactly the number as written.
 *
 * Two passes over the shadow:
 * 1. A scanner for the region's numbers (Uganda's: `0772 123 456`, `+256 (0) 772…`): runs of digit
 *    groups joined by punctuation, symbols or spaces, in either order; dates, times of day and
 *    coordinates are kept (spots/number-runs.ts).
 * 2. libphonenumber-js (default country: the region's) for anything else, such as foreign numbers,
 *    with what pass 1 found or kept blanked out.
 *
 * The shadow is read once more with numbers spelled out (spots/number-words.ts: the region's number
 * words, letters written for digits, connecting words between groups), by pass 1 alone: there a run
 * holding a spelled digit may also spell an international number after a plus, or the region's
 * number without its trunk 0. Several texts shown together (a spot's title, area and description)
 * are read together too (`redactTogether`).
 */
export const REDACTED = '[removed]';

/**
 * Numbers found in one shadow, as ranges of the original text. A shadow with numbers spelled out is
 * read by pass 1 only (its digits are all the words said; pass 2 reads the plain shadow).
 */
function numbersIn(shadow: Shadow | SpelledShadow): Span[] {
  const spelled = 'spelled' in shadow ? shadow.spelled : undefined;
  const { numbers: found, kept } = regionNumberSpans(shadow.text, spelled);
  if (!spelled) {
    // Pass 2 looks at what pass 1 left: its numbers, and what it keeps, are blanked, keeping every position.
    let rest = shadow.text;
    for (const s of [...found, ...kept])
      rest = rest.slice(0, s.start) + ' '.repeat(s.end - s.start) + rest.slice(s.end);
    for (const m of findPhoneNumbersInText(rest, region().phone.country as CountryCode))
      found.push({ start: m.startsAt, end: m.endsAt });
  }
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

/** The numbers in a text, as written, spelled out, and (under an override) as shown. */
function numberSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const shadow of [
    shadowOf(text, false),
    ...(text.includes(RIGHT_TO_LEFT_OVERRIDE) ? [shadowOf(text, true)] : []),
  ]) {
    const spelled = spelledOut(shadow, text);
    spans.push(...numbersIn(shadow));
    if (spelled) spans.push(...numbersIn(spelled));
  }
  return spans;
}

export function redactPhoneNumbers(text: string): string {
  return stripInvisible(replaceSpans(text, numberSpans(text)));
}

/**
 * Texts shown one after another (a spot's title, area and description, as the page and its card
 * show them): a number split across them is removed from each that holds a part. They are read
 * together in their order, and each two with others between read side by side (the eye skips a
 * line as easily).
 */
export function redactTogether(texts: readonly string[]): string[] {
  const spans = texts.map(numberSpans);
  // Empty texts show nothing between the others.
  const shown = texts.flatMap((text, i) => (text ? [i] : []));
  const views = [shown];
  for (let a = 0; a < shown.length; a++)
    for (let b = a + 2; b < shown.length; b++) views.push([shown[a] as number, shown[b] as number]);
  for (const view of views) {
    // Fields join as connecting words do: a date or time in one does not become part of a number
    // with digits in another.
    let joined = '';
    const starts = view.map((i) => {
      const start = joined.length;
      joined += `${texts[i]}\n${CONNECTED}`;
      return start;
    });
    for (const s of numberSpans(joined))
      view.forEach((i, k) => {
        const at = starts[k] as number;
        const start = Math.max(s.start, at) - at;
        const end = Math.min(s.end, at + (texts[i] as string).length) - at;
        if (start < end) spans[i]?.push({ start, end });
      });
  }
  return texts.map((text, i) => stripInvisible(replaceSpans(text, spans[i] ?? [])));
}
