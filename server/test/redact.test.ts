import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REDACTED, redactPhoneNumbers } from '../src/spots/redact.ts';

const R = REDACTED;

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
    for (const [input] of redacted) assert.ok(redactPhoneNumbers(input).length <= input.length);
  });
});
