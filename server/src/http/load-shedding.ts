import type { FastifyInstance } from 'fastify';
import type { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The refusal to send at once, before the request is identified or counted, while the work it
     * asks for has no room (a full queue); undefined when there is room.
     */
    shed?: () => HttpError | undefined;
  }
}

/**
 * Requests for work that has no room are refused first of all, before they cost an identity, a
 * counter round trip or a body: under 100 connections checking routes, refusals were most of the
 * requests, and their identity and counting took the CPU the admitted checks needed. The handler
 * still refuses when room runs out later (between this check and its turn).
 */
export function registerLoadShedding(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const refusal = request.routeOptions.config.shed?.();
    if (refusal) throw refusal;
  });
}
