import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * Control characters have no place in an address, a query or a field of ours, and PostgreSQL
 * refuses NUL in text outright: they are answered with a 400 before anything reads them, never a
 * 500 from deep inside. In body strings tab, line feed and carriage return are allowed (a
 * description may have lines); in addresses nothing below U+0020, nor DEL.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const IN_ADDRESS = /[\u0000-\u001F\u007F]|%(?:[01][0-9a-f]|7f)/i;

/** The path (keys and indexes) of the first string or key in `value` that holds a control character. */
export function controlCharacterAt(
  value: unknown,
  path: Array<string | number> = [],
): Array<string | number> | undefined {
  if (typeof value === 'string') return IN_TEXT.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterAt(value[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (IN_TEXT.test(key)) return [...path, key];
      const found = controlCharacterAt(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

export function bodyControlCharacterError(path: Array<string | number>): HttpError {
  return new HttpError(400, 'The request contains control characters', [
    { code: 'control_character', path, message: 'Control characters are not allowed here' },
  ]);
}

/** Refuses an address (path or query) holding a control character, raw or percent-encoded. */
export function registerAddressCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (IN_ADDRESS.test(request.url)) throw new HttpError(400, 'The address contains control characters');
  });
}
