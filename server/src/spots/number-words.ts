import { LOOKALIKES, type Vocabulary, vocabulary } from './number-vocabulary.ts';
import type { Shadow } from './text-as-shown.ts';

/**
 * A phone number spelled out (for spots/redact.ts): the shadow of a text (spots/text-as-shown.ts)
 * with the region's number words read as digits (`zero seven seven two`, `sifuri saba`,
 * `musanvu`), "double"/"triple" and their kin repeating a digit, a "plus" read as `+`, letters
 * written for digits inside a group that has digits (`l23`, `4S6`, `077Z`), and digit words inside
 * one (`077two`, `four56`), and up to two short connecting words between groups dropped
 * (`0772 then 123 then 456`). Whether what is read spells a number is the redaction's business:
 * "two boda riders" reads `2 boda riders`, which spells none.
 */

/**
 * What connecting words between two groups are read as: one character that joins the groups
 * whatever spaces or punctuation stand around it, and never makes a date or time beside it part of a
 * number (spots/redact.ts).
 */
export const CONNECTED = '\uE000';
/** Connecting words allowed between two groups of one number. */
const MAX_CONNECTORS = 2;

/** A digit read from a token, with the token's characters it came from. */
interface Read {
  digit: string;
  start: number;
  end: number;
}

/** A token read as digits; `lookalikes`: written with letters for digits and no digit of its own. */
interface ReadToken {
  digits: Read[];
  lookalikes: boolean;
}

/**
 * A word of letters and digits read as digits: every character a digit, part of a number word or a
 * letter written for a digit. Undefined when it is no number.
 */
function readToken(token: string, v: Vocabulary): ReadToken | undefined {
  const digits: Read[] = [];
  let real = 0;
  let lookalikes = 0;
  for (let i = 0; i < token.length; ) {
    const ch = token[i] as string;
    v.word.lastIndex = i;
    const word = /\d/.test(ch) ? undefined : v.word.exec(token)?.[0];
    const digit = /\d/.test(ch) ? ch : word ? v.digits.get(word.toLowerCase()) : LOOKALIKES[ch];
    if (digit === undefined) return undefined;
    const end = i + (word?.length ?? 1);
    digits.push({ digit, start: i, end });
    if (/\d/.test(ch)) real++;
    else if (!word) lookalikes++;
    i = end;
  }
  return { digits, lookalikes: lookalikes > 0 && real === 0 };
}

/** The shadow with numbers spelled out read as digits; `spelled` marks the units read so. */
export interface SpelledShadow extends Shadow {
  spelled: boolean[];
}

interface Token {
  start: number;
  end: number;
  lower: string;
}

/** Writes the new shadow: each character with the span of the shadow's units it was read from. */
function shadowWriter(shadow: Shadow) {
  const out: SpelledShadow = { text: '', from: [], to: [], spelled: [] };
  let changed = false;
  /** Writes `chars`, read from the shadow's units [start, end). */
  const emit = (chars: string, start: number, end: number, spelled: boolean) => {
    const from = Math.min(...shadow.from.slice(start, end));
    const to = Math.max(...shadow.to.slice(start, end));
    for (let k = 0; k < chars.length; k++) {
      out.text += chars[k];
      out.from.push(from);
      out.to.push(to);
      out.spelled.push(spelled);
    }
    if (spelled) changed = true;
  };
  const copy = (start: number, end: number) => {
    for (let k = start; k < end; k++) emit(shadow.text[k] as string, k, k + 1, false);
  };
  /** What was written, or undefined when no number was spelled out. */
  const result = () => (changed ? out : undefined);
  return { emit, copy, result };
}

