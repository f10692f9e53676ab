/**
 * Text as it is read and shown (for spots/redact.ts): the invisible characters stripped from what
 * is stored, and the "shadow" of a text that numbers are looked for in. In the shadow, invisible
 * characters (format characters, bidi controls, joiners, variation selectors, combining marks) are
 * left out, digits of every script are read as 0-9, a letter O (or o) that touches a digit but no
 * other letter is read as a zero, and (asked for) a stretch under a right-to-left override is read
 * the way it is shown. Each shadow unit remembers where it came from in the original.
 */

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
export const RIGHT_TO_LEFT_OVERRIDE = '\u202E';
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

export const LETTER = /\p{L}/u;
/** What NFKC makes of a number form (⑫, ⒓ "12.", ½): digits, perhaps with punctuation, no letter. */
const NUMBER_FORM = /^\P{L}*\d\P{L}*$/u;

/**
 * How a character is read: a digit's value; a letter (or what NFKC makes of a styled one); what NFKC
 * makes of another number form (①, ⑫, ⒓ "12.", ²); and anything else as itself, a separator,
 * even where NFKC would spell it with letters (℡ "TEL" and ㏠ "1日" stay symbols).
 */
function readable(ch: string): string {
  const cp = ch.codePointAt(0) as number;
  const digit = DIGIT_VALUE.get(cp);
  if (digit !== undefined) return String(digit);
  const dingbat = dingbatDigits(cp);
  if (dingbat) return dingbat;
  const normal = ch.normalize('NFKC');
  return NUMBER_FORM.test(normal) || LETTER.test(ch) ? normal : ch;
}

/** The text as it is read for numbers, with each UTF-16 unit's source range in the original. */
export interface Shadow {
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
export function shadowOf(text: string, asShown: boolean): Shadow {
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
