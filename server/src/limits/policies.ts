/**
 * Every rate limit (docs/api.md, "Rate limits"), as data. A limit applies per visitor unless it is per network
 * (many phones share a carrier address, so network limits are higher), per wide network (an IPv4
 * /24 or IPv6 /48: what one subscriber cannot span, for what takes a danger off the map) or for the
 * whole site (what any number of networks together may do).
 */
export interface Policy {
  limit: number;
  windowSeconds: number;
  per: 'visitor' | 'network' | 'wide_network' | 'site';
  /**
   * A ceiling of this project's own that binds newcomers only: a device or number with standing
   * (docs/api.md, "Earned trust") is bounded by its own per-visitor limits instead.
   */
  newcomers?: true;
  /**
   * A read's limit, decided from this instance's counts and settled with the shared store in
   * batches (limits/settled-reads.ts): no round trip per request, a bounded overshoot across
   * instances. Writes and costly reads stay exact.
   */
  settled?: true;
}

export const POLICIES = {
  report_visitor: { limit: 5, windowSeconds: 3600, per: 'visitor' },
  report_network: { limit: 30, windowSeconds: 3600, per: 'network' },
  vote: { limit: 60, windowSeconds: 3600, per: 'visitor' },
  /**
   * Network ceilings (extensions; docs/api.md, "Rate limits", gives the reasoning). A carrier address is
   * shared by many phones, so these sit far above one visitor's limit; what they stop is one network
   * posing as a crowd.
   */
  vote_network: { limit: 1500, windowSeconds: 3600, per: 'network', newcomers: true },
  /**
   * Votes that move a spot between unverified, confirmed and disputed (counted in the service), per
   * wide network: the 256 /56s of one /48 share these. What a crowd of networks could do with them is
   * bounded site-wide (the dispute budget); this keeps one network from stirring many spots.
   */
  status_change_network: { limit: 60, windowSeconds: 3600, per: 'wide_network', newcomers: true },
  flag: { limit: 20, windowSeconds: 3600, per: 'visitor' },
  flag_network: { limit: 300, windowSeconds: 3600, per: 'network', newcomers: true },
  /**
   * New (or renewed) device credentials: far above what a carrier address's phones ask for (a phone
   * asks once a week), so every phone behind carrier NAT gets its own.
   */
  device_network: { limit: 5000, windowSeconds: 3600, per: 'network', newcomers: true },
  route: { limit: 20, windowSeconds: 60, per: 'visitor' },
  /**
   * Ceilings on costly reads per network (docs/api.md, "Rate limits"): a carrier address shared by many
   * phones stays far below them in ordinary use; one network rotating user agents meets them.
   */
  route_network: { limit: 120, windowSeconds: 60, per: 'network' },
  search: { limit: 120, windowSeconds: 60, per: 'visitor', settled: true },
  search_network: { limit: 3000, windowSeconds: 60, per: 'network', settled: true },
  /** Place lookups inside search that miss the cache. */
  place_lookup: { limit: 30, windowSeconds: 60, per: 'visitor' },
  place_lookup_network: { limit: 60, windowSeconds: 60, per: 'network' },
  /** One counter shared by GET /api/spots, /api/spots/{id}, /api/stats and /api/me. */
  read: { limit: 120, windowSeconds: 60, per: 'visitor', settled: true },
  read_network: { limit: 6000, windowSeconds: 60, per: 'network', newcomers: true, settled: true },
  /**
   * Map tiles: a pan loads a dozen at once, and most are answered from a cache (this instance's, the
   * proxy's or the phone's own), so their limit is a screenful per second.
   */
  tile: { limit: 600, windowSeconds: 60, per: 'visitor', settled: true },
  tile_network: { limit: 20_000, windowSeconds: 60, per: 'network', settled: true },
  /**
   * Background map tiles: a view takes a dozen or two, a drag as many again, and keeping an area
   * offline a few hundred in a minute (web/src/map/hooks/offline-areas.ts). Read from memory or a file.
   */
  basemap: { limit: 1500, windowSeconds: 60, per: 'visitor', settled: true },
  basemap_network: { limit: 30_000, windowSeconds: 60, per: 'network', settled: true },
  sign_in: { limit: 10, windowSeconds: 15 * 60, per: 'network' },
  /** Sign-in attempts from one IPv4 /24 or IPv6 /48, whatever the addresses inside it. */
  sign_in_wide: { limit: 20, windowSeconds: 15 * 60, per: 'wide_network' },
  /**
   * A revalidation (If-None-Match) of a read that carries an ETag: counted here instead of the
   * read's own policies, which are charged only if a full answer goes out after all. A 304 costs a
   * cache lookup; a GIS layer refreshing every minute never meets these.
   */
  revalidate: { limit: 600, windowSeconds: 60, per: 'visitor', settled: true },
  revalidate_network: { limit: 30_000, windowSeconds: 60, per: 'network', settled: true },
  /** The open-data downloads: a whole-country file is heavy, and it changes slowly. */
  export: { limit: 10, windowSeconds: 3600, per: 'visitor' },
  export_network: { limit: 60, windowSeconds: 3600, per: 'network' },
  /**
   * USSD and SMS (docs/channels.md). The visitor is a phone number, the network its operator: one
   * operator carries millions of phones, so its ceilings are generous; what they stop is a flood
   * through one operator. Reports and votes also count against report_visitor and vote per phone.
   */
  channel: { limit: 300, windowSeconds: 3600, per: 'visitor' },
  channel_network: { limit: 30_000, windowSeconds: 60, per: 'network' },
  channel_report_network: { limit: 600, windowSeconds: 3600, per: 'network' },
  channel_vote_network: { limit: 6000, windowSeconds: 3600, per: 'network' },
  channel_status_change_network: { limit: 200, windowSeconds: 3600, per: 'network' },
  /** SMS answers cost money and can be aimed at a phone: a number gets at most this many a day. */
  sms_reply: { limit: 10, windowSeconds: 86_400, per: 'visitor' },
  /**
   * Web Push watches (docs/channels.md, "Push alerts"): adding, listing and stopping them. A trip's
   * watch asks the routing service once, so these sit near the route check's own limits.
   */
  push_watch: { limit: 30, windowSeconds: 3600, per: 'visitor' },
  push_watch_network: { limit: 300, windowSeconds: 3600, per: 'network' },
  /**
   * New push subscriptions (counted in the service, for an endpoint not seen before): each is a
   * browser the outbox will send alerts to, so a crowd of networks minting them is bounded per wide
   * network and for the whole site.
   */
  push_subscription_wide: { limit: 60, windowSeconds: 3600, per: 'wide_network' },
  push_subscription_site: { limit: 600, windowSeconds: 3600, per: 'site' },
  /** Signed-in moderator calls: every endpoint but health is limited (docs/api.md). */
  moderation: { limit: 300, windowSeconds: 60, per: 'visitor' },
} as const satisfies Record<string, Policy>;

export type PolicyName = keyof typeof POLICIES;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The policies a route counts against (GET /api/health has none). */
    rateLimit?: PolicyName[];
    /**
     * The route answers a matching If-None-Match with 304, and every full answer of it goes out
     * through `request.chargeFullAnswer` (sendEncoded, the open-data snapshot, the read cache's
     * miss): a revalidation then counts against `revalidate` only until a full answer is due.
     */
    revalidates?: true;
  }
}
