import type { FastifyInstance } from 'fastify';
import { partnerWebhooks } from '../channels/index.ts';
import type { Deps } from '../deps.ts';
import { empty, error, json, typed } from '../http/api-schema.ts';
import { addWebhook, removeWebhook } from './admin.service.ts';
import { actorOf, requireRole } from './guard.ts';
import { authErrors } from './mod-spots.routes.ts';
import { webhookCreate, webhookParams, webhookResponse, webhooksResponse } from './moderation.schema.ts';

/** Partners' webhooks (docs/api.md, "Webhooks"): admins register and remove them. */
export function registerWebhookRoutes(app: FastifyInstance, deps: Deps): void {
  const api = typed(app);
  const admin = requireRole(deps, 'admin');

  api.get(
    '/api/mod/webhooks',
    {
      ...admin,
      schema: {
        summary: "Partners' webhooks (admins)",
        description:
          'Each with its events, its last delivery attempt and the deliveries still waiting; never the secret.',
        tags: ['moderators'],
        response: { 200: json('Webhooks', webhooksResponse), ...authErrors },
      },
    },
    () => partnerWebhooks(deps.db),
  );
  api.post(
    '/api/mod/webhooks',
    {
      ...admin,
      schema: {
        summary: 'Register a webhook (admins)',
        description:
          'New public, verified and archived spots are POSTed to the URL as JSON, signed with the secret ' +
          '(Hatari-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">), retried with back-off for a day.',
        tags: ['moderators'],
        body: webhookCreate,
        response: {
          201: json('Registered', webhookResponse),
          400: error('Invalid URL, secret or events'),
          409: error('Too many webhooks'),
          ...authErrors,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await addWebhook(deps.db, actorOf(request), request.body)),
  );
  api.delete(
    '/api/mod/webhooks/:id',
    {
      ...admin,
      schema: {
        summary: 'Remove a webhook (admins)',
        description: 'Its waiting deliveries are dropped.',
        tags: ['moderators'],
        params: webhookParams,
        response: {
          204: empty('Removed'),
          400: error('Bad id'),
          404: error('No such webhook'),
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      await removeWebhook(deps.db, actorOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
