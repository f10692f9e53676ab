import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REDACTED, redactPhoneNumbers, stripInvisible } from '../../src/spots/redact.ts';

// Spelled out, so a change of the marker is a failure here.
const R = '[removed]';

// [input, expected]: numbers that must go, in every form people write them.
const redacted: Array<[string, string]> = [
  ['call 0772123456 now', `call ${R} now`],
  ['0772 123 456', R],
  ['0772-123-456', R],
  ['0772.123.456', R],
  ['(0772) 123456', R],
  ['+256772123456', R],
  ['+256 772 123 456', R],
  ['+256-772-123-456', R],
  ['256772123456', R],
  ['00256772123456', R],
  ['00256 772 123 456', R],
  ['+256 (0) 772 123456', R],
  ['+256(0)772123456', R],
  ['0414 123456', R],
  ['(0414) 123-456', R],
  ['+256 414 123 456', R],
  ['0312 123 456', R],
  ['0800 199 399', R],
  ['0772123456, 0701234567', `${R}, ${R}`],
  ['0772123456; 0701234567', `${R}; ${R}`],
  ['0772123456 0701234567', `${R} ${R}`],
  ['0772 123 456 0701 234 567', `${R} ${R}`],
  ['0772123456/0701234567', `${R}/${R}`],
  ['Ask at the stage, 0752 111 222 or +256 701 234 567.', `Ask at the stage, ${R} or ${R}.`],
  ['near plot 12, call 0772123456', `near plot 12, call ${R}`],
  ['on 2026-09-23 call 0772123456', `on 2026-09-23 call ${R}`],
  ['tel:0772.123.456', `tel:${R}`],
  ['+254 712 345678 in Kenya', `${R} in Kenya`],
  ['+1 415 555 2671', R],
  ['WhatsApp +256 752-111-222 anytime', `WhatsApp ${R} anytime`],
  ['Numbers 0772123456,0701234567,0392123456', `Numbers ${R},${R},${R}`],
];

// Text with digits that are not phone numbers and must stay as written.
const untouched = [
  'Attack on 2026-09-23 at night',
  'Since 2019 this road is dark',
  'Between 2019-2026 many robberies',
  'Plot 1234, Kampala Road',
  'Plot 45 Nkrumah Road',
  'Around 10:30 pm',
  'At 22:15 near the stage',
  '5 people were robbed',
  'About 20 boda bodas',
  'On 23/09/2026 near the market',
  'UGX 200,000 taken',
  'UGX 2,500,000 stolen',
  'Zone 8, Busega',
  'Km 12 on Jinja Road',
  'Room 101 of block 3',
  'No digits at all',
  '',
];

// Numbers dressed up to slip past a plain scanner: each must still go.
const digitsIn = (zero: number, text: string) =>
  text.replace(/[0-9]/g, (d) => String.fromCodePoint(zero + Number(d)));
