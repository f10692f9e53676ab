import { z } from 'zod';
import { POLICIES, type PolicyName } from '../limits/policies.ts';

/**
 * The OpenAPI 3.1 document, built from the same Zod schemas the routes validate with, so it cannot
 * drift from what the code accepts. Each feature describes its operations as it registers routes.
 */
export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
  headers?: string[];
}

export interface OperationSpec {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path template, e.g. /api/spots/{id}. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, ResponseSpec>;
  /** Policies the service counts on top of the route's own (a vote's status changes). */
  alsoLimitedBy?: PolicyName[];
}

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

/** The 403 of public writes sent from pages on other sites (http/same-site.ts). */
export const crossSite: ResponseSpec = {
  description: 'Sent by a page on another site (Origin or Sec-Fetch-Site); nothing was stored',
  schema: errorSchema,
};
export const tooMany: ResponseSpec = {
  description: 'A limit was reached',
  schema: errorSchema,
  headers: ['Retry-After'],
};

const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'];
const INTEGER_HEADERS = new Set(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']);

export class OpenApiBuilder {
  private readonly operations: OperationSpec[] = [];
  /** "METHOD /path/{param}" → the rate-limit policies of that route, as the server registered them. */
  private readonly limitedRoutes = new Map<string, readonly PolicyName[]>();

  add(op: OperationSpec): void {
    this.operations.push(op);
  }

  /** Called for every route the server registers, so the document says which ones are limited. */
  noteRoute(method: string | string[], url: string, policies: readonly PolicyName[] | undefined): void {
    if (!policies?.length) return;
    const path = url.replace(/:(\w+)/g, '{$1}');
    for (const m of [method].flat()) this.limitedRoutes.set(`${m.toLowerCase()} ${path}`, policies);
  }

  document(): Record<string, unknown> {
    const schemas: Record<string, unknown> = {};
    const toSchema = (schema: z.ZodType, io: 'input' | 'output') => {
      const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
      // Named schemas (meta id) become shared components instead of per-operation $defs.
      const json = JSON.parse(
        JSON.stringify(generated).replaceAll('"#/$defs/', '"#/components/schemas/'),
      ) as Record<string, unknown>;
      const defs = json.$defs as Record<string, unknown> | undefined;
      if (defs) Object.assign(schemas, defs);
      delete json.$defs;
      delete json.$schema;
      return json;
    };
    const parameters = (obj: z.ZodObject | undefined, where: 'query' | 'path') =>
      Object.entries(obj?.shape ?? {}).map(([name, field]) => {
        const schema = toSchema(field as z.ZodType, 'input');
        return {
          name,
          in: where,
          required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
          schema,
          ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
        };
      });

    const paths: Record<string, Record<string, unknown>> = {};
    for (const op of this.operations) {
      const responses: Record<string, unknown> = {};
      for (const [status, r] of Object.entries(op.responses)) {
        const headers: Record<string, unknown> = {};
        const limited = this.limitedRoutes.has(`${op.method} ${op.path}`);
        for (const h of [...(limited ? RATE_LIMIT_HEADERS : []), ...(r.headers ?? [])]) {
          headers[h] = { schema: { type: INTEGER_HEADERS.has(h) ? 'integer' : 'string' } };
        }
        responses[status] = {
          description: r.description,
          ...(Object.keys(headers).length ? { headers } : {}),
          ...(r.schema
            ? { content: { [r.contentType ?? 'application/json']: { schema: toSchema(r.schema, 'output') } } }
            : r.contentType
              ? { content: { [r.contentType]: { schema: { type: 'string' } } } }
              : {}),
        };
      }
      const policies = [
        ...(this.limitedRoutes.get(`${op.method} ${op.path}`) ?? []),
        ...(op.alsoLimitedBy ?? []),
      ];
      paths[op.path] ??= {};
      (paths[op.path] as Record<string, unknown>)[op.method] = {
        summary: op.summary,
        // The limits this operation counts against; the headers describe the one closest to its limit.
        ...(policies.length
          ? {
              'x-rate-limits': policies.map((name) => ({
                policy: name,
                limit: POLICIES[name].limit,
                window_seconds: POLICIES[name].windowSeconds,
                per: POLICIES[name].per,
              })),
            }
          : {}),
        ...(op.description ? { description: op.description } : {}),
        tags: op.tags,
        parameters: [...parameters(op.params, 'path'), ...parameters(op.query, 'query')],
        ...(op.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: toSchema(op.body, 'input') } },
              },
            }
          : {}),
        responses,
      };
    }
    return {
      openapi: '3.1.0',
      info: {
        title: 'Hatari API',
        version: '0.1.0',
        description:
          'Public map of danger spots in Uganda: report, read, confirm or deny, flag, search and route. ' +
          'Every error is JSON { error } except the plain-text 500 of POST /api/spots.',
      },
      paths,
      components: { schemas: { ...schemas, Error: toSchema(errorSchema, 'output') } },
    };
  }
}
