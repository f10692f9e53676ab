import type { FastifyReply } from 'fastify';

/**
 * Aborted when the asker goes before its answer leaves (the phone closed the connection: a newer
 * keystroke, a tab closed, a proxy giving up), so work done only for that answer can be skipped.
 */
export function abandonedSignal(reply: FastifyReply): AbortSignal {
  const abandoned = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) abandoned.abort();
  });
  return abandoned.signal;
}
