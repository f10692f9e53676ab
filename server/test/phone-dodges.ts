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

/**
 * A number (0772 123 456) spelled out in words, letters written for digits and connecting words, as
 * an earlier redaction let through: what each is, and the number as written (reports say it as
 * `Call <number> tonight`). The unit tests and the Chromium attack use the same list.
 */
export const SPELLED_DODGES: ReadonlyArray<readonly [string, string]> = [
  ['English words', 'zero seven seven two one two three four five six'],
  ['English words in capitals', 'ZERO SEVEN SEVEN TWO ONE TWO THREE FOUR FIVE SIX'],
  ['plus and the country code in words', 'plus two five six seven seven two one two three four five six'],
  ['Luganda words', 'zero musanvu musanvu bbiri emu bbiri ssatu nnya ttaano mukaaga'],
  ['Kiswahili words', 'sifuri saba saba mbili moja mbili tatu nne tano sita'],
  ['words and digits mixed', '077two 123 four56'],
  ['l for 1', '0772 l23 456'],
  ['I for 1', '0772 I23 456'],
  ['S for 5', '0772 123 4S6'],
  ['B for 8', '07B2 123 456'],
  ['Z for 2', '077Z 123 456'],
  ['G for 6', '0772 123 45G'],
  ['connecting words between groups', '0772 then 123 then 456'],
  ['double and oh', 'oh double seven two, one two three, four five six'],
  ['Kiswahili connecting words', '0772 kisha 123 na 456'],
];

/**
 * A number split across a spot's title, area and description, as the page shows them in turn, and
 * the pieces of the number each holds.
 */
export const SPLIT_DODGES: ReadonlyArray<{
  title: string;
  area: string;
  description: string;
  pieces: string[];
}> = [
  {
    title: 'Ask the boda man on 0772',
    area: '',
    description: '123 456 after dark',
    pieces: ['0772', '123 456'],
  },
  {
    title: 'Boda man 0772 123',
    area: '456 stage',
    description: 'He knows the thieves',
    pieces: ['0772 123', '456'],
  },
  {
    title: 'Call zero seven seven two',
    area: 'Kalerwe',
    description: 'one two three four five six',
    pieces: ['zero seven seven two', 'one two three four five six'],
  },
];
