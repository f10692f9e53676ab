import type { FastifyReply, FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';

/**
 * Structured logs with no client address: requests are logged by method, path and id only
 * (Fastify's default request serializer would add remoteAddress, which we never log).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
        req: (req: FastifyRequest) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: FastifyReply) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
