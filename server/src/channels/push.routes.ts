import type { FastifyInstance } from 'fastify';
import { pushInfoResponse, pushWatchesResponse, pushWatchResponse } from '../../../common/api.ts';
import type { Deps } from '../deps.ts';
import { crossSite, empty, error, json, named, type TypedApp, tooMany, typed } from '../http/api-schema.ts';
import { HttpError } from '../http/errors.ts';
import type { PolicyName } from '../limits/policies.ts';
import { consumeDuringRequest } from '../limits/rate-limit-http.ts';
import { ALERT_RULES } from './alerts.ts';
import { pushEndpointInput, pushWatchInput, pushWatchParams } from './push.schema.ts';
import { addPushWatch, forgetPush, listPushWatches, MAX_PUSH_WATCHES, removePushWatch } from './push.ts';

const badInput = error('Bad body, or an endpoint that is not a known browser push service');
/** Watches are kept per subscription, not per visitor: no read or write here changes public data. */
const write = {
  rateLimit: ['push_watch' as const, 'push_watch_network' as const],
  sameSiteOnly: true,
  publicDataUnchanged: true,
};

/** What a subscription not seen before also counts against: its wide network's and the site's. */
const NEW_SUBSCRIPTION: PolicyName[] = ['push_subscription_wide', 'push_subscription_site'];

/**
 * Web Push alerts for the web page (extensions; docs/channels.md, "Push alerts"). A subscription is
 * named by its endpoint, which only the browser and its push service know: it is sent in the body,
 * never in an address, and nothing here answers with another subscription's data.
 */
export function registerPushRoutes(app: FastifyInstance, deps: Deps): void {
  const api = typed(app);
  const push = deps.channels.push;

  api.get(
    '/api/push',
    {
      schema: {
        summary: 'What push alerts need and promise (extension)',
        description:
          "The site's key to subscribe with (applicationServerKey), and the alerts' rules: how many a day, " +
          'how many places or trips one subscription may watch, the radius allowed, and the least severity ' +
          'that alerts. Cacheable for an hour.',
        tags: ['alerts'],
        response: { 200: json("The site's push key and the alerts' rules", pushInfoResponse) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return {
        public_key: push.publicKey,
        per_day: ALERT_RULES.perNumberPerDay,
        max_watches: MAX_PUSH_WATCHES,
        radius_m: { min: ALERT_RULES.minRadiusM, max: ALERT_RULES.maxRadiusM, default: ALERT_RULES.radiusM },
        min_severity: ALERT_RULES.minSeverity,
      };
    },
  );

  api.post(
    '/api/push/watches',
    {
      config: { ...write, alsoLimitedBy: NEW_SUBSCRIPTION },
      schema: {
        summary: 'Watch a place or a trip by push (extension)',
        description:
          `New public dangers of severity ${ALERT_RULES.minSeverity} or more within radius_m of the place (a trip: ` +
          `of the way the route check finds between place and to), at the hours given, are sent to the ` +
          `subscription as notifications: at most ${ALERT_RULES.perNumberPerDay} a day, none at night unless ` +
          `the hours say so or it is a killing. Watching a place already watched renews it. At most ` +
          `${MAX_PUSH_WATCHES} places per subscription. The endpoint must belong to a browser push service ` +
          '(PUSH_SERVICES). A subscription not seen before also counts against the new subscriptions of its ' +
          'wide network and of the whole site. Refused (403) from pages on other sites.',
        tags: ['alerts'],
        body: named(pushWatchInput, 'pushWatch'),
        response: {
          201: json('Watched', pushWatchResponse),
          400: badInput,
          403: crossSite,
          409: error(`The subscription already watches ${MAX_PUSH_WATCHES} places`),
          429: tooMany,
          502: error('A trip: no way was found between its places'),
        },
      },
    },
    async (request, reply) => {
      const spendNew = () =>
        consumeDuringRequest(deps.limiter, request, reply, NEW_SUBSCRIPTION, deps.identify(request));
      return reply.code(201).send({ watch: await addPushWatch(deps, request.body, spendNew) });
    },
  );
  registerPushWatchRoutes(api, deps);
}

/** A browser's watches listed and ended, and its subscription forgotten. */
function registerPushWatchRoutes(api: TypedApp, deps: Deps): void {
  api.post(
    '/api/push/watches/list',
    {
      config: write,
      schema: {
        summary: "A subscription's watches (extension)",
        description:
          'POST, so that the endpoint (a secret of the browser) never appears in an address or a log.',
        tags: ['alerts'],
        body: pushEndpointInput,
        response: {
          200: json('Its watches, oldest first', pushWatchesResponse),
          400: badInput,
          403: crossSite,
          429: tooMany,
        },
      },
    },
    async (request) => ({ watches: await listPushWatches(deps, request.body.endpoint) }),
  );

  api.delete(
    '/api/push/watches/:id',
    {
      config: write,
      schema: {
        summary: 'Stop one watch (extension)',
        description: 'With its last watch the subscription is deleted too.',
        tags: ['alerts'],
        params: pushWatchParams,
        body: pushEndpointInput,
        response: {
          204: empty('Stopped'),
          400: badInput,
          403: crossSite,
          404: error('No such watch of this subscription'),
          429: tooMany,
        },
      },
    },
    async (request, reply) => {
      if (!(await removePushWatch(deps, request.body.endpoint, request.params.id)))
        throw new HttpError(404, 'No such watch of this subscription');
      return reply.code(204).send();
    },
  );

  api.delete(
    '/api/push/subscription',
    {
      config: write,
      schema: {
        summary: 'Stop all push alerts (extension)',
        description:
          'The subscription, its watches and its alerts not yet sent are deleted. Unknown: also 204.',
        tags: ['alerts'],
        body: pushEndpointInput,
        response: { 204: empty('Stopped and deleted'), 400: badInput, 403: crossSite, 429: tooMany },
      },
    },
    async (request, reply) => {
      await forgetPush(deps, request.body.endpoint);
      return reply.code(204).send();
    },
  );
}
