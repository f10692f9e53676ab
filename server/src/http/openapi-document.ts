/**
 * What the generated OpenAPI document is made of beyond the routes' schemas: its tags, the
 * operations' ids, the components nothing uses dropped; and the OpenAPI 3.0 copy of a part of it,
 * for clients that read 3.0 only (OGC API – Features' OpenAPI 3.0 conformance class).
 */

/** The document's tags, each operation under one, as the reference page groups them. */
export const API_TAGS = [
  { name: 'spots', description: 'Reading and reporting danger spots, their clusters and map tiles' },
  { name: 'community', description: "Votes, flags, a spot's history, and a phone's credential" },
  { name: 'open data', description: 'Every public spot as GeoJSON or CSV (ODbL)' },
  { name: 'feeds', description: 'The newest public spots as Atom and RSS' },
  { name: 'ogc', description: 'The public spots as OGC API – Features, for QGIS, GDAL and ArcGIS' },
  { name: 'search', description: 'Spots and places by name, and what is at a point' },
  { name: 'routes', description: 'Dangers along the ways between two places' },
  { name: 'basemap', description: 'The background map: tiles, areas to keep offline, the archive' },
  { name: 'alerts', description: 'Web Push alerts near places or along trips' },
  { name: 'channels', description: 'USSD and SMS, through the gateway' },
  { name: 'service', description: "The instance's health, for load balancers and supervisors" },
  { name: 'moderators', description: "The moderators' sign-in and console" },
];

/**
 * An operation's id where its route names none: its method and path in camel case, a parameter as
 * "By…": GET /api/spots/{id}/history is getSpotsByIdHistory. Stable, unique, and what generated
 * clients name their methods.
 */
export function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[/.]/)
    .filter(Boolean)
    .flatMap((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      return param ? ['by', param[1] as string] : part.split(/[-_]/);
    });
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

/** Components no operation (or other component) refers to: input twins Zod writes for each shape. */
export function dropUnusedComponents(doc: { components?: { schemas?: Record<string, unknown> } }): void {
  const schemas = doc.components?.schemas;
  if (!schemas) return;
  const refs = (value: unknown) =>
    [...JSON.stringify(value).matchAll(/#\/components\/schemas\/([^"]+)"/g)].map((m) =>
      decodeURIComponent(m[1] as string),
    );
  const { components: _, ...rest } = doc as Record<string, unknown>;
  const used = new Set(refs(rest));
  // What the used schemas refer to in turn, until nothing new is found.
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of [...used])
      for (const ref of refs(schemas[name]))
        if (!used.has(ref)) {
          used.add(ref);
          grew = true;
        }
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A JSON Schema of OpenAPI 3.1 (2020-12) as OpenAPI 3.0 writes it, for the keywords the generated
 * document uses: a type list with "null" (or a null branch of anyOf) becomes `nullable`, `const` an
 * enum of one, a numeric `exclusiveMinimum`/`exclusiveMaximum` the boolean form, `examples` the
 * single `example`; what 3.0 lacks (`propertyNames`, `$schema`, content keywords) is dropped.
 */
function schema30(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isObject(value))
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, schema30(v)]));
    else if (['items', 'additionalProperties', 'not'].includes(key)) out[key] = schema30(value);
    else if (['anyOf', 'oneOf', 'allOf'].includes(key) && Array.isArray(value)) {
      const branches = value.filter((b) => !(isObject(b) && b.type === 'null'));
      if (branches.length < value.length) out.nullable = true;
      if (branches.length === 1 && key !== 'allOf') Object.assign(out, schema30(branches[0]));
      else out[key] = branches.map(schema30);
    } else if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((t) => t !== 'null');
      if (types.length < value.length) out.nullable = true;
      if (types.length === 1) out.type = types[0];
      else out.anyOf = types.map((type) => ({ type }));
    } else if (key === 'const') out.enum = [value];
    else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'number') {
      out[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'] = value;
      out[key] = true;
    } else if (key === 'examples' && Array.isArray(value)) {
      if (value.length) out.example = value[0];
    } else if (
      !['propertyNames', '$schema', 'contentMediaType', 'contentEncoding', 'prefixItems'].includes(key)
    )
      out[key] = value;
  }
  return out;
}

/** Every schema of a media-type map ({ "application/json": { schema } }), in 3.0. */
const content30 = (content: unknown) =>
  isObject(content)
    ? Object.fromEntries(
        Object.entries(content).map(([type, media]) => [
          type,
          isObject(media) ? { ...media, schema: schema30(media.schema) } : media,
        ]),
      )
    : content;

/**
 * The operations under `prefix` of a generated 3.1 document, as an OpenAPI 3.0.3 document with the
 * components they use.
 */
export function openApi30Part(doc: Json, prefix: string): Json {
  const paths = Object.fromEntries(
    Object.entries((doc.paths ?? {}) as Record<string, Record<string, Json>>)
      .filter(([path]) => path === prefix || path.startsWith(`${prefix}/`))
      .map(([path, operations]) => [
        path,
        Object.fromEntries(
          Object.entries(operations).map(([method, op]) => [
            method,
            {
              ...op,
              parameters: (op.parameters as Json[] | undefined)?.map((p) => ({
                ...p,
                schema: schema30(p.schema),
              })),
              ...(op.requestBody
                ? {
                    requestBody: {
                      ...(op.requestBody as Json),
                      content: content30((op.requestBody as Json).content),
                    },
                  }
                : {}),
              responses: Object.fromEntries(
                Object.entries((op.responses ?? {}) as Record<string, Json>).map(([status, r]) => [
                  status,
                  {
                    ...r,
                    ...(r.content ? { content: content30(r.content) } : {}),
                    ...(isObject(r.headers)
                      ? {
                          headers: Object.fromEntries(
                            Object.entries(r.headers).map(([name, h]) => [
                              name,
                              isObject(h) ? { ...h, schema: schema30(h.schema) } : h,
                            ]),
                          ),
                        }
                      : {}),
                  },
                ]),
              ),
            },
          ]),
        ),
      ]),
  );
  const components = (doc.components ?? {}) as { schemas?: Json; securitySchemes?: Json };
  const info = doc.info as Json & { license?: Json };
  const { identifier: _, ...license } = info.license ?? {};
  const part = {
    openapi: '3.0.3',
    info: { ...info, license: { ...license, url: 'https://opensource.org/license/mit' } },
    servers: doc.servers,
    tags: (doc.tags as Json[] | undefined)?.filter((tag) =>
      Object.values(paths).some((ops) =>
        Object.values(ops).some((op) =>
          ((op as Json).tags as string[] | undefined)?.includes(tag.name as string),
        ),
      ),
    ),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components.schemas ?? {}).map(([k, v]) => [k, schema30(v)])),
    },
  };
  dropUnusedComponents(part);
  return part;
}
