import type { FastifyInstance } from 'fastify';
import { type EncodedBody, encodedBody } from './encoded-body.ts';

type Entry = EncodedBody & { expires: number };

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
      const entry: Entry = {
        ...encodedBody(Buffer.from(JSON.stringify(payload)), {
          type: 'application/json; charset=utf-8',
          // Clients revalidate: spots change.
          cacheControl: 'no-cache',
          text: true,
          brotliQuality: 5,
          weak: true,
        }),
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that changes nothing public (a device credential): it leaves the read cache alone. */
    publicDataUnchanged?: boolean;
  }
}

/**
 * Any successful write through this instance empties the cache before its answer leaves, so the
 * writer's next read sees the write.
 */
export function registerCacheInvalidation(app: FastifyInstance, cache: PublicReadCache) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return payload;
    if (!request.routeOptions.config.publicDataUnchanged) cache.invalidate();
    return payload;
  });
}
