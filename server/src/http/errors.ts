import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ExpectedError } from '../util/expected-error.ts';
import { OUTAGE_MESSAGE, OUTAGE_RETRY_AFTER_S, outageOf, type RecentOutages } from './outage.ts';

/** One validation problem, in the library-neutral form of docs/api.md ("Reporting a spot"). */
export interface Issue {
  code?: string;
  path: Array<string | number>;
  message: string;
}

/** Thrown by routes and services; the one error handler renders it as `{ error, issues? }`. */
export class HttpError extends ExpectedError {
  /** Sent as Retry-After: when trying again makes sense. */
  retryAfterSeconds?: number;
  /** Fields the body carries beside `error` (declared in the route's schema for this status). */
  extra?: Record<string, unknown>;

  readonly status: number;
  readonly issues: Issue[] | undefined;

  constructor(status: number, message: string, issues?: Issue[]) {
    super(message);
    this.status = status;
    this.issues = issues;
  }
}

/** The methods a path may answer to, as `Allow` lists them. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const notFound = (message = 'Not found') => new HttpError(404, message);

function issuesOf(error: z.ZodError): Issue[] {
  return error.issues.map((i) => ({
    code: i.code,
    path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
    message: i.message,
  }));
}

/** A 400 whose message names the problems, so a client can show it as is. */
export function validationError(error: z.ZodError, what = 'input'): HttpError {
  const issues = issuesOf(error);
  const summary = issues
    .slice(0, 3)
    .map((i) => i.message)
    .join('; ');
  return new HttpError(400, `Invalid ${what}: ${summary}`, issues);
}

/** Parses with a Zod schema or throws a 400 carrying its issues. */
export function parseOr400<S extends z.core.$ZodType>(schema: S, value: unknown, what?: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw validationError(result.error, what);
  return result.data;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** POST /api/spots answers an unexpected failure with a plain-text 500, as its clients expect (docs/api.md). */
    plainText500?: boolean;
  }
}

/**
 * Every error is JSON `{ error }` with a message safe to show; a 5xx never shows internals (it is
 * logged instead). The single exception is a route marked plainText500.
 */
export function registerErrorHandling(app: FastifyInstance, outages: RecentOutages): void {
  /** Requests answered for an outage (their 503s are failures; other 503s shed load). */
  const outageAnswers = new WeakSet<FastifyRequest>();
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    // A route may have set its answer's validators and caching before it failed (a download refused
    // by its limit after the tag was checked): an error is never a copy to keep.
    reply.removeHeader('etag').removeHeader('content-disposition').header('cache-control', 'no-store');
    const outage = outageOf(err);
    if (outage) {
      // The storage cannot serve: a passing trouble, to try again, never a bug of the request.
      outages.failed(outage);
      outageAnswers.add(request);
      request.log.warn({ err, outage }, 'storage unavailable');
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_S));
      if (request.routeOptions.config.plainText500)
        return reply.code(500).type('text/plain; charset=utf-8').send('Internal Server Error');
      return reply.code(503).send({ error: OUTAGE_MESSAGE });
    }
    if (err instanceof HttpError) {
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply
        .code(err.status)
        .send({ error: err.message, ...err.extra, ...(err.issues && { issues: err.issues }) });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      if (request.routeOptions.config.plainText500) {
        return reply.code(500).type('text/plain; charset=utf-8').send('Internal Server Error');
      }
      return reply.code(status).send({ error: 'Something went wrong on our side. Please try again later.' });
    }
    // Fastify's own 4xx (body too large, unsupported media type, ...) carry client-safe messages.
    const message = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'Request body is too large' : err.message;
    return reply.code(status).send({ error: message });
  });

  // What health judges the recent past by: every answer but the checks' own.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === '/api/health' || route === '/api/live') return;
    const failed = reply.statusCode >= 500 && (reply.statusCode !== 503 || outageAnswers.has(request));
    outages.answered({
      failed,
      wrote: !['GET', 'HEAD', 'OPTIONS'].includes(request.method) && reply.statusCode < 400,
    });
  });

  // A path that exists under other methods: OPTIONS says which, any other method is 405 (RFC 9110).
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = METHODS.filter((method) => app.findRoute({ method, url: path }));
    if (!allowed.length)
      return reply.code(404).send({ error: `No such endpoint: ${request.method} ${path}` });
    const allow = [...allowed, 'OPTIONS'].join(', ');
    if (request.method === 'OPTIONS') return reply.code(204).header('Allow', allow).send();
    return reply
      .code(405)
      .header('Allow', allow)
      .send({ error: `${request.method} is not allowed on ${path}. Allowed: ${allow}.` });
  });
}
