import type { IncomingHttpHeaders } from 'node:http';
import type { Source } from 'pmtiles';
import { etagMatches } from '../http/encoded-body.ts';
import { FileArchive } from './file-archive.ts';

export const PMTILES_TYPE = 'application/vnd.pmtiles';

/** One range is at most this: a PMTiles reader asks for 16 KB headers and tiles of tens of KB. */
const MAX_RANGE_BYTES = 1024 * 1024;

type Part =
  | {
      kind: 'bytes';
      start: number;
      end: number;
      size: number | undefined;
      etag: string | undefined;
      body: Buffer;
    }
  | { kind: 'not-modified'; etag: string }
  | { kind: 'unsatisfiable'; reason: string; size: number | undefined; etag: string | undefined };

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range); undefined for anything else. */
function parseRange(header: string | undefined): { start?: number; end?: number } | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  return { start: m[1] === '' ? undefined : Number(m[1]), end: m[2] === '' ? undefined : Number(m[2]) };
}

/**
 * The range of the archive a request asks for, read from its source: 206-worthy bytes, a 304 when
 * the client holds the current archive and asked for no range, or why no range can be served.
 */
export async function archiveRange(source: Source, headers: IncomingHttpHeaders): Promise<Part> {
  const file = source instanceof FileArchive ? await source.describe() : undefined;
  const etag = file?.etag;
  const range = parseRange(headers.range);
  if (!range) {
    if (etag && etagMatches(headers['if-none-match'], etag)) return { kind: 'not-modified', etag };
    return {
      kind: 'unsatisfiable',
      reason: 'Ask for one byte range (Range: bytes=a-b).',
      size: file?.size,
      etag,
    };
  }
  // A range asked against another version of the archive: the client must start afresh.
  const ifRange = headers['if-range'];
  if (ifRange && etag && ifRange !== etag) {
    return { kind: 'unsatisfiable', reason: 'The archive has changed since.', size: file?.size, etag };
  }
  const size = file?.size;
  let start: number;
  let end: number;
  if (range.start === undefined) {
    if (size === undefined) {
      return { kind: 'unsatisfiable', reason: 'Ask for a range from a given byte.', size, etag };
    }
    start = Math.max(0, size - (range.end ?? 0));
    end = size - 1;
  } else {
    start = range.start;
    end = range.end ?? start + MAX_RANGE_BYTES - 1;
    if (size !== undefined) end = Math.min(end, size - 1);
  }
  if (end < start || (size !== undefined && start >= size) || end - start + 1 > MAX_RANGE_BYTES) {
    return {
      kind: 'unsatisfiable',
      reason: 'Ask for one range of at most 1 MiB inside the archive.',
      size,
      etag,
    };
  }
  const got = await source.getBytes(start, end - start + 1, undefined, etag);
  const body = Buffer.from(got.data);
  if (body.length === 0)
    return { kind: 'unsatisfiable', reason: 'That range is past the archive.', size, etag };
  return { kind: 'bytes', start, end: start + body.length - 1, size, etag: etag ?? got.etag, body };
}