const dodges: Array<[string, string, string]> = [
  ['zero-width non-joiner', 'call 0772\u200C123\u200C456 now', `call ${R} now`],
  ['zero-width joiner', 'call 0772\u200D123456', `call ${R}`],
  ['left-to-right mark', '0\u200E7\u200E7\u200E2\u200E123456', R],
  ['Mongolian vowel separator', '0772\u180E123\u180E456', R],
  ['combining grapheme joiner', '0772\u034F123\u034F456', R],
  ['Arabic letter mark', '0772\u061C123\u061C456', R],
  ['word joiner and soft hyphen', '0772\u2060123\u00AD456', R],
  ['variation selectors', '0\uFE0F772123456', R],
  ['commas', '0772,123,456', R],
  ['colons', '0772:123:456', R],
  ['semicolons', '0772;123;456', R],
  ['underscores', '0772_123_456', R],
  ['stars', '0772*123*456', R],
  ['hashes', '0772#123#456', R],
  ['apostrophes', "0772'123'456", R],
  ['quotes', '0772"123"456', R],
  ['tildes', '0772~123~456', R],
  ['pluses', '0772+123+456', R],
  ['braces', '{0772}{123}{456}', `{${R}}`],
  ['one dot leaders', '0772\u2024123\u2024456', R],
  ['middle dots', '0772\u00B7123\u00B7456', R],
  ['en dashes', '0772\u2013123\u2013456', R],
  ['full-width digits', 'call ０７７２１２３４５６', `call ${R}`],
  ['Arabic-Indic digits', `call ${digitsIn(0x660, '0772123456')}`, `call ${R}`],
  ['Persian digits', `call ${digitsIn(0x6f0, '0772 123 456')}`, `call ${R}`],
  ['Devanagari digits', digitsIn(0x966, '0772123456'), R],
  ['Bengali digits', digitsIn(0x9e6, '0772-123-456'), R],
  ['mathematical bold digits', digitsIn(0x1d7ce, '0772123456'), R],
  ['circled digits', '⓪⑦⑦② ①②③ ④⑤⑥', R],
  ['dingbat circled digits', '⓿❼❼❷ ❶❷❸ ❹❺❻', R],
  ['a right-to-left override', 'call \u202E654 321 2770\u202C now', `call ${R} now`],
  ['a right-to-left override to the end', 'namba \u202E654321277 0', `namba ${R}`],
  ['mixed tricks', '0\u200B7\u200C7\u200D2 ١٢٣·４５６', R],
  ['no leading 0', 'call 772 123 456', `call ${R}`],
  ['no leading 0, dashes', '772-123-456 anytime', `${R} anytime`],
  ['segmented digits', [...'0772123459'].map((d) => String.fromCodePoint(0x1fbf0 + Number(d))).join(''), R],
  ['dingbat digits whose values matter', '⓿❷❶❶ ❶❶❶ ❶❶❶', R],
  ['an override around a number written forwards', 'x \u202E0772123456\u202C', `x ${R}`],
  ['a palindrome under an override (found both ways, replaced once)', 'x \u202E0772112770\u202C', `x ${R}`],
  ['brackets around the whole number', '(0772123456)', `(${R})`],
  ['a trunk in brackets without a plus', 'call 256 (0) 772 123456', `call ${R}`],
  ['dots in an international number', '256.772.123.456', R],
  [
    'a coordinate elsewhere in the text',
    'At 0.3136, 32.5811 call 0772123456',
    `At 0.3136, 32.5811 call ${R}`,
  ],
  ['a foreign number first', '+1 415 555 2671 or 0772123456', `${R} or ${R}`],
  ['a foreign number after', '0772123456 or +1 415 555 2671', `${R} or ${R}`],
  ['a full-width letter O for the zero', 'call Ｏ772123456', `call ${R}`],
  ['a Cyrillic O for the zero', 'call \u041E772 123 456', `call ${R}`],
  ['a Greek o for the zero', 'call \u03BF772 123 456', `call ${R}`],
  ['a symbol NFKC spells with letters', '0772\u2121123\u2121456', R],
  ['a time-like pair inside the groups', 'call 0772 12:34 56', `call ${R}`],
  ['colons throughout', 'call 07:72:12:34:56', `call ${R}`],
  ['a leading-zero decimal', 'call 07.7212.3456', `call ${R}`],
  ['too many decimals for a coordinate', 'call 0.772123456', `call ${R}`],
  ['square brackets around groups', '[0772]-[123]-[456]', `[${R}]`],
  ['a closing bracket and a separator', '+256 (0)- 772 123 456', R],
  ['groups shown last first', '456 123 0772 at the stage', `${R} at the stage`],
  ['a landline written last first', '456 123 0414', R],
  ['a number, then one with its country code', '0701234567, +256 752 111 222', `${R}, ${R}`],
  ['a circled number for two digits', '0772⑫3456', R],
  ['a number form with a stop', '0772⒓3456', R],
  ['an O touching a digit on its left only', 'call 0772 123 45O', `call ${R}`],
  [
    'emoji between groups beside a coordinate',
    'At 0.3136, 32.5811 call 0772😀123😀456',
    `At 0.3136, 32.5811 call ${R}`,
  ],
  ['two numbers with nothing between', '0772123456+254712345678', `${R}${R}`],
  ['digits joined to a date before it', 'Gate 07 12/07/2026', `Gate ${R}`],
  ['digits joined to a date written year first', 'Gate 077 2026-7-12', `Gate ${R}`],
  ['digits joined to a time before it', 'Room 0772 12:30:45', `Room ${R}`],
  ['digits joined to a latitude before it', 'Pin 07721, 0.1234', `Pin ${R}`],
  ['a bracket opening the next group', '0772 - (123😀456', R],
  ['a plus opening the next group', '0772 - +123😀456', R],
  ['a time followed by digits', 'call 07:21 2345 67', `call ${R}`],
];

