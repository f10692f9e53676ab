/**
 * Separators people (and attackers) have put between the groups of a phone number that an earlier
 * redaction let through: ASCII punctuation and symbols, a letter x, an emoji, and Unicode's dots,
 * slashes, dashes, stops and lines. The unit tests and the Chromium attack use the same list.
 */
export const DODGE_SEPARATORS = [
  ...'|\\=&<>[!?@$%^`x',
  '😀',
  '\u2800',
  '\u2044',
  '\u2215',
  '\u3002',
  '\u30FB',
  '\u2219',
  '\u22C5',
  '\u2027',
  '\u2E3A',
  '\u1806',
  '\u058A',
  '\u05BE',
  '\u301C',
  '\u066B',
  '\u060C',
  '\u066C',
  '\u2500',
  '->',
];
