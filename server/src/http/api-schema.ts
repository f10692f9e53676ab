import { readFileSync } from 'node:fs';
import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { region } from '../../../common/region.ts';
import { POLICIES, type Policy, type PolicyName } from '../limits/policies.ts';
import { ROOT } from '../root.ts';
import { type EncodedBody, encodedBody, sendEncoded } from './encoded-body.ts';
import { validationError } from './errors.ts';
import { API_TAGS, dropUnusedComponents, operationId } from './openapi-document.ts';

/**
 * Each route declares its params, query, body and responses once, as Zod schemas on the route:
 * they validate the request (a failure is the API's 400 `{ error, issues }`), serialize the answer
 * and generate the OpenAPI 3.1 document served at /api/openapi.json, with its reference page at
 * /api/docs. Nothing else describes an endpoint.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Policies a service counts on top of the route's own (a vote's status changes). */
    alsoLimitedBy?: PolicyName[];
    /** The route needs a moderator's session cookie (moderation/guard.ts). */
    moderatorSession?: true;
  }
}

/** The moderators' session cookie, as the document declares it (moderation/auth.service.ts). */
const SESSION_SCHEME = {
  moderatorSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'hatari_session',
    description:
      'Set by POST /api/auth/login: HttpOnly, SameSite=Strict. State-changing calls also need ' +
      'Content-Type: application/json and, when the browser sends Origin, this site as it.',
  },
} as const;

export const errorSchema = z
  .object({
    error: z.string().meta({ description: 'Human-readable message, safe to show to users.' }),
    issues: z
      .array(
        z.object({
          code: z.string().optional(),
          path: z.array(z.union([z.string(), z.number().int()])),
          message: z.string(),
        }),
      )
      .optional()
      .meta({ description: 'Validation problems, one item per problem.' }),
  })
  .meta({ id: 'Error' });

/** A JSON answer with its description in the document. */
export const json = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema } },
});
/** An answer of another media type (open data files, the plain-text 500). */
export const media = (description: string, type: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});
/** An answer without a body (204, 304). */
export const empty = (description: string) => z.undefined().meta({ description });
export const error = (description: string) => json(description, errorSchema);
/** A revalidation whose tag still matches (If-None-Match): no body. */
export const notModified = empty('Not modified');

/** The 403 of public writes sent from pages on other sites (http/same-site.ts). */
export const crossSite = error(
  'Sent by a page on another site (Origin or Sec-Fetch-Site); nothing was stored',
);
export const tooMany = error('A limit was reached');

/** What the user-facing message of a 400 calls the part that failed, when not said otherwise. */
const PART_NAMES: Record<string, string> = { body: 'input', querystring: 'query', params: 'address' };
/** Names given to request schemas for the messages of their 400s ("Invalid report: ..."). */
const inputNames = new WeakMap<z.core.$ZodType, string>();
export function named<S extends z.core.$ZodType>(schema: S, name: string): S {
  inputNames.set(schema, name);
  return schema;
}

// Classic and mini schemas alike (common/report.ts is written with the mini build).
const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // Fastify hands a request without a body over as null; the schemas read it as absent.
    const result = z.safeParse(schema, httpPart === 'body' && data === null ? undefined : data);
    if (result.success) return { value: result.data };
    return {
      error: validationError(result.error, inputNames.get(schema) ?? PART_NAMES[httpPart ?? ''] ?? 'input'),
    };
  };

const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'];
const integer = { schema: { type: 'integer' } };
const text = { schema: { type: 'string' } };

type Operation = { responses?: Record<string, { headers?: Record<string, unknown> }> } & Record<
  string,
  unknown
>;

/**
 * What follows from the route's limits and answers: a limited route may answer 429 and carries the
 * RateLimit fields; a route that reads or writes storage may answer 503 when it cannot serve (an
 * outage, http/outage.ts); 429 and 503 carry Retry-After, and so does the plain-text 500 of
 * POST /api/spots (its outage answer); a 200 beside a 304 carries its ETag.
 */