/** How the shadow's tokens read: as numbers, and as the start of a repeating phrase ("double"). */
function tokenReader(text: string, tokens: Token[], v: Vocabulary) {
  const reads = tokens.map((t) => readToken(text.slice(t.start, t.end), v));
  /**
   * The number token i is, if any. Letters for digits with no digit of their own (`lZS`) are read
   * only beside a token with one (`0772 lZS 456`): `Bob` and `Is` stay words.
   */
  const numberAt = (i: number) => {
    const read = reads[i];
    if (!read?.lookalikes) return read;
    return [reads[i - 1], reads[i + 1]].some((n) => n && !n.lookalikes) ? read : undefined;
  };
  /** The repeating phrase whose words start at token i, if its words follow each other with only spaces between. */
  const repeatAt = (i: number) =>
    v.repeats.find((r) =>
      r.words.every((w, k) => {
        const t = tokens[i + k];
        const prev = tokens[i + k - 1];
        return (
          t?.lower === w &&
          (k === 0 || (prev !== undefined && /^[\s\uE000]+$/.test(text.slice(prev.end, t.start))))
        );
      }),
    );
  /** Whether a number starts at token i, perhaps after a repeat ("double seven"). */
  const numberFrom = (i: number) => {
    const repeat = repeatAt(i);
    return repeat && !repeat.after ? numberAt(i + repeat.words.length) : numberAt(i);
  };
  return { numberAt, repeatAt, numberFrom };
}

/**
 * The shadow of `original` with spelled-out numbers read as digits, or undefined when it holds none
 * (then it reads as the shadow does). A zero the shadow read from a letter O counts as spelled.
 */
export function spelledOut(shadow: Shadow, original: string): SpelledShadow | undefined {
  const v = vocabulary();
  const text = shadow.text;
  const tokens: Token[] = [...text.matchAll(/[\p{L}\d]+/gu)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    lower: m[0].toLowerCase(),
  }));
  const { emit, copy, result } = shadowWriter(shadow);
  const { numberAt, repeatAt, numberFrom } = tokenReader(text, tokens, v);

  /** A digit read from a letter (a word, a letter for a digit, or an O the shadow read as 0). */
  const fromLetter = (k: number) => /\p{L}/u.test(original.slice(shadow.from[k], shadow.to[k]));

  let cursor = 0;
  let lastNumber = false;
  let lastDigit = '';
  /** A repeat said before the next number ("double"). */
  let repeatNext: { times: number; start: number } | undefined;
  /** The next number follows a spelled plus or repeat: its digits count as spelled. */
  let spelledNext = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    copy(cursor, token.start);
    cursor = token.end;
    const repeat = repeatAt(i);
    const phraseEnd = repeat && (tokens[i + repeat.words.length - 1] as Token).end;
    if (repeat?.after && lastNumber) {
      // "saba mara mbili": the digit before, said again.
      emit(lastDigit.repeat(repeat.times - 1), token.start, phraseEnd as number, true);
      cursor = phraseEnd as number;
      i += repeat.words.length - 1;
      continue;
    }
    if (repeat && !repeat.after && numberAt(i + repeat.words.length)) {
      // "double seven": the phrase is dropped, the next number's first digit said again.
      repeatNext = { times: repeat.times, start: token.start };
      spelledNext = true;
      cursor = phraseEnd as number;
      i += repeat.words.length - 1;
      continue;
    }
    const read = numberAt(i);
    if (read) {
      read.digits.forEach((d, k) => {
        const first = k === 0 && repeatNext;
        emit(
          d.digit.repeat(first ? first.times : 1),
          first ? first.start : token.start + d.start,
          token.start + d.end,
          spelledNext || fromLetter(token.start + d.start),
        );
      });
      repeatNext = undefined;
      spelledNext = false;
      lastNumber = true;
      lastDigit = (read.digits.at(-1) as Read).digit;
      continue;
    }
    repeatNext = undefined;
    spelledNext = false;
    const afterNumber = lastNumber;
    lastNumber = false;
    if (v.plus.has(token.lower) && numberFrom(i + 1)) {
      // Read as a `+` written against the number.
      emit('+', token.start, token.end, true);
      spelledNext = true;
      cursor = (tokens[i + 1] as Token).start;
      continue;
    }
    if (afterNumber && v.connectors.has(token.lower)) {
      // Up to MAX_CONNECTORS connecting words between two numbers are read as one CONNECTED.
      let last = i;
      while (last < i + MAX_CONNECTORS - 1 && v.connectors.has(tokens[last + 1]?.lower ?? '')) last++;
      if (numberFrom(last + 1)) {
        cursor = (tokens[last] as Token).end;
        emit(CONNECTED, token.start, cursor, true);
        i = last;
        continue;
      }
    }
    copy(token.start, token.end);
  }
  copy(cursor, text.length);
  return result();
}
