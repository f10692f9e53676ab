import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { REDACTED, redactPhoneNumbers, stripInvisible } from '../../src/spots/redact.ts';
import { DODGE_SEPARATORS } from '../phone-dodges.ts';
import { kept, SPLITS, split, subscriber } from './phone-arbitraries.ts';

/**
 * The redaction against what people (and attackers) write, as properties: Ugandan numbers in every
 * form, joined by any punctuation or symbol Unicode has, with invisible characters sprinkled in and
 * digits of other scripts, never survive; dates, times, amounts, coordinates, plates, plot numbers
 * and the emergency lines always do. FAST_CHECK_RUNS raises the number of cases.
 */
const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 400);
const R = '[removed]';

/** The invisible characters that must never be stored. */
const FORMAT_CHARS = [
  ...'\u200B\u200C\u200D\u200E\u200F\u202A\u202B\u202C\u202D\u202E',
  ...'\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\u061C\u180E\uFEFF\u034F',
];
const formatChar = fc.constantFrom(...FORMAT_CHARS);

/** What comes before the subscriber part: the trunk 0, or the country code in its forms. */
const PREFIXES: Array<(groups: string[]) => string[]> = [
  (g) => [`0${g[0]}`, ...g.slice(1)],
  (g) => ['0', ...g],
  (g) => ['+256', ...g],
  (g) => ['256', ...g],
  (g) => ['00256', ...g],
  (g) => ['+256', '(0)', ...g],
];

/** One character of Unicode's punctuation or symbol classes (astral ones included), or a space. */
const separatorChar = fc
  .oneof(
    fc.integer({ min: 0x21, max: 0x2ffff }).map((cp) => String.fromCodePoint(cp)),
    fc.constantFrom(' ', '\u00A0', '\u3000', '\t'),
  )
  .filter((c) => /^[\p{P}\p{S}\s]$/u.test(c));
const separator = fc.array(separatorChar, { minLength: 1, maxLength: 3 }).map((c) => c.join(''));

/** Digits of another script, chosen per number: ASCII, Arabic-Indic, Persian, Devanagari, full-width, bold. */
const SCRIPTS = [0x30, 0x660, 0x6f0, 0x966, 0xff10, 0x1d7ce];
const inScript = (zero: number, text: string) =>
  text.replace(/[0-9]/g, (d) => String.fromCodePoint(zero + Number(d)));

interface Dressed {
  subscriber: string;
  text: string;
}

/** A number as written: a form, a split, separators between groups, a script, invisible characters. */
const dressedNumber: fc.Arbitrary<Dressed> = fc
  .record({
    subscriber,
    split: fc.constantFrom(...SPLITS),
    prefix: fc.constantFrom(...PREFIXES),
    separators: fc.array(separator, { minLength: 8, maxLength: 8 }),
    script: fc.constantFrom(...SCRIPTS),
    sprinkle: fc.array(fc.option(formatChar, { nil: undefined, freq: 3 }), { minLength: 30, maxLength: 30 }),
    reversed: fc.boolean(),
  })
  .map((r) => {
    let groups = r.prefix(split(r.subscriber, r.split));
    // Written last group first, as a right-to-left paragraph shows groups in the right order (the
    // bracketed trunk is not written so: its brackets would stand beside the next separator).
    if (r.reversed && !groups.includes('(0)')) groups = [...groups].reverse();
    const joined = groups.map((g, i) => (i ? (r.separators[i - 1] ?? ' ') + g : g)).join('');
    const scripted = inScript(r.script, joined);
    const sprinkled = [...scripted].map((c, i) => c + (r.sprinkle[i] ?? '')).join('');
    return { subscriber: r.subscriber, text: sprinkled };
  });

/** The digits a text shows, of any script, as 0-9 (what a reader would dial). */
const shownDigits = (text: string) =>
  [...text]
    .map((c) => {
      const cp = c.codePointAt(0) as number;
      for (const zero of SCRIPTS) if (cp >= zero && cp < zero + 10) return String(cp - zero);
      return '';
    })
    .join('');

