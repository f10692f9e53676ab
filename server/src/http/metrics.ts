import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Alarms } from '../../../common/api.ts';

/** What the gauges read when scraped. */
interface MetricsSources {
  /** Messages due now, and how long the oldest has waited (seconds). */
  outbox: () => Promise<{ due: number; lagSeconds: number }>;
  /** How soon moderators decided over the last `days` (seconds; null quantiles when none was). */
  decisions: () => Promise<Alarms['decisions']>;
  /** The instance's queues and caches. */
  gauges: {
    working: () => boolean;
    readsWaiting: () => Record<'heavy' | 'light', number>;
    routeChecksWaiting: () => number;
    exportsWaiting: () => number;
    cardsWaiting: () => number;
    dbWaiting: () => number;
    cache: () => { hits: number; misses: number };
  };
}

/** Counts one answer by route pattern, method and status, with its time (seconds). */
export type AnswerCounter = (route: string, method: string, status: number, seconds: number) => void;

/**
 * Prometheus metrics (docs/operations.md, "Metrics"), in the text format at GET /metrics behind a
 * bearer token (METRICS_TOKEN; without it there is no such address). One registry per app, so
 * several apps in one process (the tests) never share counters. Labels are route patterns and
 * policy names, never addresses or user text: their number is bounded by the code.
 */
export function registerMetrics(
  app: FastifyInstance,
  opts: MetricsSources & { token: string | undefined },
): AnswerCounter | undefined {
  const { token } = opts;
  if (!token) return undefined;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'hatari_' });
  // Three of prom-client's gauges end in _total, a counter's suffix (promtool refuses them); the same
  // counts by type stay, in hatari_nodejs_active_handles and its siblings, to be summed.
  for (const what of ['handles', 'requests', 'resources'])
    registry.removeSingleMetric(`hatari_nodejs_active_${what}_total`);
  const requests = new Counter({
    name: 'hatari_http_requests_total',
    help: 'Requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'hatari_http_request_duration_seconds',
    help: 'Time to answer, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'hatari_rate_limit_refusals_total',
    help: 'Requests refused (429) by a rate limit, by the policy that refused',
    labelNames: ['policy'] as const,
    registers: [registry],
  });
  registerGauges(registry, opts);

  const counted: AnswerCounter = (route, method, status, seconds) => {
    requests.inc({ route, method, status: String(status) });
    duration.observe({ route, method }, seconds);
  };
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    counted(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    if (reply.statusCode === 429)
      for (const d of request.rateLimitDecisions ?? []) if (!d.allowed) refusals.inc({ policy: d.policy });
  });
  app.addHook('onClose', async () => registry.clear());

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'A metrics token is needed' });
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
  return counted;
}

/** The outbox's lag, this instance's queues and its read cache, read when scraped. */
function registerGauges(registry: Registry, opts: MetricsSources): void {
  new Gauge({
    name: 'hatari_outbox_due',
    help: 'SMS and push messages waiting to be sent now (queued or being sent, their time come)',
    registers: [registry],
    async collect() {
      this.set((await opts.outbox()).due);
    },
  });
  new Gauge({
    name: 'hatari_outbox_oldest_due_seconds',
    help: 'How long the oldest message due has waited (0 when none): the outbox lag',
    registers: [registry],
    async collect() {
      this.set((await opts.outbox()).lagSeconds);
    },
  });

  registerDecisionGauges(registry, opts.decisions);
  const g = opts.gauges;
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge('hatari_worker', 'Whether this instance does the background work now (1) or not (0)', () =>
    Number(g.working()),
  );
  new Gauge({
    name: 'hatari_public_reads_waiting',
    help: 'Uncached public reads waiting for their place, by cost',
    labelNames: ['cost'] as const,
    registers: [registry],
    collect() {
      for (const [cost, n] of Object.entries(g.readsWaiting())) this.set({ cost }, n);
    },
  });
  gauge('hatari_route_checks_waiting', 'Route checks waiting for a place to be scored', g.routeChecksWaiting);
  gauge('hatari_exports_waiting', 'Filtered open-data downloads waiting for their turn', g.exportsWaiting);
  gauge('hatari_share_cards_waiting', 'Share cards waiting to be drawn', g.cardsWaiting);
  gauge('hatari_db_waiting', 'Statements waiting for a database connection', g.dbWaiting);
  const cacheCounter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  cacheCounter('hatari_read_cache_hits_total', 'Public reads answered from memory', () => g.cache().hits);
  cacheCounter(
    'hatari_read_cache_misses_total',
    'Public reads that went to the database',
    () => g.cache().misses,
  );
}

/** Time to decision (held reports, alarms), median and 90th percentile, read when scraped. */
function registerDecisionGauges(registry: Registry, decisions: MetricsSources['decisions']): void {
  const kinds = (d: Awaited<ReturnType<typeof decisions>>) =>
    [
      ['held_report', d.held_reports],
      ['alarm', d.alarms],
    ] as const;
  new Gauge({
    name: 'hatari_decision_seconds',
    help:
      "Moderators' time to decision over the last 30 days: held_report from the hold to approval or " +
      "rejection, alarm from a burst's end to its review; median (quantile 0.5) and 90th percentile",
    labelNames: ['kind', 'quantile'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [kind, times] of kinds(await decisions())) {
        if (times.median_seconds !== null) this.set({ kind, quantile: '0.5' }, times.median_seconds);
        if (times.p90_seconds !== null) this.set({ kind, quantile: '0.9' }, times.p90_seconds);
      }
    },
  });
  new Gauge({
    name: 'hatari_decisions',
    help: 'Decisions moderators made over the last 30 days, by kind (held_report, alarm)',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      for (const [kind, times] of kinds(await decisions())) this.set({ kind }, times.decided);
    },
  });
}
