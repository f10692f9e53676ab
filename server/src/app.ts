import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { registerBasemapRoutes } from './basemap/basemap.routes.ts';
import { registerChannelRoutes } from './channels/channels.routes.ts';
import { outboxBacklog } from './channels/index.ts';
import { registerPushRoutes } from './channels/push.routes.ts';
import { registerCommunityRoutes } from './community/community.routes.ts';
import { type Deps, publicDataChanged } from './deps.ts';
import { registerEventRoutes } from './events/events.routes.ts';
import { registerFeedRoutes } from './feeds/feeds.routes.ts';
import { registerHealthRoutes } from './health/health.routes.ts';
import { registerApiSchemas } from './http/api-schema.ts';
import { registerAddressCheck } from './http/bad-bytes.ts';
import { ANSWER_BROTLI_QUALITY } from './http/encoded-body.ts';
import { registerErrorHandling } from './http/errors.ts';
import { FrontAnswers } from './http/front-answers.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerLoadShedding } from './http/load-shedding.ts';
import { OneLinePerRequest } from './http/logger.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerCacheInvalidation } from './http/public-cache.ts';
import { registerSameSiteWrites } from './http/same-site.ts';
import { securityHeaders } from './http/security-headers.ts';
import { registerDeviceRoutes } from './identity/device.routes.ts';
import { trustFunction } from './identity/identify.ts';
import { registerRateLimits } from './limits/rate-limit-http.ts';
import { registerAdminRoutes } from './moderation/admin.routes.ts';
import { registerAuthRoutes } from './moderation/auth.routes.ts';
import { registerBurstRoutes } from './moderation/bursts.routes.ts';
import { decisionTimes } from './moderation/bursts.service.ts';
import { registerModEventRoutes } from './moderation/mod-events.routes.ts';
import { registerModSpotRoutes } from './moderation/mod-spots.routes.ts';
import { registerNetworkRoutes } from './moderation/networks.routes.ts';
import { registerOnCallRoutes } from './moderation/on-call.routes.ts';
import { registerTwoFactorRoutes } from './moderation/two-factor.routes.ts';
import { registerWebhookRoutes } from './moderation/webhooks.routes.ts';
import { registerOgcRoutes } from './ogc/ogc.routes.ts';
import { registerPageRoutes, shareCardsWaiting } from './page/page.routes.ts';
import { registerRouteRoutes } from './routing/route.routes.ts';
import { registerSearchRoutes } from './search/search.routes.ts';
import { liveExportsWaiting, registerExportRoutes } from './spots/export.routes.ts';
import { registerSpotRoutes } from './spots/spots.routes.ts';
import { registerTileRoutes } from './spots/tiles.routes.ts';
import { registerStatsRoutes } from './stats/stats.routes.ts';

/** Bodies are small (a report is under 2 KB); anything larger is refused with a JSON 413. */
const BODY_LIMIT = 64 * 1024;

/**
 * What a connection may cost. A request must arrive whole within 30 s (a body sent a byte at a time
 * is cut off then: 408), its headers within 10 s; Node checks these every second. An idle
 * keep-alive connection is closed after 65 s, just above nginx's 60 s for its upstream connections
 * (closing first would race nginx reusing one and turn a POST into a 502), a silent socket after
 * 75 s. Past maxConnections open sockets, new ones are refused at once, so a flood of slow clients
 * cannot exhaust file descriptors.
 */
export const CONNECTION_LIMITS = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 65_000,
  idleSocketTimeoutMs: 75_000,
  maxConnections: 10_000,
} as const;

/** What /metrics reads when scraped (http/metrics.ts). */
const metricSources = (deps: Deps) => ({
  token: deps.config.metricsToken,
  outbox: () => outboxBacklog(deps.db),
  decisions: () => decisionTimes(deps.db, deps.clock.now()),
  gauges: {
    working: () => deps.worker.working,
    readsWaiting: () => deps.readGate.waiting,
    routeChecksWaiting: () => deps.routePlanner.checksWaiting,
    exportsWaiting: liveExportsWaiting,
    cardsWaiting: shareCardsWaiting,
    dbWaiting: () => deps.db.waitingForConnection(),
    cache: () => deps.publicCache,
  },
});

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const withSecurityHeaders = securityHeaders({ tileUrl: deps.config.tileUrl });
  const trust = trustFunction(deps.config.trustProxy);
  const front = new FrontAnswers({ ...deps, trust });
  const app = Fastify({
    serverFactory: front.serverFactory,
    loggerInstance: deps.log,
    // One line per request, as it leaves, not one in and one out.
    logController: new OneLinePerRequest(),
    trustProxy: trust,
    bodyLimit: BODY_LIMIT,
    requestTimeout: CONNECTION_LIMITS.requestTimeoutMs,
    keepAliveTimeout: CONNECTION_LIMITS.keepAliveTimeoutMs,
    connectionTimeout: CONNECTION_LIMITS.idleSocketTimeoutMs,
    http: { headersTimeout: CONNECTION_LIMITS.headersTimeoutMs, connectionsCheckingInterval: 1_000 },
    // Request ids only correlate log lines; they carry nothing about the client.
    requestIdHeader: false,
    // Addresses the router refuses before any route (a path segment over 100 characters, broken
    // percent-encoding) get the same JSON error as the rest, not Fastify's own shape.
    // Such replies skip the hooks, so the security headers are set here too.
    frameworkErrors: (err, request, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      withSecurityHeaders(request, reply);
      (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .send({ error: tooLong ? 'The address is too long' : 'The address is not valid' });
    },
  });
  app.server.maxConnections = CONNECTION_LIMITS.maxConnections;
  registerJsonBodyParser(app);
  registerErrorHandling(app, deps.outages);
  app.addHook('onSend', async (request, reply) => withSecurityHeaders(request, reply));
  // Mobile data is costly: compress anything worth it. Brotli at a low level keeps CPU cheap.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [zlib.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY, [zlib.BROTLI_PARAM_LGWIN]: 18 },
    },
  });

  await app.register(cookie);
  app.decorateRequest('moderator', null);

  // Work without room is refused before anything else; cross-site writes before they are
  // counted: a page elsewhere cannot spend its visitors' limits either.
  registerLoadShedding(app);
  registerSameSiteWrites(app, deps.config.partnerOrigins);
  registerRateLimits(app, deps.limiter, deps.identify, (identity) => deps.standing.has(identity));
  front.register(app, registerMetrics(app, metricSources(deps)));
  // After the limits: a refused address still counts, and its 400 carries the RateLimit headers.
  registerAddressCheck(app);
  registerCacheInvalidation(app, () => publicDataChanged(deps));

  await registerApiSchemas(app);
  registerSpotRoutes(app, deps);
  registerTileRoutes(app, deps);
  registerBasemapRoutes(app, deps.basemap, deps.config.publicUrl);
  registerExportRoutes(app, deps);
  registerFeedRoutes(app, deps);
  registerOgcRoutes(app, deps);
  registerCommunityRoutes(app, deps);
  registerDeviceRoutes(app, deps);
  registerStatsRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerSearchRoutes(app, deps);
  registerRouteRoutes(app, deps);
  registerHealthRoutes(app, deps);
  registerAuthRoutes(app, deps);
  registerTwoFactorRoutes(app, deps);
  registerModSpotRoutes(app, deps);
  registerNetworkRoutes(app, deps);
  registerBurstRoutes(app, deps);
  registerModEventRoutes(app, deps);
  registerOnCallRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerChannelRoutes(app, deps);
  registerPushRoutes(app, deps);

  registerPageRoutes(app, deps);

  return app;
}
