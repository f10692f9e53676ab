import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../deps.ts';
import { error, media, typed } from '../http/api-schema.ts';
import { eventsHeaders, eventsQuery } from './events.schema.ts';

/** The headers of a stream: never cached or buffered on the way, never compressed whole. */
const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
  connection: 'keep-alive',
};

/**
 * Serves a stream: its headers, then what `open` writes (the hub's) until the client goes. The
 * reply is taken from Fastify, which would otherwise end it.
 */
export async function serveStream(
  reply: FastifyReply,
  open: (target: FastifyReply['raw']) => Promise<() => void>,
): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, STREAM_HEADERS);
  const close = await open(res);
  res.on('close', close);
  if (res.destroyed) close();
}

export function registerEventRoutes(app: FastifyInstance, deps: Deps): void {
  // Open streams would hold the server's close until its grace ends: they end first.
  app.addHook('preClose', () => deps.events.close());
  typed(app).get(
    '/api/events',
    {
      config: { rateLimit: ['read', 'read_network'], shed: () => deps.events.full() },
      schema: {
        summary: 'Live changes of public spots (Server-Sent Events)',
        description:
          'Events spot.published, spot.changed, spot.hidden and spot.archived, each with an id; ' +
          'a reconnect with Last-Event-ID gets what it missed first, or an event reload when that is ' +
          'no longer kept (docs/api.md, "Live changes").',
        tags: ['spots'],
        querystring: eventsQuery,
        headers: eventsHeaders,
        response: {
          200: media('A stream of events', 'text/event-stream'),
          400: error('Invalid bbox or Last-Event-ID (with issues)'),
          503: error('Too many streams are open, site-wide or from the network (with Retry-After)'),
        },
      },
    },
    async (request, reply) => {
      const network = deps.identify(request).wideNetwork;
      const refusal = deps.events.refusal(network);
      if (refusal) throw refusal;
      const { bbox, last_event_id } = request.query;
      await serveStream(reply, (res) =>
        deps.events.open(res, network, bbox, request.headers['last-event-id'] ?? last_event_id),
      );
    },
  );
}
