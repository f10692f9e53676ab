import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { clientIp, clientProtocol, type Identify, type TrustFunction } from '../identity/identify.ts';
import type { PolicyName } from '../limits/policies.ts';
import { closestToLimit, type RateLimiter } from '../limits/rate-limit.ts';
import { DECIDED_BEFORE_FASTIFY, REVALIDATE, rateLimitHeaders } from '../limits/rate-limit-http.ts';
import type { Standing } from '../trust/index.ts';
import { codingFor, etagMatches } from './encoded-body.ts';
import type { AnswerCounter } from './metrics.ts';
import type { RecentOutages } from './outage.ts';
import type { PublicReadCache } from './public-cache.ts';

/** An answer the pipeline sent from the read cache, kept by its address to be sent again before Fastify. */
interface Kept {
  key: string;
  /**
   * The tag of the answer kept, not the answer: the read cache bounds the bodies in bytes, and an
   * entry it evicts must not stay alive here (1,200 lists of 500 spots once held 300 MB this way).
   */
  etag: string;
  route: string;
  policies: readonly PolicyName[];
  bindsNewcomers: boolean;
  revalidates: boolean;
  /** The headers every copy carries (security headers, Vary, ETag, caching, type), as the pipeline sent them. */
  headers: OutgoingHttpHeaders;
}

/** What differs between two answers of one read: the limits' count, the coding, the date, the scheme. */
const PER_ANSWER = new Set([
  'ratelimit',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'ratelimit-policy',
  'content-encoding',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'strict-transport-security',
]);

