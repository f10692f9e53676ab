import { useEffect, useState } from 'preact/hooks';
import { LANGUAGE_NAMES, type Lang } from '../../../common/region.ts';
import { en, type StringKey } from '../../../common/words/en.ts';
import { fill, pluralKey } from '../../../common/words/fill.ts';

export type { StringKey };

import { lg } from '../../../common/words/lg.ts';
import { sw } from '../../../common/words/sw.ts';

/** English, Luganda and Swahili (the region offers some of them). Every string the pages show goes through `t`. */
export type { Lang };

const dictionaries: Record<Lang, Partial<Record<StringKey, string>>> = { en, lg, sw };

const STORAGE_KEY = 'hatari.lang';
const isLang = (v: unknown): v is Lang => typeof v === 'string' && v in LANGUAGE_NAMES;

function initialLang(): Lang {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLang(saved)) return saved;
  } catch {
    // storage blocked: fall through to the browser's language
  }
  const browser = (navigator.language || 'en').slice(0, 2);
  return isLang(browser) ? browser : 'en';
}

let current: Lang = initialLang();
const listeners = new Set<(l: Lang) => void>();
document.documentElement.lang = current;

export const currentLang = () => current;

export function setLang(lang: Lang) {
  current = lang;
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // not remembered, still switched
  }
  for (const l of listeners) l(lang);
}

/** Re-renders the calling component when the language changes. */
export function useLang(): Lang {
  const [lang, set] = useState(current);
  useEffect(() => {
    listeners.add(set);
    return () => void listeners.delete(set);
  }, []);
  return lang;
}

/** Whether the pages have words for `key` (for names built from data, like a log's action). */
export const hasString = (key: string): key is StringKey => key in en;

/** `key` in the form the current language gives the count `n` (`key.one`, …), with `{n}` filled. */
export const tn = (key: StringKey, n: number, vars: Record<string, string | number> = {}): string =>
  t(pluralKey(current, key, n, hasString), { ...vars, n });

/** The string for `key` in the current language (English where a translation is missing). */
export function t(key: StringKey, vars?: Record<string, string | number>): string {
  const text = dictionaries[current][key] ?? en[key];
  return vars ? fill(text, vars) : text;
}
