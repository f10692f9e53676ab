import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary } from './vary.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A body held in memory and sent many times: hashed once for its ETag, and compressed once per
 * encoding, the first time a client asks for it (never at start-up). Compression runs on libuv's
 * thread pool, not the event loop: a flood of different answers (each compressed once) must not
 * hold up every other request, health checks included, behind it.
 */
export interface EncodedBody {
  readonly body: Buffer;
  readonly etag: string;
  readonly type: string;
  readonly cacheControl: string;
  /** Whether compressing it is worth it (text over 1 KB). */
  readonly compressible: boolean;
  /** Brotli quality: high for files that never change, low for answers rebuilt every few seconds. */
  readonly brotliQuality: number;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
  /** The compressed copies once made, for answers that cannot wait (http/front-answers.ts). */
  made?: { br?: Buffer; gzip?: Buffer };
}

/** The entry's copy in this coding, made once and noted when done. */
function compressed(entry: EncodedBody, coding: 'br' | 'gzip'): Promise<Buffer> {
  let copy = entry[coding];
  if (!copy) {
    copy =
      coding === 'br'
        ? brotliAsync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: entry.brotliQuality } })
        : gzipAsync(entry.body, { level: GZIP_LEVEL });
    entry[coding] = copy;
    copy.then(
      (bytes) => {
        entry.made = { ...entry.made, [coding]: bytes };
      },
      () => undefined,
    );
  }
  return copy;
}

/** The coding a client gets this entry in: `br`, `gzip` or the body as it is (`identity`). */
export function codingFor(
  entry: EncodedBody,
  acceptEncoding: string | undefined,
): 'br' | 'gzip' | 'identity' {
  if (entry.compressible && accepts(acceptEncoding, 'br')) return 'br';
  if (entry.compressible && accepts(acceptEncoding, 'gzip')) return 'gzip';
  return 'identity';
}

/** gzip's level for every body: compressed once and sent many times, as small as gzip makes it. */
export const GZIP_LEVEL = 9;

/**
 * Brotli's quality for answers made as they are asked (the compress plugin's) and for public reads,
 * compressed once per read cache entry. On street tiles of 30 KB of JSON, 4 wrote 0.9 % more bytes
 * than 5 (about 40 bytes a tile) in 60 % of the time (bench/NOTES.md, 2026-12-03).
 */
export const ANSWER_BROTLI_QUALITY = 4;

/** Smaller bodies are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM = 1024;

export function encodedBody(
  body: Buffer,
  options: {
    type: string;
    cacheControl: string;
    text: boolean;
    brotliQuality: number;
    weak?: boolean;
    /** A validator the caller keeps (a version), instead of the body's hash. */
    etag?: string;
  },
): EncodedBody {
  const hash = () => createHash('sha1').update(body).digest('base64url');
  return {
    body,
    etag: options.etag ?? (options.weak ? `W/"${hash()}"` : `"${hash()}"`),
    type: options.type,
    cacheControl: options.cacheControl,
    compressible: options.text && body.length >= COMPRESS_FROM,
    brotliQuality: options.brotliQuality,
  };
}

export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/** Whether the client takes this content coding (named, or `*`, without q=0). */
export function acceptsEncoding(request: FastifyRequest, coding: 'br' | 'gzip'): boolean {
  return accepts(request.headers['accept-encoding'], coding);
}

function accepts(acceptEncoding: string | undefined, coding: 'br' | 'gzip'): boolean {
  return String(acceptEncoding ?? '')
    .split(',')
    .some((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      if (name !== coding && name !== '*') return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
}

/**
 * Sends the body with its validator (a client holding it gets an empty 304) in the best encoding
 * the client takes. Routes using it set `compress: false` or send already-encoded bodies, which the
 * compression plugin leaves alone.
 */
export async function sendEncoded(request: FastifyRequest, reply: FastifyReply, entry: EncodedBody) {
  addVary(reply, 'Accept-Encoding').header('etag', entry.etag).header('cache-control', entry.cacheControl);
  if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  await request.chargeFullAnswer?.();
  reply.type(entry.type);
  const coding = codingFor(entry, request.headers['accept-encoding']);
  if (coding === 'identity') return reply.send(entry.body);
  return reply.header('content-encoding', coding).send(await compressed(entry, coding));
}
