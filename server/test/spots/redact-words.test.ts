import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { NUMBER_WORDS } from '../../../common/region.ts';
import { redactPhoneNumbers, redactTogether } from '../../src/spots/redact.ts';
import { SPELLED_DODGES, SPLIT_DODGES } from '../phone-dodges.ts';
import { kept, SPLITS, split, subscriber } from './phone-arbitraries.ts';

const R = '[removed]';

/** The ten legitimate texts the issue tried, and more a report says in words. */
const KEPT = [
  'Robbed on 12/07/2026 near the stage',
  'They took UGX 2,500,000 from a shop',
  'Plot 12B, Kampala Road',
  'At 0.3136, 32.5811 by the drainage channel',
  'A car, UAB 123X, waits at night',
  'Call 999 or 112 at once',
  'Between 22:00 and 23:30 it is dark',
  'Opposite 45 Nkrumah Road',
  'Seven robberies this year',
  'Two boda riders, three men and one car at nine',
  'Plot 12B then Plot 14 and Plot 20',
  'Boda stage 2 and 3, then Km 12',
  'One two three, the children count at school',
  'Zone 8 and zone 9 then Bwaise',
  'Saba mara mbili this month',
  'Double the robberies since 2019',
  'Bob, Sis and I saw it',
];

describe('numbers spelled out', () => {
  for (const [how, number] of SPELLED_DODGES)
    it(`removes a number written with ${how}`, () => {
      assert.equal(redactPhoneNumbers(`Call ${number} tonight`), `Call ${R} tonight`);
    });

  it('removes exactly the number, keeping the words around it', () => {
    assert.equal(
      redactPhoneNumbers('Call zero seven seven two one two three four five six tonight'),
      `Call ${R} tonight`,
    );
    assert.equal(redactPhoneNumbers('Piga 0772 kisha 123 na 456 leo'), `Piga ${R} leo`);
    assert.equal(redactPhoneNumbers('ring 077two 123 four56 now'), `ring ${R} now`);
  });

  it('reads double and triple before a digit, and Luganda and Kiswahili repeats after it', () => {
    assert.equal(redactPhoneNumbers('zero double seven two one two three four five six'), R);
    assert.equal(redactPhoneNumbers('zero seven triple one two three four five six'), R);
    assert.equal(redactPhoneNumbers('sifuri saba mara mbili mbili moja mbili tatu nne tano sita'), R);
    assert.equal(
      redactPhoneNumbers('zeero musanvu emirundi ebiri bbiri emu bbiri ssatu nnya ttaano mukaaga'),
      R,
    );
  });

  it('reads a mobile without its trunk 0 and foreign numbers only when spelled as a whole', () => {
    assert.equal(redactPhoneNumbers('seven seven two one two three four five six'), R);
    assert.equal(redactPhoneNumbers('plus four four seven nine one one one two three four five six'), R);
    assert.equal(redactPhoneNumbers('zero zero four four seven nine one one one two three four five six'), R);
    // Nine words of a count are no number the region has.
    assert.equal(
      redactPhoneNumbers('one two three four five six seven eight nine'),
      'one two three four five six seven eight nine',
    );
  });

  it('takes at most two connecting words between groups, and only connecting words', () => {
    assert.equal(redactPhoneNumbers('0772 and then 123 and 456'), R);
    assert.equal(redactPhoneNumbers('0772 and and and 123 456'), '0772 and and and 123 456');
    assert.equal(redactPhoneNumbers('0772 to 123 456'), '0772 to 123 456');
  });

  it('keeps what is not a phone number', () => {
    for (const text of KEPT) assert.equal(redactPhoneNumbers(text), text);
  });

  it('reads letters for digits only in or beside a group with a digit', () => {
    assert.equal(redactPhoneNumbers('ISIS GOB SOB lol 0772'), 'ISIS GOB SOB lol 0772');
    assert.equal(redactPhoneNumbers('Is Bob 12 or 13?'), 'Is Bob 12 or 13?');
    assert.equal(redactPhoneNumbers('Call O77Z l23 4SG'), `Call ${R}`);
    assert.equal(redactPhoneNumbers('Call 077z 123 4s6 now'), `Call ${R} now`);
    assert.equal(redactPhoneNumbers('Call 0772 123 45b now'), `Call ${R} now`);
    assert.equal(redactPhoneNumbers('Call 07g2 123 456 now'), `Call ${R} now`);
    assert.equal(redactPhoneNumbers('Call 07q2 123 456 now'), `Call ${R} now`);
    assert.equal(redactPhoneNumbers('Call 0772 lZS 456 now'), `Call ${R} now`);
    assert.equal(redactPhoneNumbers('Call 0772 123 lZS'), `Call ${R}`);
    assert.equal(redactPhoneNumbers('Call OZl 345 6789'), `Call ${R}`);
    // Not beside a group with a digit (a connecting word is none).
    assert.equal(redactPhoneNumbers('Room 0772 123 and lZS'), 'Room 0772 123 and lZS');
    assert.equal(redactPhoneNumbers('Call 7|o136|0919 now'), `Call ${R} now`);
  });

  it('reads repeats, plus and connecting words exactly', () => {
    assert.equal(redactPhoneNumbers('Call 0 double 72 123 456 now'), `Call ${R} now`);
    assert.equal(redactPhoneNumbers('call double 7 2 123 456 now'), `call ${R} now`);
    assert.equal(redactPhoneNumbers('Call 0772 then double one 2 456 now'), `Call ${R} now`);
    assert.equal(redactPhoneNumbers('call plus 44 7911 123456 now'), `call ${R} now`);
    assert.equal(redactPhoneNumbers('double 7 2 123 456'), R);
    assert.equal(redactPhoneNumbers('call 772 123 4 mara mbili 5 now'), `call ${R} now`);
    // Punctuation and a connecting word: the joiners around it count once.
    assert.equal(redactPhoneNumbers('Call 0772.-then 123 456'), `Call ${R}`);
    // Digits written as digits in a text with words keep their own reading (an amount is no number).
    for (const amount of ['UGX 772,123,456 lost by two boda riders', 'Two boda riders lost UGX 772,123,456'])
      assert.equal(redactPhoneNumbers(amount), amount);
    // A phrase's words follow each other with only spaces between.
    for (const gap of ['-', ' -', '- ']) {
      const hyphened = `sifuri saba mara${gap}mbili mbili moja mbili tatu nne tano sita`;
      assert.equal(redactPhoneNumbers(hyphened), hyphened);
    }
  });
});

