import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/**
 * Sends a JSON body with a validator, so a phone that already holds this answer gets an empty 304
 * instead of the whole list again. Clients must revalidate (no-cache) because spots change.
 */
export function sendJsonWithEtag(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const body = JSON.stringify(payload);
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('ETag', etag).header('Cache-Control', 'no-cache');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}