function describeHeaders(op: Operation, limited: boolean, storage: boolean) {
  const responses = op.responses ?? {};
  if (storage) {
    responses['503'] ??= {
      description:
        'The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    } as (typeof responses)[string];
  }
  if (limited) {
    responses['429'] ??= {
      description: 'A limit was reached',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    } as (typeof responses)[string];
  }
  for (const [status, response] of Object.entries(responses)) {
    const headers: Record<string, unknown> = {};
    if (limited) {
      for (const h of RATE_LIMIT_HEADERS) headers[h] = h === 'RateLimit-Policy' ? text : integer;
    }
    if (status === '429' || status === '503' || (status === '500' && storage))
      headers['Retry-After'] = integer;
    if (status === '200' && '304' in responses) headers.ETag = text;
    if (Object.keys(headers).length) response.headers = { ...response.headers, ...headers };
  }
}

/** A policy as an operation's `x-rate-limits` lists it. */
function describePolicy(name: PolicyName) {
  const p: Policy = POLICIES[name];
  return {
    policy: name,
    limit: p.limit,
    window_seconds: p.windowSeconds,
    per: p.per,
    // A ceiling that binds newcomers only: devices and numbers with standing are exempt.
    ...(p.newcomers ? { newcomers_only: true } : {}),
  };
}

/** Sets up validation and serialization from the routes' Zod schemas, and the generated document. */
export async function registerApiSchemas(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // "method /path/{param}" → the route's own policies and those its service counts on top.
  const limits = new Map<string, { own: PolicyName[]; also: PolicyName[] }>();
  // "method /path/{param}" of the routes that need a moderator's session.
  const signedIn = new Set<string>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hatari API',
        version: '0.1.0',
        description:
          `Public map of danger spots in ${region().name}: report, read, confirm or deny, flag, search and route. ` +
          'Every error is JSON { error } except the plain-text 500 of POST /api/spots. The rules behind ' +
          'these answers (statuses, limits, identity, moderation) are in docs/api.md. The code is under ' +
          'the MIT licence; the data the API serves is published under the Open Database License (ODbL) ' +
          '1.0, attribution "Hatari contributors".',
        license: { name: 'MIT (code); data: ODbL 1.0', identifier: 'MIT' },
      },
      servers: [{ url: '/', description: 'This site' }],
      tags: API_TAGS,
    },
    hideUntagged: true,
    transform: (doc) => {
      const out = jsonSchemaTransform(doc);
      const config = doc.route.config as
        | { rateLimit?: PolicyName[]; alsoLimitedBy?: PolicyName[]; moderatorSession?: true }
        | undefined;
      const path = doc.url.replace(/:(\w+)/g, '{$1}');
      for (const m of [doc.route.method].flat()) {
        limits.set(`${m.toLowerCase()} ${path}`, {
          own: config?.rateLimit ?? [],
          also: config?.alsoLimitedBy ?? [],
        });
        if (config?.moderatorSession) signedIn.add(`${m.toLowerCase()} ${path}`);
      }
      return out;
    },
    transformObject: (documentObject) => {
      const doc = jsonSchemaTransformObject(documentObject) as {
        paths?: Record<string, Record<string, Operation>>;
        components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
      };
      doc.components = { ...doc.components, securitySchemes: SESSION_SCHEME };
      for (const [path, operations] of Object.entries(doc.paths ?? {})) {
        for (const [method, op] of Object.entries(operations)) {
          // Public operations say so: no security scheme applies (the moderators' need the session).
          op.security = signedIn.has(`${method} ${path}`) ? [{ moderatorSession: [] }] : [];
          op.operationId ??= operationId(method, path);
          const { own = [], also = [] } = limits.get(`${method} ${path}`) ?? {};
          describeHeaders(op, own.length > 0, path !== '/api/live');
          const policies = [...own, ...also];
          // The limits this operation counts against; the headers describe the one closest to its limit.
          if (policies.length) op['x-rate-limits'] = policies.map(describePolicy);
        }
      }
      dropUnusedComponents(doc);
      return doc;
    },
  });
  // The document is fixed once the app is ready: made once, with its tag, sent compressed and kept
  // by caches for an hour (a client holding it revalidates to an empty 304).
  let document: EncodedBody | undefined;
  app.get(
    '/api/openapi.json',
    { compress: false, config: { rateLimit: ['read', 'read_network'], revalidates: true } },
    (request, reply) => {
      document ??= encodedBody(Buffer.from(JSON.stringify(app.swagger())), {
        type: 'application/json; charset=utf-8',
        cacheControl: 'public, max-age=3600',
        text: true,
        brotliQuality: 11,
      });
      return sendEncoded(request, reply, document);
    },
  );
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    logo: {
      type: 'image/svg+xml',
      content: readFileSync(path.join(ROOT, 'web/public/icon.svg')),
    },
    // The page's own policy: its scripts and the document from this server only. Swagger UI sets
    // inline styles, which cannot run code; no asset, font or validator from elsewhere.
    staticCSP:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
      "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  });
}

/** The app as the routes see it: request types inferred from the schemas on each route. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** An app whose routes take their types from their Zod schemas. */
export type TypedApp = ReturnType<typeof typed>;