describe('fields read together', () => {
  for (const { title, area, description, pieces } of SPLIT_DODGES)
    it(`removes a number split as ${JSON.stringify([title, area, description])}`, () => {
      const out = redactTogether([title, area, description]);
      for (const piece of pieces) assert.ok(!out.join('\n').includes(piece), `${piece} left in ${out}`);
      assert.equal(out.join('\n').split(R).length - 1, pieces.length, 'each piece is removed from its field');
    });

  it('removes each part from the field that holds it, and nothing else', () => {
    assert.deepEqual(redactTogether(['Ask the boda man on 0772', '', '123 456 after dark']), [
      `Ask the boda man on ${R}`,
      '',
      `${R} after dark`,
    ]);
    // Title and description, with an area between them, read side by side too.
    assert.deepEqual(redactTogether(['Boda man 0772', 'Kalerwe', '123 456 stage']), [
      `Boda man ${R}`,
      'Kalerwe',
      `${R} stage`,
    ]);
  });

  it('keeps fields that only sit side by side', () => {
    const fields = ['Robbery on 12/07/2026', 'Plot 12B', 'At 22:15, UGX 200,000 taken; call 999'];
    assert.deepEqual(redactTogether(fields), fields);
  });
});

/**
 * The same as properties (fast-check): numbers of the region, with their trunk or country code,
 * written with any mix of digits, words of the three languages in any case, letters for digits,
 * repeats and connecting words, and split at any point across a spot's three fields, never survive;
 * dates, amounts, plates, plot numbers, times and counts in words always do.
 */
