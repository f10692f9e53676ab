/**
 * Laying out a USSD screen: lines joined, lists shortened or cut into pages so that everything fits
 * the gateway's 182 characters. Undefined and empty lines are left out.
 */

/** What one screen may hold (the gateway's limit). */
export const SCREEN_CHARS = 182;

export interface Screen {
  end: boolean;
  text: string;
}

export const join = (lines: (string | undefined)[]) =>
  lines.filter((l) => l !== undefined && l !== '').join('\n');

/** How many of `items` fit on a screen between `head` and `foot`. */
export function fitting(head: (string | undefined)[], items: string[], foot: string[]): number {
  let n = 0;
  while (n < items.length && join([...head, ...items.slice(0, n + 1), ...foot]).length <= SCREEN_CHARS) n++;
  return n;
}

/**
 * Head, items and foot on one screen: each item is shortened alike until all fit (a place list, a
 * long spot title). With `shrinkLast`, only the last items give way.
 */
export function fitList(
  head: (string | undefined)[],
  items: string[],
  foot: string[],
  shrinkLast = false,
): (string | undefined)[] {
  const room = SCREEN_CHARS - join([...head, ...foot]).length - items.length;
  const out = [...items];
  if (shrinkLast) {
    for (let i = out.length - 1; i >= 0 && join([...head, ...out, ...foot]).length > SCREEN_CHARS; i--) {
      const over = join([...head, ...out, ...foot]).length - SCREEN_CHARS;
      const item = out[i] as string;
      out[i] = item.length - over - 2 > 8 ? `${item.slice(0, item.length - over - 2)}..` : item.slice(0, 8);
    }
  } else {
    const each = Math.floor(room / Math.max(1, items.length));
    for (let i = 0; i < out.length; i++) {
      const item = out[i] as string;
      if (item.length > each) out[i] = `${item.slice(0, Math.max(4, each - 2))}..`;
    }
  }
  return [...head, ...out, ...foot];
}

const cut = (text: string) => (text.length > SCREEN_CHARS ? text.slice(0, SCREEN_CHARS) : text);
export const con = (lines: (string | undefined)[]): Screen => ({ end: false, text: cut(join(lines)) });
export const end = (lines: (string | undefined)[]): Screen => ({ end: true, text: cut(join(lines)) });
