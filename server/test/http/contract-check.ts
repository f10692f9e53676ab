import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { InjectOptions } from 'fastify';
import type { TestApp } from '../test-app.ts';

/** The parts of the generated OpenAPI document an answer is checked against. */
interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
  components: { schemas: Record<string, object> };
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: string;
  payload?: unknown;
  /** A form-encoded body, as the SMS/USSD gateway sends. */
  form?: Record<string, string>;
  /** With the session `cookie()` gives. */
  signedIn?: boolean;
}

/**
 * Calls the app as clients call it and checks each answer against the OpenAPI document it
 * generates (openapi-contract.test.ts): its status must be listed for the operation, and its body
 * must match the schema listed for that status and media type. `seen` holds "METHOD /path/{id}" of
 * every operation called; `operations` every operation of the document, `doc` the document.
 */
export async function contractChecker(t: TestApp, cookie: () => string) {
  const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components });
  /** The document's component references, pointed at the schema registered as "doc". */
  const rewriteRefs = (schema: object): object =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
  const seen = new Set<string>();
  const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
  );

  /** Calls `template` (path parameters filled from `params`) and checks the answer against the document. */
  async function call(method: string, template: string, opts: CallOptions = {}) {
    const url = template.replace(/\{(\w+)\}/g, (_, name) => String(opts.params?.[name]));
    const inject: InjectOptions = {
      method: method as InjectOptions['method'],
      url: opts.query ? `${url}?${opts.query}` : url,
      headers: {
        ...(opts.payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(opts.signedIn ? { cookie: cookie() } : {}),
      },
      payload: opts.form
        ? new URLSearchParams(opts.form).toString()
        : opts.payload === undefined
          ? undefined
          : JSON.stringify(opts.payload),
    };
    const res = await t.inject(inject);
    const operation = doc.paths[template]?.[method.toLowerCase()];
    assert.ok(operation, `${method} ${template} is in the document`);
    const documented = operation.responses[String(res.statusCode)];
    assert.ok(
      documented,
      `${method} ${template} answered ${res.statusCode}, which the document does not list`,
    );
    const type = String(res.headers['content-type'] ?? '').split(';')[0] as string;
    if (res.body.length) {
      const media = documented.content?.[type];
      assert.ok(
        media,
        `${method} ${template} ${res.statusCode} sent ${type}, which the document does not list`,
      );
      if (type === 'application/json' || type === 'application/geo+json') {
        const validate = ajv.compile({ $ref: '#/$defs/s', $defs: { s: rewriteRefs(media.schema) } });
        assert.ok(
          validate(res.json()),
          `${method} ${template} ${res.statusCode}: ${ajv.errorsText(validate.errors)}\n${res.body.slice(0, 400)}`,
        );
      }
    } else {
      assert.equal(
        documented.content,
        undefined,
        `${method} ${template} ${res.statusCode} should have a body`,
      );
    }
    seen.add(`${method} ${template}`);
    return res;
  }
  return { call, seen, operations, doc };
}