const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 300);
const LANGS = [NUMBER_WORDS.en, NUMBER_WORDS.lg, NUMBER_WORDS.sw];
/** Letters written for each digit (only beside a real digit are they read so). */
const LOOKS: Record<string, string[]> = { '1': ['l', 'I'], '2': ['Z'], '5': ['S'], '6': ['G'], '8': ['B'] };

const casing = fc.constantFrom(
  (w: string) => w,
  (w: string) => w.toUpperCase(),
  (w: string) => w[0]?.toUpperCase() + w.slice(1),
);
/** A digit as a word of one of the languages, in some case. */
const wordFor = (d: string) =>
  fc.tuple(fc.constantFrom(...LANGS), fc.nat(), casing).map(([lang, k, c]) => {
    const words = lang.digits[Number(d)] as readonly string[];
    return c(words[k % words.length] as string);
  });

/** A group written in digits with some letters for digits (at least one real digit stays). */
const withLookalikes = (group: string) =>
  fc.array(fc.boolean(), { minLength: group.length, maxLength: group.length }).map((swap) => {
    const chars = [...group].map((d, i) =>
      swap[i] && LOOKS[d] ? (LOOKS[d]?.[i % (LOOKS[d]?.length ?? 1)] as string) : d,
    );
    return chars.some((c) => /\d/.test(c)) ? chars.join('') : group;
  });
/** A group said in words, one a digit, a run of equal digits said with "double"/"triple" or a repeat after. */
const inWords = (group: string) =>
  fc.tuple(fc.constantFrom(...LANGS), fc.boolean()).chain(([lang, repeats]) => {
    const parts: fc.Arbitrary<string>[] = [];
    for (let i = 0; i < group.length; i++) {
      const d = group[i] as string;
      const run = group[i + 1] === d ? (group[i + 2] === d ? 3 : 2) : 1;
      const repeat = lang.repeats.find((r) => r.times === run);
      if (repeats && run > 1 && repeat) {
        parts.push(wordFor(d).map((w) => (repeat.after ? `${w} ${repeat.words}` : `${repeat.words} ${w}`)));
        i += run - 1;
      } else parts.push(wordFor(d));
    }
    return fc.tuple(...parts).map((p) => p.join(' '));
  });
/** Digits then a word, or a word then digits, in one token (`077two`, `four56`). */
const mixed = (group: string) =>
  group.length < 2
    ? fc.constant(group)
    : fc
        .tuple(fc.boolean(), wordFor(group.at(-1) as string), wordFor(group[0] as string))
        .map(([wordLast, last, first]) => (wordLast ? group.slice(0, -1) + last : first + group.slice(1)));
const writtenGroup = (group: string) =>
  fc.oneof(fc.constant(group), withLookalikes(group), inWords(group), mixed(group));
const between = fc.constantFrom(' ', ', ', ' - ', ' then ', ' na ', ' ne ', ' and then ', ' kisha ');

/**
 * A spelled number: its groups as written, at least one not in plain digits. A mobile without its
 * trunk 0 (`form: none`) is read only with punctuation between its groups: connecting words or
 * another field between them might join a count to an amount.
 */
const spelledNumber = (forms: string[]) =>
  fc
    .record({ subscriber, sizes: fc.constantFrom(...SPLITS), form: fc.constantFrom(...forms) })
    // Without its trunk, only a number in use is read as one (a count of nine digits is not).
    .filter((r) => r.form !== 'none' || isValidPhoneNumber(r.subscriber, 'UG'))
    .chain(({ subscriber: sub, sizes, form }) => {
      const groups = split(sub, sizes);
      if (form === '0') groups[0] = `0${groups[0]}`;
      const joins = form === 'none' ? fc.constantFrom(' ', ', ', ' - ') : between;
      return fc
        .tuple(fc.tuple(...groups.map(writtenGroup)), fc.array(joins, { minLength: 4, maxLength: 4 }))
        .filter(([parts]) => parts.some((p, i) => p !== groups[i]))
        .chain(([parts, gaps]) => {
          const body = parts.map((p, i) => (i ? (gaps[i - 1] ?? ' ') : '') + p).join('');
          if (form === '256' || form === '+256') return fc.constant(`${form} ${body}`);
          if (form === 'plus 256') return inWords('256').map((w) => `plus ${w} ${body}`);
          return fc.constant(body);
        });
    });
