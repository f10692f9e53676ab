import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ByteBudgetCache } from '../util/byte-budget-cache.ts';
import { ANSWER_BROTLI_QUALITY, type EncodedBody, encodedBody, sendEncoded } from './encoded-body.ts';
import type { PublicReadGate, ReadCost } from './read-gate.ts';

type Entry = EncodedBody;

/** The media type of the routes' JSON answers. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** How an entry is encoded, validated and cached downstream, when not the default (JSON, body hash, no-cache). */
export interface EntryHeaders {
  cacheControl: string;
  /** A strong validator taken from the payload (a version), instead of the body's hash. */
  etag?: (payload: unknown) => string;
  /**
   * Another representation than the route's JSON (a vector tile), or the JSON written another way (a
   * street tile's, as the database wrote it): its media type and encoder, which may hand the payload
   * to the route's schema (`bySchema`).
   */
  body?: {
    type: string;
    encode: (payload: unknown, bySchema: (payload: unknown) => string) => Buffer | string;
  };
}

/** The budget of one instance's read cache (its part of the ≤ 400 MB an instance may use). */
const PUBLIC_CACHE_BYTES = 48 * 1024 * 1024;

/**
 * The key of a read: the route and its validated query, with keys sorted. Parameters the route does
 * not know were dropped by its schema, so `?cachebust=N` reads the same entry.
 */
export function readKey(route: string, parsed: Record<string, unknown>): string {
  const known = Object.keys(parsed)
    .filter((k) => parsed[k] !== undefined)
    .sort()
    .map((k) => `${k}=${JSON.stringify(parsed[k])}`);
  return `${route}?${known.join('&')}`;
}

/**
 * Public reads (the spot list, one spot, clusters, stats) answered from memory for a short while:
 * serialized, hashed and compressed once, then sent to every phone asking the same thing. Any
 * write this instance makes empties it at once, and so does another instance's (shared-changes.ts).
 * Concurrent misses of one key share one database query. Bounded in bytes: an entry is charged
 * twice its body, room for the compressed copies made when phones ask for them.
 */
export class PublicReadCache {
  private readonly entries: ByteBudgetCache<Entry>;
  private readonly pending = new Map<string, Promise<Entry>>();
  private generation = 0;
  /** Reads answered from memory (or joined to a read in flight), and those that went to the database. */
  hits = 0;
  misses = 0;

  private readonly gate: PublicReadGate | undefined;

  constructor(opts: { ttlMs?: number; maxBytes?: number; now?: () => number; gate?: PublicReadGate } = {}) {
    this.gate = opts.gate;
    this.entries = new ByteBudgetCache<Entry>({
      maxBytes: opts.maxBytes ?? PUBLIC_CACHE_BYTES,
      ttlMs: opts.ttlMs ?? 2000,
      sizeOf: (e) => 2 * e.body.length + 512,
      now: opts.now,
    });
  }

  /** Bytes held now (for tests and the health of the bound). */
  get bytes(): number {
    return this.entries.bytes;
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  /**
   * Answers a public read from the cache: the payload `produce` makes is serialized once by the
   * route's own 200 schema (or `headers.body`'s encoder), then sent as sendEncoded sends it (ETag,
   * 304, brotli or gzip). A light read (`cost`) waits at the gate among light reads only. A miss
   * waits for its place at the gate of uncached reads (or is refused there with 503).
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    produce: () => Promise<unknown>,
    opts: { headers?: EntryHeaders; cost?: ReadCost } = {},
  ) {
    const { headers, cost } = opts;
    const bySchema = (payload: unknown) =>
      reply.serializeInput(payload as Record<string, unknown>, '200', 'application/json') as string;
    const gate = this.gate;
    // A revalidation that finds nothing kept pays the read's own count before the work is done.
    if (!this.entries.get(key)) await request.chargeFullAnswer?.();
    const admitted = gate ? () => gate.run(request, produce, cost) : produce;
    const encode = headers?.body?.encode;
    const serialize = encode ? (payload: unknown) => encode(payload, bySchema) : bySchema;
    const entry = await this.get(key, admitted, serialize, headers);
    request.publicRead = { key, entry };
    return sendEncoded(request, reply, entry);
  }

  /**
   * The live answer for `key` if it is still the one tagged `etag` (not expired, evicted or made
   * stale by a write). Callers keep the tag, not the entry, so an evicted body is freed at once.
   */
  live(key: string, etag: string): EncodedBody | undefined {
    const entry = this.entries.get(key);
    if (entry?.etag !== etag) return undefined;
    this.hits++;
    return entry;
  }

  async get(
    key: string,
    produce: () => Promise<unknown>,
    serialize: (payload: unknown) => string | Buffer = JSON.stringify,
    headers?: EntryHeaders,
  ): Promise<Entry> {
    const hit = this.entries.get(key) ?? this.pending.get(key);
    if (hit) {
      this.hits++;
      return hit;
    }
    this.misses++;
    const generation = this.generation;
    const made = produce().then((payload) => {
      const body = serialize(payload);
      const entry = encodedBody(typeof body === 'string' ? Buffer.from(body) : body, {
        type: headers?.body?.type ?? JSON_TYPE,
        // Clients revalidate: spots change.
        cacheControl: headers?.cacheControl ?? 'no-cache',
        text: true,
        brotliQuality: ANSWER_BROTLI_QUALITY,
        weak: true,
        etag: headers?.etag?.(payload),
      });
      // An answer computed before a write is not kept after it.
      if (generation === this.generation) this.entries.set(key, entry);
      return entry;
    });
    this.pending.set(key, made);
    try {
      return await made;
    } finally {
      if (this.pending.get(key) === made) this.pending.delete(key);
    }
  }

  close(): void {
    this.entries.close();
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The cached answer this request was sent, and its key (what http/front-answers.ts may keep). */
    publicRead?: { key: string; entry: EncodedBody };
  }
  interface FastifyContextConfig {
    /** A POST that changes nothing public (a device credential): it leaves the read cache alone. */
    publicDataUnchanged?: boolean;
  }
}

/**
 * Any successful write through this instance calls `onWrite` (empty the read cache, mark the
 * open-data snapshots stale) before its answer leaves, so the writer's next read sees the write.
 */
export function registerCacheInvalidation(app: FastifyInstance, onWrite: () => void) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload;
    if (!request.routeOptions.config.publicDataUnchanged) onWrite();
    return payload;
  });
}
