import type { FastifyInstance } from 'fastify';
import { bodyControlCharacterError, controlCharacterAt } from './bad-bytes.ts';
import { HttpError } from './errors.ts';

/**
 * Whether a body that is not JSON was also not meant as JSON: sent as a form, a multipart upload,
 * XML or another type that is neither JSON nor plain text (nor unnamed). That is 415; a body meant as
 * JSON that does not parse stays the spec's 400.
 */
function sentAsOther(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return type !== '' && type !== 'text/plain' && type !== 'application/json' && !type.endsWith('+json');
}

/**
 * Request bodies are read as JSON whatever Content-Type the client sent (as the service we stay
 * compatible with did), so a plain `fetch(url, {method: 'POST', body})` works, as does `curl -d`
 * with its form type; a body that is not JSON and was sent as another type is 415. Routes that need a
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
          sentAsOther(request.headers['content-type'])
            ? new HttpError(415, 'Send the body as JSON (Content-Type: application/json)', [
                {
                  code: 'unsupported_media_type',
                  path: [],
                  message: `A ${request.headers['content-type']?.split(';')[0]} body is not read: send JSON`,
                },
              ])
            : new HttpError(400, 'Malformed JSON body', [
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
