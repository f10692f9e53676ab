import type { FastifyReply, FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';

/**
 * The fields of an error worth logging. Not all of them: some libraries hang whole objects on their
 * errors (pg puts its client, connection settings and all, on a pool error), which must stay out.
 */
const ERROR_FIELDS = [
  'type',
  'message',
  'stack',
  'code',
  'errno',
  'syscall',
  'severity',
  'routine',
  'reason',
  'statusCode',
];

function serializeError(err: Error): Record<string, unknown> {
  const full = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  return Object.fromEntries(ERROR_FIELDS.filter((k) => full[k] !== undefined).map((k) => [k, full[k]]));
}

/** The path without its query, and without the secret segment of the channels' callback paths. */
const pathOnly = (url: string) =>
  (url.split('?', 1)[0] as string).replace(/^(\/api\/channels\/\w+\/)[^/]*/, '$1[secret]');

/**
 * Structured logs with no client address: requests are logged by method, path and id only
 * (Fastify's default request serializer would add remoteAddress, which we never log). The query
 * string stays out too: it holds a route check's start and end (often someone's home) and what a
 * visitor searched for.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
        req: (req: FastifyRequest) => ({ id: req.id, method: req.method, url: pathOnly(req.url) }),
        res: (res: FastifyReply) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
    },
    destination,
  );
}