// Numbers that are not phone numbers, whatever their digits: they stay as written.
const kept = [
  'On 2026-09-23 at 22:15',
  'Coordinates 0.3136, 32.581',
  'At 1.0000, 35.0200, 4.9999, 29.0001',
  'At 0.3136,32.5811 and 0.3201, 32.5799',
  'Lat 0.313612 lng 32.581144',
  'UGX 700,000,000 lost',
  'UGX 250,000,000 and 3,400,000',
  'Receipt 12345678901234567890',
  'Serial 0772123456789',
  'Card 4111 1111 1111 1111',
  'On 12/07/2026 12:30 near the stage',
  'From 2026-09-23 22:15 to 23/09/2026 06:00',
  'At 0.3136 32.5811 and 1.2345, 33.4567',
  'Lat 4.1234 lng 35.0001',
  'Plate UAB 123X, and UBA 456Y',
  'Call 999 or 112, 999/112',
  'Room 101, No 5',
  // Dates and times that would spell a number if they were not kept (07 2026 12 30: 0720261230).
  '12/07/2026 12:30',
  '1/07/2026 12:30',
  '31/07/2026 12:30',
  '29/07/2026 12:30',
  '12-07-2026 12:30',
  '12.07.2026 12:30',
  '12/07/1999 12:30',
  '07/10/2026 12:30',
  '12/07/2026 21:30',
  '2026-07-09 12:30:45',
  '1999-07-31 12:30:45',
  '2026-07-29 12:30:45',
  '2026-7-09 12:30:45',
  // Coordinates that would spell a number (0 3136 3 2581, 0 3136 32 581).
  'Seen at 0.3136 3.2581',
  'Coordinates 0.3136, 32.581',
  'At 1.0000, 35.0200, 4.9999, 29.0001',
  'Km 0772 ab 123456',
  // Past three characters between groups, or a letter inside a word, nothing joins.
  'Km 0772ab123456',
  '0772 😀😀 123😀456',
  '0772 - )123😀456',
  'Plot 7721 block 23',
  'Plots 12, 14 and 16',
  '2019-2026 many robberies',
  'Km 772 on the highway',
];

describe('redactPhoneNumbers against dodges', () => {
  for (const [how, input, expected] of dodges) {
    it(`removes a number written with ${how}`, () => {
      assert.equal(redactPhoneNumbers(input), expected);
    });
  }
  for (const input of kept) {
    it(`keeps ${JSON.stringify(input)}`, () => {
      assert.equal(redactPhoneNumbers(input), input);
    });
  }
  it('reads an override only where it applies', () => {
    assert.equal(redactPhoneNumbers('x \u202E654 321\u202C 2770'), 'x 654 321 2770');
  });
  it('uses the marker docs/api.md names', () => assert.equal(REDACTED, '[removed]'));
  it('reads an O standing alone as the word for zero', () => {
    assert.equal(redactPhoneNumbers('call O 772 123 456'), `call ${R}`);
  });
  it('strips invisible characters between emoji, keeping only a joiner that joins two', () => {
    assert.equal(stripInvisible('👍\u200B👍'), '👍👍');
    assert.equal(stripInvisible('👍x\u200D👍'), '👍x👍');
    assert.equal(stripInvisible('👍\u200Dx👍'), '👍x👍');
    assert.equal(stripInvisible('👍\uFE0F\u200D👍'), '👍\uFE0F\u200D👍');
  });
  it('keeps invisible characters outside numbers (emoji joiners) and drops bidi overrides', () => {
    assert.equal(redactPhoneNumbers('Dark 👨\u200D👩\u200D👧 path'), 'Dark 👨\u200D👩\u200D👧 path');
    assert.equal(redactPhoneNumbers('Dark \u202Ehtap\u202C here'), 'Dark htap here');
  });
});

describe('redactPhoneNumbers', () => {
  for (const [input, expected] of redacted) {
    it(`removes the number in ${JSON.stringify(input)}`, () => {
      assert.equal(redactPhoneNumbers(input), expected);
    });
  }
  for (const input of untouched) {
    it(`keeps ${JSON.stringify(input)}`, () => {
      assert.equal(redactPhoneNumbers(input), input);
    });
  }
  it('never makes text longer than a number it replaced', () => {
    for (const [input] of redacted)
      assert.ok(redactPhoneNumbers(input).length <= input.length, `longer: ${redactPhoneNumbers(input)}`);
  });
});
