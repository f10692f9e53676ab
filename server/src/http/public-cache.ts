import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface Entry {
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  expires: number;
}

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM = 1024;

/**
 * Public reads (the spot list, one spot, clusters, stats) answered from memory for a short while:
 * serialized, hashed and compressed once, then sent to every phone asking the same thing. Any
 * write this instance makes empties it at once; another instance's write shows here within the TTL.
 * Concurrent misses of one address share one database query.
 */
export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry>>();
  private generation = 0;

  constructor(
    private readonly ttlMs = 2000,
    private readonly maxEntries = 1000,
    private readonly now = () => Date.now(),
  ) {}

  invalidate() {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  async get(key: string, produce: () => Promise<unknown>): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit;
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const made = produce().then((payload) => {
      const body = Buffer.from(JSON.stringify(payload));
      const entry: Entry = {
        body,
        etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
        expires: this.now() + this.ttlMs,
      };
      // An answer computed before a write is not kept after it.
      if (generation === this.generation) {
        if (this.entries.size >= this.maxEntries)
          this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, entry);
      }
      return entry;
    });
    this.pending.set(key, made);
    try {
      return await made;
    } finally {
      if (this.pending.get(key) === made) this.pending.delete(key);
    }
  }
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

/**
 * Sends a cached JSON answer with its validator (a phone holding it gets an empty 304) in the best
 * encoding the client takes, compressing it once per entry. Clients revalidate: spots change.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (entry.body.length >= COMPRESS_FROM && /\bbr\b/.test(accepts)) {
    entry.br ??= brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(entry.br);
  }
  if (entry.body.length >= COMPRESS_FROM && /\bgzip\b/.test(accepts)) {
    entry.gzip ??= gzipSync(entry.body, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(entry.gzip);
  }
  return reply.send(entry.body);
}

/**
 * Any successful write through this instance empties the cache before its answer leaves, so the
 * writer's next read sees the write.
 */
export function registerCacheInvalidation(app: FastifyInstance, cache: PublicReadCache) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) cache.invalidate();
    return payload;
  });
}