const WITH_PREFIX = ['0', '256', '+256', 'plus 256'];

describe('spelled numbers, as properties', () => {
  it(`removes any number written with words, letters and connecting words (${RUNS} cases)`, () => {
    fc.assert(
      fc.property(spelledNumber([...WITH_PREFIX, 'none']), (text) => {
        assert.equal(redactPhoneNumbers(`Call ${text} tonight`), `Call ${R} tonight`, JSON.stringify(text));
      }),
      { numRuns: RUNS },
    );
  });

  it(`removes a number split at any point across title, area and description (${RUNS} cases)`, () => {
    fc.assert(
      fc.property(spelledNumber(WITH_PREFIX), fc.nat(), fc.nat(), fc.boolean(), (text, a, b, areaEmpty) => {
        const tokens = text.split(' ');
        const [i, j] = [a % tokens.length, b % tokens.length].sort((x, y) => x - y) as [number, number];
        if (i === 0) return;
        const parts = [tokens.slice(0, i), tokens.slice(i, j), tokens.slice(j)].map((p) => p.join(' '));
        const area = areaEmpty ? '' : (parts[1] as string);
        const description = areaEmpty ? `${parts[1]} ${parts[2]}`.trim() : (parts[2] as string);
        const out = redactTogether([
          `Ask for ${parts[0]}`,
          area,
          description ? `${description} at night` : 'at night',
        ]);
        assert.ok(out[0]?.startsWith('Ask for ') && out[0].includes(R), JSON.stringify(out));
        for (const [k, field] of out.entries())
          assert.doesNotMatch(
            field.replace(/^Ask for |at night$|\[removed\]/g, ''),
            /\p{L}{3}|\d/u,
            `field ${k}: ${JSON.stringify(out)}`,
          );
      }),
      { numRuns: RUNS },
    );
  });

  const noun = fc.constantFrom('boda riders', 'men', 'robberies', 'cars', 'shops', 'nights');
  const count = fc
    .tuple(fc.constantFrom(...LANGS), fc.integer({ min: 1, max: 9 }), noun, casing)
    .map(([lang, n, what, c]) => `${c(lang.digits[n]?.[0] as string)} ${what}`);
  const plot = fc
    .tuple(fc.integer({ min: 1, max: 999 }), fc.constantFrom('', 'B', 'A', 'C'))
    .map(([n, l]) => `Plot ${n}${l}`);
  const hours = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 23 }))
    .map(([h, k]) => `between ${String(h).padStart(2, '0')}:00 and ${String(k).padStart(2, '0')}:30`);
  // Joined by words: digits joined by punctuation to a date or time make it part of a number (redact.test.ts).
  const joinWords = fc.constantFrom(' then ', ' and ', ' na ', ' kisha ', ' ne ', ' and then ', ' or ');
  it(`keeps dates, amounts, plates, plot numbers, times and counts in words (${RUNS} texts)`, () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(kept, count, plot, hours), { minLength: 1, maxLength: 4 }),
        joinWords,
        (parts, join) => {
          const text = `Seen ${parts.join(join)} near the market`;
          assert.equal(redactPhoneNumbers(text), text);
          assert.deepEqual(redactTogether([parts[0] as string, parts[1] ?? '', parts.slice(2).join(join)]), [
            parts[0],
            parts[1] ?? '',
            parts.slice(2).join(join),
          ]);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
