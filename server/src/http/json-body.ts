import type { FastifyInstance } from 'fastify';
import { bodyControlCharacterError, controlCharacterAt } from './bad-bytes.ts';
import { HttpError } from './errors.ts';

/**
 * Request bodies are read as JSON whatever Content-Type the client sent (as the service we stay
 * compatible with did), so a plain `fetch(url, {method: 'POST', body})` works. Routes that need a
 * JSON content type as a CSRF guard (moderator calls) check the header themselves.
 * `__proto__` and `constructor.prototype` keys are dropped, never merged. A string or key holding a
 * control character (bad-bytes.ts) is a 400 naming where it is.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('remove', 'remove');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (err, value) => {
      if (err) {
        done(
          new HttpError(400, 'Malformed JSON body', [
            { code: 'invalid_json', path: [], message: 'The request body is not valid JSON' },
          ]),
          undefined,
        );
      } else {
        const at = controlCharacterAt(value);
        done(at ? bodyControlCharacterError(at) : null, at ? undefined : value);
      }
    });
  });
}