/** Whether an answer depends on no request header but those the front answers read themselves. */
function variesOnlyByCodingAndOrigin(vary: unknown): boolean {
  return String(vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .every((name) => name === '' || name === 'accept-encoding' || name === 'origin');
}

/** What of Fastify's options it applies to a server of its own making. */
interface ServerSettings {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
}

/** Addresses kept (each a few hundred bytes; the answers are the read cache's, which bounds them). */
const MAX_KEPT = 5000;

/** What it is made from (the app's deps give them, under these names). */
interface FrontOptions {
  publicCache: PublicReadCache;
  identify: Identify;
  limiter: RateLimiter;
  standing: Pick<Standing, 'known'>;
  outages: RecentOutages;
  trust: TrustFunction | false;
  log: FastifyBaseLogger;
}

/**
 * Public reads answered from the read cache before Fastify (docs/decisions/0008-front-answers.md):
 * a cached tile, list or spot asked again by its exact address is sent with the headers the
 * pipeline sent it with, after the same identity and the same read limits, without Fastify's routing,
 * hooks and reply (about two fifths of such a read's CPU). Anything else, or anything the pipeline
 * would answer differently (a refusal, a coding not made yet, a partner's origin, a cookie the
 * pipeline must read, a standing not known yet), goes on to Fastify; a refusal carries the decisions
 * already counted, so nothing is counted twice.
 */
export class FrontAnswers {
  private readonly kept = new LRUCache<string, Kept>({ max: MAX_KEPT });
  private readonly opts: FrontOptions;
  private counted: AnswerCounter | undefined;
  /** Once the app closes, Fastify answers (503 and `Connection: close` while it drains). */
  private closing = false;
  private parseCookie: ((header: string) => Record<string, string | undefined>) | undefined;
  /** Answers sent here (for tests and the bench). */
  answered = 0;

  constructor(opts: FrontOptions) {
    this.opts = opts;
  }

  /** An HTTP server for Fastify's `serverFactory`: Fastify's own, with these answers in front. */
  serverFactory = (handler: http.RequestListener, options: ServerSettings) => {
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (!this.answer(req, res)) handler(req, res);
    });
    // As Fastify sets them on a server of its own making.
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };

  /** Keeps what the pipeline sends from the read cache; `counted` is the metrics' count of answers. */
  register(app: FastifyInstance, counted: AnswerCounter | undefined): void {
    const { limiter } = this.opts;
    this.counted = counted;
    this.parseCookie = (header) => app.parseCookie(header);
    app.addHook('preClose', (done) => {
      this.closing = true;
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const read = request.publicRead;
      const config = request.routeOptions.config;
      const policies = config.rateLimit ?? [];
      const keep =
        read &&
        request.method === 'GET' &&
        reply.statusCode === 200 &&
        request.headers.origin === undefined &&
        reply.getHeader('set-cookie') === undefined &&
        variesOnlyByCodingAndOrigin(reply.getHeader('vary')) &&
        !config.shed &&
        [...policies, ...REVALIDATE].every((p) => limiter.policies[p].settled);
      if (keep) {
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(reply.getHeaders()))
          if (!PER_ANSWER.has(name.toLowerCase()) && value !== undefined) headers[name] = value;
        this.kept.set(request.url, {
          key: read.key,
          etag: read.entry.etag,
          route: request.routeOptions.url ?? '',
          policies,
          bindsNewcomers: policies.some((p) => limiter.policies[p].newcomers),
          revalidates: config.revalidates === true,
          headers,
        });
      }
      done();
    });
  }

  /** Answers the request here when it can; false to hand it to Fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.closing || (req.method !== 'GET' && req.method !== 'HEAD') || req.headers.origin !== undefined)
      return false;
    const kept = this.kept.get(req.url ?? '');
    if (!kept) return false;
    const { publicCache, limiter } = this.opts;
    const entry = publicCache.live(kept.key, kept.etag);
    if (!entry) {
      this.kept.delete(req.url ?? '');
      return false;
    }
    const coding = codingFor(entry, req.headers['accept-encoding']);
    const body = coding === 'identity' ? entry.body : entry.made?.[coding];
    if (!body) return false;
    const identity = this.identify(req);
    const standing = kept.bindsNewcomers ? this.opts.standing.known(identity) : false;
    if (standing === undefined) return false;
    const ifNoneMatch = req.headers['if-none-match'];
    const revalidation = kept.revalidates && ifNoneMatch !== undefined;
    const notModified = etagMatches(ifNoneMatch, kept.etag);
    const decisions = limiter.consumeSettled(revalidation ? REVALIDATE : kept.policies, identity, standing);
    // A revalidation answered in full pays the read's own count too, as the pipeline's does.
    if (decisions && revalidation && !notModified)
      decisions.push(...(limiter.consumeSettled(kept.policies, identity, standing) ?? []));
    if (!decisions) return false;
    const shown = closestToLimit(decisions);
    if (shown && !shown.allowed) {
      (req as IncomingMessage & { [DECIDED_BEFORE_FASTIFY]?: unknown })[DECIDED_BEFORE_FASTIFY] = {
        decisions,
        standing,
      };
      return false;
    }
    this.send(req, res, kept, notModified ? undefined : { coding, body }, shown);
    return true;
  }

  private send(
    req: IncomingMessage,
    res: ServerResponse,
    kept: Kept,
    full: { coding: string; body: Buffer } | undefined,
    shown: Parameters<typeof rateLimitHeaders>[0] | undefined,
  ) {
    const started = performance.now();
    const { log } = this.opts;
    const reqId = `front-${++this.answered}`;
    // pino's, which the app's logger is; Fastify's type leaves it out.
    const logged = (log as Partial<Pick<Logger, 'isLevelEnabled'>>).isLevelEnabled?.('info') ?? true;
    const headers: OutgoingHttpHeaders = { ...kept.headers, ...(shown && rateLimitHeaders(shown)) };
    if (clientProtocol(req, this.opts.trust) === 'https')
      headers['strict-transport-security'] = 'max-age=31536000';
    const status = full ? 200 : 304;
    if (full) {
      if (full.coding !== 'identity') headers['content-encoding'] = full.coding;
      headers['content-length'] = full.body.length;
    } else delete headers['content-type'];
    res.writeHead(status, headers);
    res.end(full && req.method === 'GET' ? full.body : undefined);
    const ms = performance.now() - started;
    this.counted?.(kept.route, req.method ?? 'GET', status, ms / 1000);
    this.opts.outages.answered({ failed: false, wrote: false });
    if (logged) log.info({ reqId, req, res, responseTime: ms }, 'request completed');
  }

  private identify(req: IncomingMessage) {
    const cookie = req.headers.cookie;
    return this.opts.identify({
      socket: req.socket,
      headers: req.headers,
      ip: clientIp(req, this.opts.trust),
      cookies: cookie && this.parseCookie ? this.parseCookie(cookie) : {},
    });
  }
}
