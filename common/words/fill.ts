/**
 * The one interpolation of every dictionary (the page's, the share pages' and the phone channels'):
 * `{name}` is replaced by its value; a name without a value stays as written, so a missing value
 * shows instead of vanishing.
 */
export function fill(text: string, vars: Record<string, string | number | undefined>): string {
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (vars[name] === undefined ? m : String(vars[name])));
}
