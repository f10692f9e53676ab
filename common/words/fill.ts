/**
 * The one interpolation of every dictionary (the page's, the share pages' and the phone channels'):
 * `{name}` is replaced by its value; a name without a value stays as written, so a missing value
 * shows instead of vanishing.
 */
export function fill(text: string, vars: Record<string, string | number | undefined>): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (vars[name] === undefined ? m : String(vars[name])));
}

const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * The key of `key`'s form for the count `n` in `lang` (its plural rules, from Intl; CLDR gives
 * English, Luganda and Swahili "one" and "other"): `key.one` where the dictionary has that form and
 * the rules say "one", else `key` itself.
 */
export function pluralKey<K extends string>(lang: string, key: K, n: number, has: (k: string) => k is K): K {
  const rules = pluralRules.get(lang) ?? new Intl.PluralRules(lang);
  pluralRules.set(lang, rules);
  const form = `${key}.${rules.select(n)}`;
  return has(form) ? form : key;
}
