import fc from 'fast-check';

/** Generators of phone numbers and of texts that are none, shared by the redaction's property tests. */

export const digit = fc.integer({ min: 0, max: 9 }).map(String);
export const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(''));

/** A Ugandan number's national significant part: a mobile (7x) or a landline (3x, 4x) and 7 digits. */
export const subscriber = fc
  .tuple(fc.constantFrom('70', '71', '72', '74', '75', '76', '77', '78', '79', '39', '41', '31'), digits(7))
  .map(([prefix, rest]) => prefix + rest);

/** How the number is split into groups, as people write it. */
export const SPLITS: number[][] = [[3, 3, 3], [3, 6], [9], [2, 3, 4], [1, 4, 4], [3, 2, 2, 2]];
export const split = (s: string, sizes: number[]) => {
  const out: string[] = [];
  let at = 0;
  for (const n of sizes) {
    out.push(s.slice(at, at + n));
    at += n;
  }
  return out;
};

const day = fc.integer({ min: 1, max: 28 });
const month = fc.integer({ min: 1, max: 12 });
const year = fc.integer({ min: 1990, max: 2030 });
const pad = (n: number) => String(n).padStart(2, '0');
/** What is not a phone number: dates, times, amounts, coordinates, plates, plot numbers and 999/112. */
export const kept = fc.oneof(
  fc
    .tuple(day, month, year, fc.constantFrom('/', '-', '.'))
    .map(([d, m, y, s]) => `${pad(d)}${s}${pad(m)}${s}${y}`),
  fc.tuple(day, month, year).map(([d, m, y]) => `${y}-${pad(m)}-${pad(d)}`),
  fc
    .tuple(day, month, year, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([d, m, y, h, min]) => `${pad(d)}/${pad(m)}/${y} ${pad(h)}:${pad(min)}`),
  fc.integer({ min: 1, max: 999 }).map((k) => `UGX ${k},000,000`),
  fc
    .tuple(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 295_000, max: 351_000 }))
    .map(([lat, lng]) => `${(lat / 10_000).toFixed(4)}, ${(lng / 10_000).toFixed(4)}`),
  fc
    .tuple(
      fc.constantFrom('UAB', 'UBA', 'UAZ', 'UG'),
      fc.integer({ min: 100, max: 999 }),
      fc.constantFrom('X', 'K', 'Y'),
    )
    .map(([a, n, b]) => `${a} ${n}${b}`),
  fc.integer({ min: 1, max: 99_999 }).map((n) => `Plot ${n}`),
  fc.constantFrom('call 999', 'or 112', '999/112', 'dial 999 or 112'),
);
