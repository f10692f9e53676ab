import { region } from '../../../common/region.ts';

/** The words and letters spots/number-words.ts reads as digits. */

/** Letters written for digits: l and I for 1, Z for 2, S for 5, G and b for 6, B for 8, g and q for 9. */
export const LOOKALIKES: Readonly<Record<string, string>> = {
  l: '1',
  I: '1',
  Z: '2',
  z: '2',
  S: '5',
  s: '5',
  G: '6',
  b: '6',
  B: '8',
  g: '9',
  q: '9',
};
export interface Vocabulary {
  /** Word → its digit. */
  digits: Map<string, string>;
  /** Any number word, longest first, in any case (sticky: it matches where `lastIndex` is). */
  word: RegExp;
  /** A repeating phrase's words, and how it repeats. */
  repeats: Array<{ words: string[]; times: number; after: boolean }>;
  plus: Set<string>;
  connectors: Set<string>;
}

/**
 * The region's number words, made once per region's word list (useRegion may change the region, in
 * tests). Made at each read, making them took a sixth of the stored text's redaction in a profile
 * (bench/NOTES.md, 2026-12-02).
 */
const vocabularies = new WeakMap<object, Vocabulary>();
export function vocabulary(): Vocabulary {
  const languages = region().numberWords;
  let v = vocabularies.get(languages);
  if (!v) {
    v = makeVocabulary(languages);
    vocabularies.set(languages, v);
  }
  return v;
}

function makeVocabulary(languages: ReturnType<typeof region>['numberWords']): Vocabulary {
  const digits = new Map<string, string>();
  for (const lang of languages)
    lang.digits.forEach((words, d) => {
      for (const w of words) digits.set(w, String(d));
    });
  const words = [...digits.keys()].sort((a, b) => b.length - a.length);
  return {
    digits,
    // Words are lower-case letters (region-file.ts checks a region's own): nothing to escape.
    word: new RegExp(words.join('|'), 'iuy'),
    repeats: languages.flatMap((l) =>
      l.repeats.map((r) => ({ words: r.words.split(' '), times: r.times, after: r.after ?? false })),
    ),
    plus: new Set(languages.flatMap((l) => l.plus)),
    connectors: new Set(languages.flatMap((l) => l.connectors)),
  };
}
