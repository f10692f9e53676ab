/**
 * Every rate limit of the seed spec, as data. A limit applies per visitor unless it is per network
 * (many phones share a carrier address, so network limits are higher).
 */
export interface Policy {
  limit: number;
  windowSeconds: number;
  per: 'visitor' | 'network';
}

export const POLICIES = {
  report_visitor: { limit: 5, windowSeconds: 3600, per: 'visitor' },
  report_network: { limit: 30, windowSeconds: 3600, per: 'network' },
  vote: { limit: 60, windowSeconds: 3600, per: 'visitor' },
  flag: { limit: 20, windowSeconds: 3600, per: 'visitor' },
  route: { limit: 20, windowSeconds: 60, per: 'visitor' },
  search: { limit: 120, windowSeconds: 60, per: 'visitor' },
  /** Place lookups inside search that miss the cache. */
  place_lookup: { limit: 30, windowSeconds: 60, per: 'visitor' },
  /** One counter shared by GET /api/spots, /api/spots/{id}, /api/stats and /api/me. */
  read: { limit: 120, windowSeconds: 60, per: 'visitor' },
  sign_in: { limit: 10, windowSeconds: 15 * 60, per: 'network' },
  /** The open-data downloads: a whole-country file is heavy, and it changes slowly. */
  export: { limit: 10, windowSeconds: 3600, per: 'visitor' },
  /** Signed-in moderator calls (the seed leaves them out; every endpoint but health is limited). */
  moderation: { limit: 300, windowSeconds: 60, per: 'visitor' },
} as const satisfies Record<string, Policy>;

export type PolicyName = keyof typeof POLICIES;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The policies a route counts against (GET /api/health has none). */
    rateLimit?: PolicyName[];
  }
}