describe('redaction properties', () => {
  it(`removes every Ugandan number, in any form, separators, script and sprinkle (${RUNS} cases)`, () => {
    fc.assert(
      fc.property(dressedNumber, fc.constantFrom('Call ', 'Ask the boda man on ', 'نمبر '), (n, before) => {
        const out = redactPhoneNumbers(`${before}${n.text} at the stage`);
        assert.ok(out.includes(REDACTED), `${JSON.stringify(n.text)} → ${JSON.stringify(out)}`);
        assert.equal(shownDigits(out), '', `digits left in ${JSON.stringify(out)}`);
        assert.equal(stripInvisible(out), out, 'no invisible character stored');
      }),
      { numRuns: RUNS },
    );
  });

  it(`never stores a bidi control or invisible format character (${RUNS} texts)`, () => {
    const text = fc
      .array(fc.oneof(fc.string({ maxLength: 6 }), formatChar), { maxLength: 20 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (s) => {
        const out = redactPhoneNumbers(s);
        for (const c of FORMAT_CHARS.filter((c) => c !== '\u200D'))
          assert.ok(!out.includes(c), `U+${c.codePointAt(0)?.toString(16)} left in ${JSON.stringify(out)}`);
        assert.ok(
          !/(?<!\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]*)\u200D/u.test(out),
          'no lone joiner',
        );
      }),
      { numRuns: RUNS },
    );
  });

  it(`keeps dates, times, amounts, coordinates, plates, plot numbers and 999/112 (${RUNS} texts)`, () => {
    fc.assert(
      fc.property(fc.array(kept, { minLength: 1, maxLength: 3 }), (parts) => {
        const text = `Seen ${parts.join(' then ')} near the market`;
        assert.equal(redactPhoneNumbers(text), text);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('redaction of the separators and tricks seen in the wild', () => {
  for (const sep of DODGE_SEPARATORS) {
    it(`removes 0772${sep}123${sep}456`, () => {
      assert.equal(redactPhoneNumbers(`call 0772${sep}123${sep}456 now`), `call ${R} now`);
    });
  }
  it('reads a letter O written for a zero', () => {
    assert.equal(redactPhoneNumbers('call O772 123 456'), `call ${R}`);
    assert.equal(redactPhoneNumbers('call o772123456'), `call ${R}`);
    assert.equal(redactPhoneNumbers('call NO 5 or NO 12'), 'call NO 5 or NO 12');
  });
  it('removes groups written last first behind right-to-left marks, and stores no mark', () => {
    assert.equal(redactPhoneNumbers('\u200f456 \u200f123 \u200f0772'), R);
    assert.equal(redactPhoneNumbers('اتصل على 456 123 0772 الآن'), `اتصل على ${R} الآن`);
  });
  it('strips each bidi control and invisible format character, keeping an emoji joined', () => {
    for (const c of FORMAT_CHARS)
      assert.equal(redactPhoneNumbers(`Dark${c} path`), c === '\u200D' ? 'Dark path' : 'Dark path');
    assert.equal(stripInvisible('👩\u200D👩\u200D👧 here\u200D'), '👩\u200D👩\u200D👧 here');
    assert.equal(stripInvisible('👍🏽\u200D👍'), '👍🏽\u200D👍');
  });
  it('keeps a date followed by a time, a plate, and a coordinate pair', () => {
    for (const kept of ['On 12/07/2026 12:30 near the stage', 'Plate UAB 123X', 'At 0.3136, 32.5811'])
      assert.equal(redactPhoneNumbers(kept), kept);
  });
  it('joins groups across at most three characters (a run of spaces counts once)', () => {
    assert.equal(redactPhoneNumbers('0772.-.123 - 456'), R);
    assert.equal(redactPhoneNumbers('0772 ...- 123456'), '0772 ...- 123456');
    assert.equal(redactPhoneNumbers('0772      123456'), R);
  });
  it('joins across a letter standing alone, never across a word', () => {
    assert.equal(redactPhoneNumbers('0772 x 123 y 456'), R);
    assert.equal(redactPhoneNumbers('Km 0772 to 123456'), 'Km 0772 to 123456');
  });
});
