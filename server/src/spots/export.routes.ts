import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../deps.ts';
import { parseOr400 } from '../http/errors.ts';
import { errorSchema, type OpenApiBuilder } from '../http/openapi.ts';
import { csvStream, DATA_LICENCE, geojsonStream } from './export.ts';
import { spotFilters } from './spots.schema.ts';
import { filterConditions } from './spots.service.ts';

const FORMATS = {
  geojson: { type: 'application/geo+json', stream: geojsonStream },
  csv: { type: 'text/csv; charset=utf-8', stream: csvStream },
} as const;

const openDataHeaders = (reply: FastifyReply, format: keyof typeof FORMATS) =>
  reply
    .type(FORMATS[format].type)
    .header('content-disposition', `attachment; filename="hatari-spots.${format}"`)
    .header('link', `<${DATA_LICENCE.url}>; rel="license"`)
    .header('cache-control', 'public, max-age=300');

/** The public spots as open data, streamed a batch at a time so a million spots fit in little memory. */
export function registerExportRoutes(app: FastifyInstance, deps: Deps, api: OpenApiBuilder): void {
  for (const format of Object.keys(FORMATS) as (keyof typeof FORMATS)[]) {
    const path = `/api/spots.${format}`;
    app.get(path, { config: { rateLimit: ['export', 'export_network'] } }, async (request, reply) => {
      const query = parseOr400(spotFilters, request.query, 'query');
      return openDataHeaders(reply, format).send(FORMATS[format].stream(deps.db, filterConditions(query)));
    });
    api.add({
      method: 'get',
      path,
      summary:
        format === 'geojson' ? 'Public spots as GeoJSON (open data)' : 'Public spots as CSV (open data)',
      description:
        `Every approved spot matching the list's filters, streamed in id order. Published under the ` +
        `${DATA_LICENCE.name} (${DATA_LICENCE.url}), attribution "${DATA_LICENCE.attribution}"; the ` +
        (format === 'geojson'
          ? 'FeatureCollection carries the licence too.'
          : 'answer links it (Link rel="license"). Text cells that would start a spreadsheet formula begin with an apostrophe.'),
      tags: ['open data'],
      query: spotFilters,
      responses: {
        200: { description: 'The spots', contentType: FORMATS[format].type.split(';')[0] },
        400: { description: 'Invalid parameters', schema: errorSchema },
      },
    });
  }
}
