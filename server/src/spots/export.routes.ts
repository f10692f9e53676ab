import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { spotFeatureCollection } from '../../../common/api.ts';
import type { Deps } from '../deps.ts';
import { empty, error, media, typed } from '../http/api-schema.ts';
import { acceptsEncoding, etagMatches } from '../http/encoded-body.ts';
import { HttpError } from '../http/errors.ts';
import { addVary } from '../http/vary.ts';
import { QueueFullError, Semaphore } from '../util/semaphore.ts';
import { DATA_LICENCE, EXPORT_FORMATS, EXPORT_WRITERS, type ExportFormat } from './export.ts';
import type { Snapshot } from './export-snapshots.ts';
import { spotFilters } from './spots.schema.ts';
import { filterConditions } from './spots.service.ts';

const TYPES: Record<ExportFormat, string> = {
  geojson: 'application/geo+json',
  csv: 'text/csv; charset=utf-8',
};

/** Filtered downloads are written live: two at a time per instance, four waiting. */
const liveExports = new Semaphore(2, 4);
/** Filtered downloads waiting for their turn (a metric). */
export const liveExportsWaiting = () => liveExports.queued;

const openDataHeaders = (reply: FastifyReply, format: ExportFormat) =>
  addVary(reply, 'Accept-Encoding')
    .type(TYPES[format])
    .header('content-disposition', `attachment; filename="hatari-spots.${format}"`)
    .header('link', `<${DATA_LICENCE.url}>; rel="license"`)
    .header('cache-control', 'public, max-age=300');

/** One byte range of `size` from a Range header; undefined for none (or several: the whole file). */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** A snapshot with its validators: 304, one byte range (206/416), gzip when taken, else the file. */
async function sendSnapshot(request: FastifyRequest, reply: FastifyReply, s: Snapshot) {
  const gzEtag = `${s.etag.slice(0, -1)}-gz"`;
  reply.header('accept-ranges', 'bytes').header('last-modified', s.madeAt.toUTCString());
  const ifNoneMatch = request.headers['if-none-match'];
  if (etagMatches(ifNoneMatch, s.etag) || etagMatches(ifNoneMatch, gzEtag)) {
    return reply.code(304).header('etag', s.etag).send();
  }
  await request.chargeFullAnswer?.();
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === s.etag ? byteRange(request.headers.range, s.size) : undefined;
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('content-range', `bytes */${s.size}`)
      .type('application/json')
      .send({
        error: `The range is outside the file (${s.size} bytes)`,
      });
  }
  if (range) {
    return reply
      .code(206)
      .header('etag', s.etag)
      .header('content-range', `bytes ${range.start}-${range.end}/${s.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(createReadStream(s.file, range));
  }
  if (acceptsEncoding(request, 'gzip')) {
    return reply
      .header('etag', gzEtag)
      .header('content-encoding', 'gzip')
      .header('content-length', s.gzSize)
      .send(createReadStream(s.gzFile));
  }
  return reply.header('etag', s.etag).header('content-length', s.size).send(createReadStream(s.file));
}

/**
 * The public spots as open data. The whole country (no filters) comes from a snapshot kept fresh
 * in the background, so a download costs a file read; filtered downloads are streamed live a
 * batch at a time, a few at once per instance.
 */
export function registerExportRoutes(app: FastifyInstance, deps: Deps): void {
  for (const format of EXPORT_FORMATS) {
    const type = TYPES[format].split(';')[0] as string;
    typed(app).get(
      `/api/spots.${format}`,
      {
        compress: false,
        config: { rateLimit: ['export', 'export_network'], revalidates: true },
        schema: {
          summary:
            format === 'geojson' ? 'Public spots as GeoJSON (open data)' : 'Public spots as CSV (open data)',
          description:
            `Every approved spot matching the list's filters, in id order. Published under the ` +
            `${DATA_LICENCE.name} (${DATA_LICENCE.url}), attribution "${DATA_LICENCE.attribution}"; the ` +
            (format === 'geojson'
              ? 'FeatureCollection carries the licence too. '
              : 'answer links it (Link rel="license"). Text cells that would start a spreadsheet formula begin with an apostrophe. ') +
            'Without filters the file is a snapshot at most five minutes old (a minute after a change), with ' +
            'ETag, Last-Modified, If-None-Match, one byte Range (If-Range) and gzip; filtered files are written ' +
            'live, a few at a time per server.',
          tags: ['open data'],
          querystring: spotFilters,
          response: {
            // The GeoJSON is declared as what it is, a FeatureCollection (it is streamed, not serialized).
            200:
              format === 'geojson'
                ? { description: 'The spots', content: { [type]: { schema: spotFeatureCollection } } }
                : media('The spots', type),
            206: media('One byte range of the snapshot (Content-Range)', type),
            304: empty('Not modified'),
            400: error('Invalid parameters'),
            416: error('The range is outside the file'),
            503: error('Too many filtered downloads running; try again after Retry-After seconds'),
          },
        },
      },
      async (request, reply) => {
        const filters = filterConditions(request.query);
        openDataHeaders(reply, format);
        const filtered =
          filters.categories || filters.statuses || filters.sinceDays || filters.bbox || filters.verifiedOnly;
        if (!filtered) return sendSnapshot(request, reply, await deps.exports.get(format));
        // Written live, never a 304: a revalidation pays the download's own count first.
        await request.chargeFullAnswer?.();
        try {
          await liveExports.run(
            () =>
              new Promise<void>((resolve) => {
                const body = EXPORT_WRITERS[format](deps.db, filters);
                reply.raw.once('close', () => resolve());
                if (!acceptsEncoding(request, 'gzip')) return reply.send(body);
                // A failing query ends the compressed stream with an error too, so the answer aborts.
                reply.header('content-encoding', 'gzip').send(pipeline(body, createGzip(), () => {}));
              }),
          );
        } catch (err) {
          if (!(err instanceof QueueFullError)) throw err;
          const busy = new HttpError(
            503,
            'Many filtered downloads are running. Please try again in a minute.',
          );
          busy.retryAfterSeconds = 30;
          throw busy;
        }
        return reply;
      },
    );
  }
}
