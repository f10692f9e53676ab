import { z } from 'zod';
import {
  CATEGORIES,
  FLAG_REASONS,
  QUEUE_COUNT_CAP,
  REVIEW_REASONS,
  ROLES,
  STATUSES,
  TIMES_OF_DAY,
} from './domain.ts';

export * from './report.ts';

/**
 * The API's shapes, as Zod schemas: the report's fields and their rules, and every answer the page
 * reads. The server validates and serializes with them (and generates its OpenAPI document from
 * them); the page imports their types only, which leave nothing in its bundle (web/src/lib/types.ts).
 */

// Answers of the spot endpoints.

export const spotSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    lat: z.number(),
    lng: z.number(),
    area: z.string(),
    category: z.enum(CATEGORIES),
    severity: z.number().int().min(1).max(5),
    time_of_day: z.enum(TIMES_OF_DAY),
    incident_date: z.string().nullable().meta({ format: 'date' }),
    source_url: z.string().nullable().meta({ format: 'uri' }),
    created_at: z.string().meta({ format: 'date-time' }),
    last_confirmed_at: z.string().nullable().meta({ format: 'date-time' }),
    confirmations: z.number().int().min(0),
    denials: z.number().int().min(0),
    status: z.enum(STATUSES),
    moderator_verified: z.boolean().meta({ description: 'Shown as "Verified by moderators".' }),
    seeded: z.boolean(),
    confidence: z
      .number()
      .min(0)
      .max(10)
      .meta({
        description:
          'Extension: how sure the map is of the spot, 0 to 10, from verification, its source, votes by wide ' +
          'network and standing, and the time since it was last confirmed (docs/api.md, "Confidence and time")',
      }),
    archived: z.boolean().meta({
      description:
        'Extension: nobody confirmed it for long, so it is off the map, routes and alerts (listed only with ' +
        'archived=1, still in open data and by its id); a confirmation brings it back',
    }),
  })
  .meta({ id: 'Spot' });
export type Spot = z.output<typeof spotSchema>;

export const reportResponse = z.object({
  spot: spotSchema,
  pending: z.boolean().meta({ description: 'True when held for moderator review and not yet public.' }),
});
export const listResponse = z.object({
  spots: z.array(spotSchema),
  next_cursor: z.string().optional().meta({ description: 'Present only when more spots match.' }),
});
export const spotResponse = z.object({ spot: spotSchema });

// Map tiles.

const tileMarker = z
  .object({
    id: z.number().int(),
    lat: z.number(),
    lng: z.number(),
    severity: z.number().int().min(1).max(5),
    category: z.enum(CATEGORIES),
    status: z.enum(STATUSES),
    verified: z.boolean().meta({ description: 'Verified by moderators' }),
    seeded: z.boolean(),
    time_of_day: z.enum(TIMES_OF_DAY),
    confirmed_on: z
      .string()
      .meta({ format: 'date', description: 'The day the spot was last confirmed, else reported (UTC)' }),
    confidence: z
      .number()
      .min(0)
      .max(10)
      .meta({ description: 'An extension: how sure the map is of it, 0 to 10' }),
    archived: z.boolean().meta({
      description: 'An extension, as on a spot: always false here, since an archived spot is on no tile',
    }),
  })
  .meta({ id: 'TileMarker' });
export type TileMarker = z.output<typeof tileMarker>;

/** Public spots counted in one grid cell: the clusters endpoint's and a tile's. */
export const gridCluster = z
  .object({
    count: z.number().int(),
    max_severity: z.number().int().min(1).max(5),
    severities: z
      .array(z.number().int().min(0))
      .length(5)
      .meta({ description: 'How many of the spots have each severity, 1 to 5' }),
    lat: z.number().meta({ description: "Centroid of the cell's spots" }),
    lng: z.number(),
  })
  .meta({ id: 'GridCluster' });

export const tileResponse = z
  .object({
    version: z
      .number()
      .int()
      .meta({ description: "The tile's version: raised whenever a spot in it changes (its ETag names it)" }),
    clusters: z
      .array(gridCluster)
      .meta({ description: 'At cluster zooms: the spots counted per eighth of the tile; else empty' }),
    spots: z
      .array(tileMarker)
      .meta({ description: 'At street zooms: the spots, most severe first; else empty' }),
    more: z.boolean().meta({ description: 'More spots lie in the tile than it lists (zoom in)' }),
  })
  .meta({ id: 'Tile' });
export type Tile = z.output<typeof tileResponse>;

// Search.

const spotSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    area: z.string(),
    category: z.enum(CATEGORIES),
    severity: z.number().int(),
    status: z.enum(STATUSES),
    moderator_verified: z.boolean(),
    lat: z.number(),
    lng: z.number(),
  })
  .meta({ id: 'SpotSummary' });

const spotHit = spotSummary.extend({ score: z.number().meta({ description: 'Higher is better' }) });
export type SpotHit = z.output<typeof spotHit>;

const nearbySpot = spotSummary.extend({ distance_m: z.number() });
export type NearbySpot = z.output<typeof nearbySpot>;

const placeSchema = z.object({
  name: z.string(),
  detail: z.string().meta({ description: 'Up to three levels of administrative context' }),
  lat: z.number(),
  lng: z.number(),
  nearby: z.array(nearbySpot).meta({ description: 'Up to 5 public spots within 2 km, nearest first' }),
});
export type Place = z.output<typeof placeSchema>;

export const nearbyResponse = z.object({
  place: z.object({ name: z.string(), distance_m: z.number().int() }).nullable().meta({
    description: 'The nearest named place within 3 km (an area spots name, or a place search named)',
  }),
  spots: z.array(nearbySpot).meta({
    description: 'Up to 5 public spots within 150 m, nearest first: a new report may be one of them',
  }),
});
export type Nearby = z.output<typeof nearbyResponse>;

/**
 * The open data as GeoJSON (RFC 7946): each public spot a Point feature whose id is the spot's and
 * whose properties are its fields but the coordinates. GET /api/spots.geojson writes it as a stream.
 */
export const spotFeature = z
  .object({
    type: z.literal('Feature'),
    id: z.number().int(),
    geometry: z.object({
      type: z.literal('Point'),
      coordinates: z.array(z.number()).length(2).meta({ description: 'Longitude, latitude' }),
    }),
    properties: spotSchema.omit({ lat: true, lng: true }),
  })
  .meta({ id: 'SpotFeature' });
export type SpotFeature = z.output<typeof spotFeature>;

export const spotFeatureCollection = z
  .object({
    type: z.literal('FeatureCollection'),
    licence: z.object({ name: z.string(), url: z.string(), attribution: z.string() }),
    features: z.array(spotFeature),
  })
  .meta({ id: 'SpotFeatureCollection' });

/**
 * TileJSON 3.0.0 (github.com/mapbox/tilejson-spec): how GDAL, MapLibre, QGIS and the pmtiles tools
 * open a tileset by one URL. GET /api/spots/tiles.json and /api/basemap.json.
 */
export const tileJson = z
  .object({
    tilejson: z.literal('3.0.0'),
    name: z.string(),
    description: z.string(),
    attribution: z.string().meta({ description: 'HTML, as the map shows it' }),
    tiles: z.array(z.string()).meta({ description: 'Absolute tile URL templates, {z}/{x}/{y}' }),
    minzoom: z.number().int(),
    maxzoom: z.number().int(),
    bounds: z.array(z.number()).length(4).meta({ description: 'West, south, east, north (WGS 84)' }),
    center: z.array(z.number()).length(3).meta({ description: 'Longitude, latitude, zoom' }),
    vector_layers: z.array(
      z.object({
        id: z.string(),
        description: z.string().optional(),
        minzoom: z.number().int().optional(),
        maxzoom: z.number().int().optional(),
        fields: z.record(z.string(), z.string()),
      }),
    ),
  })
  .meta({ id: 'TileJSON' });
export type TileJson = z.output<typeof tileJson>;

/** GET /api/basemap/area: what keeping an area offline takes of the background map. */
export const basemapAreaResponse = z.object({
  tiles: z.array(z.string()).meta({
    description: 'The addresses of the background tiles over the area, shallowest zoom first',
  }),
  bytes: z.number().int().meta({ description: 'Their size as stored, about what a phone downloads' }),
  max_zoom: z.number().int().nullable().meta({
    description: 'The deepest zoom kept (null: not even the shallowest fits); deeper views draw from it',
  }),
});

/** Web Push alerts (docs/channels.md, "Push alerts"). */
export const pushInfoResponse = z.object({
  public_key: z.string().meta({
    description: "The site's VAPID public key (base64url): the applicationServerKey to subscribe with",
  }),
  per_day: z.number().int().meta({ description: 'Alerts a subscription gets at most in 24 hours' }),
  max_watches: z.number().int().meta({ description: 'Places and trips one subscription may watch' }),
  radius_m: z.object({ min: z.number().int(), max: z.number().int(), default: z.number().int() }),
  min_severity: z.number().int().meta({ description: 'Only dangers this severe or more alert' }),
});

const pushWatchSchema = z
  .object({
    id: z.number().int(),
    place: z.string().meta({ description: 'The place, or a trip as "start - end"' }),
    lat: z.number(),
    lng: z.number(),
    radius_m: z.number().int().meta({ description: 'Around the place, or either side of the trip' }),
    hours: z.object({ from: z.number().int(), to: z.number().int() }).nullable().meta({
      description: 'Local hours it matters, from up to to (across midnight when from > to); null: all day',
    }),
    trip: z.boolean(),
  })
  .meta({ id: 'PushWatch' });
export type PushWatch = z.output<typeof pushWatchSchema>;
export const pushWatchResponse = z.object({ watch: pushWatchSchema });
export const pushWatchesResponse = z.object({ watches: z.array(pushWatchSchema) });

export const searchResponse = z.object({
  spots: z.array(spotHit),
  places: z.array(placeSchema),
  error: z.string().optional().meta({ description: 'Set when place search failed or was throttled' }),
});

// Route checks.

/** Dangers a compact answer lists per route: as many as the page shows. */
export const COMPACT_DANGERS = 50;

const routeDanger = z.object({
  spot: spotSchema,
  distance: z.number().meta({ description: 'Metres from the route (at most bufferMeters)' }),
  along: z.number().meta({ description: 'Metres from the start' }),
});

const routeSchema = z.object({
  distance: z.number().meta({ description: 'Metres' }),
  duration: z.number().meta({ description: 'Seconds' }),
  line: z.array(z.object({ lat: z.number(), lng: z.number() })),
  dangers: z.array(routeDanger),
  risk: z.number().int().meta({ description: "Sum of the dangers' severities" }),
  weighted_risk: z.number().meta({
    description:
      "An extension: the sum of the dangers' severity × confidence / 10, one decimal (a danger the map is sure of counts its severity, an unconfirmed one little)",
  }),
  summary: z.string().meta({ description: 'Main road names' }),
  detour: z.boolean().meta({ description: 'True for a route built to go around dangerous spots' }),
});
export type Route = z.output<typeof routeSchema>;

const briefDanger = z.object({
  id: z.number().int(),
  title: z.string(),
  severity: z.number().int().min(1).max(5),
  confidence: z.number().min(0).max(10),
  lat: z.number(),
  lng: z.number(),
  distance: z.number().meta({ description: 'Metres from the route (at most bufferMeters)' }),
  along: z.number().meta({ description: 'Metres from the start' }),
});

const compactRouteSchema = routeSchema.omit({ dangers: true }).extend({
  dangers: z.array(briefDanger).max(COMPACT_DANGERS),
  danger_count: z.number().int().meta({ description: 'All dangers on the route' }),
});
export type CompactRoute = z.output<typeof compactRouteSchema>;

export const routeResponse = z.object({ routes: z.array(routeSchema), bufferMeters: z.number() });
export const compactRouteResponse = z.object({
  routes: z.array(compactRouteSchema),
  bufferMeters: z.number(),
});

// Votes, flags and the visitor.

export const voteResponse = z.object({ spot: spotSchema });
export const flagResponse = z.object({
  result: z.enum(['flagged', 'hidden']).meta({
    description: '"hidden" when this flag took the spot off the public map until a moderator reviews it.',
  }),
});

/** What a browser's PushSubscription.toJSON() gives (push alerts, moderators' phones). */
const B64URL = /^[A-Za-z0-9_-]+=*$/;
export const pushSubscription = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'endpoint must be the push service URL' }).max(1000),
  keys: z.object({
    p256dh: z.string().regex(B64URL, 'keys.p256dh must be base64url').max(200),
    auth: z.string().regex(B64URL, 'keys.auth must be base64url').max(100),
  }),
});

export const meResponse = z.object({
  votes: z.record(z.string(), z.union([z.literal(1), z.literal(-1)])).meta({
    description: "The calling visitor's vote per public spot id.",
  }),
  requireApproval: z.boolean(),
  flags: z.array(z.number().int()).meta({ description: 'Ids of public spots this visitor flagged.' }),
  alertMinConfidence: z.number().meta({
    description:
      "An extension: the page's nearby alert skips spots whose confidence is below this (a site setting)",
  }),
});

// Statistics.

export const statsResponse = z.object({
  totals: z.object({
    total: z.number().int(),
    confirmed: z.number().int().meta({ description: 'Community-confirmed or verified by moderators' }),
    unverified: z.number().int(),
    this_week: z
      .number()
      .int()
      .meta({ description: 'Reported through the app (not seeded) in the last 7 days' }),
  }),
  byCategory: z.array(z.object({ category: z.enum(CATEGORIES), count: z.number().int() })),
  byArea: z.array(z.object({ area: z.string(), count: z.number().int(), max_severity: z.number().int() })),
  byConfidence: z
    .object({ likely: z.number().int(), possible: z.number().int(), unconfirmed: z.number().int() })
    .meta({
      description:
        'An extension: the counted spots by confidence band (likely 7 and up, possible 4 and up, unconfirmed below)',
    }),
});

// Moderators.

const userSchema = z.object({ username: z.string(), role: z.enum(ROLES) }).meta({ id: 'User' });
export const userResponse = z.object({ user: userSchema });
export const usersResponse = z.object({ users: z.array(userSchema.extend({ created_at: z.string() })) });
export const sessionResponse = z.object({
  user: userSchema,
  two_factor: z
    .object({
      enabled: z.boolean().meta({ description: 'This account has a second factor' }),
      required: z.boolean().meta({ description: 'The site requires one of every moderator' }),
      session: z.boolean().meta({ description: 'This session was opened or confirmed with it' }),
    })
    .optional(),
});

export const twoFactorSetup = z.object({
  secret: z.string().meta({ description: 'The shared secret (base32), to type into an app' }),
  uri: z.string().meta({ description: 'The otpauth:// link authenticator apps read' }),
  qr_svg: z.string().meta({ description: 'The link as a QR code (SVG)' }),
});
export const recoveryCodes = z.object({
  recovery_codes: z
    .array(z.string())
    .meta({ description: 'Shown once: each signs in once without the phone' }),
});

const modSpotSchema = spotSchema
  .extend({
    publication: z.enum(['approved', 'pending', 'rejected', 'archived']),
    auto_hidden: z.boolean().meta({ description: 'True when open flags took it off the public map.' }),
    review_reason: z
      .enum(REVIEW_REASONS)
      .nullable()
      .meta({
        description:
          'Why it waits for review: "disputed" when community votes disputed a protected spot, which stays ' +
          'a danger; "flagged" when flags reached the hide threshold on a protected spot; "held" when they ' +
          "reached it while the site's hide budget for the hour was spent, so the spot stayed on the map. " +
          'Cleared by the next moderator decision.',
      }),
    protected: z.boolean().meta({
      description:
        'Verified, seeded with a source, or restored by a moderator in the last 30 days: flags and votes ' +
        'never take it off the map, routes or statistics.',
    }),
    restored_until: z
      .string()
      .meta({ format: 'date-time' })
      .nullable()
      .meta({ description: 'Until when a restore protects it (null when not restored lately).' }),
    burst: z.boolean().meta({
      description: 'True when one network sent a burst of votes or flags on it in the last 7 days.',
    }),
    flag_count: z.number().int().meta({ description: 'Open flags' }),
    flags: z.array(
      z.object({
        reason: z.enum(FLAG_REASONS),
        note: z.string(),
        created_at: z.string().meta({ format: 'date-time' }),
        duplicate_of: z
          .object({ id: z.number().int(), title: z.string(), lat: z.number(), lng: z.number() })
          .nullable()
          .meta({ description: 'The spot a "duplicate" flag says this one repeats' }),
      }),
    ),
  })
  .meta({ id: 'ModSpot' });
export type ModSpot = z.output<typeof modSpotSchema>;

/** A moderator action's answer: the spot after it. */
export const modSpotResponse = z.object({ spot: modSpotSchema });

/** A moderation queue, and how many spots wait in each queue that needs a moderator. */
export const modQueueResponse = z.object({
  spots: z.array(modSpotSchema),
  counts: z
    .object({
      pending: z.number().int(),
      flagged: z.number().int(),
      review: z.number().int(),
      bursts: z.number().int(),
      rejected: z.number().int(),
      approved: z.number().int(),
      archived: z.number().int().meta({ description: 'Spots archived as nobody confirmed them for long' }),
      all: z.number().int(),
      alarms: z.number().int().meta({ description: 'Bursts across networks not yet reviewed' }),
    })
    .meta({
      description: `How many spots each tab lists (and alarms wait), counted up to ${QUEUE_COUNT_CAP}: more reads ${QUEUE_COUNT_CAP + 1}`,
    }),
});

const reportBudget = (description: string) => z.number().int().min(0).max(100_000).meta({ description });

export const settingsSchema = z.object({
  requireApproval: z.boolean(),
  autoHideFlagThreshold: z.number().int().min(0).max(50).meta({
    description: 'Open flags from distinct wide networks (IPv4 /24, IPv6 /48) that hide a spot; 0 = never',
  }),
  autoHideBudgetPerHour: z
    .number()
    .int()
    .min(0)
    .max(1000)
    .meta({
      description:
        'Auto-hides by flags allowed in any hour, site-wide; past it a spot whose flags reach the threshold ' +
        'stays on the map and waits for review',
    }),
  disputeBudgetPerHour: z
    .number()
    .int()
    .min(0)
    .max(1000)
    .meta({
      description:
        'Spots community votes may move into disputed in any hour, site-wide; past it such a vote is a 429 ' +
        'and stores nothing',
    }),
  requireTwoFactor: z.boolean().meta({
    description: 'Every moderator must sign in with a one-time code (TOTP) as well as the password',
  }),
  reportBudgetPerHour: reportBudget(
    "Newcomers' reports published at once in any hour, site-wide (or three times the median hour of the " +
      'last 7 days, if larger); past it they are held for review. 0 = off',
  ),
  reportBudgetPerNetworkPerHour: reportBudget(
    "Newcomers' reports published at once in any hour from one wide network (IPv4 /24, IPv6 /48). 0 = off",
  ),
  reportBudgetPerPlacePerHour: reportBudget(
    "Newcomers' reports published at once in any hour within 1 km of a place. 0 = off",
  ),
  standingDays: z.number().int().min(1).max(365).meta({
    description: 'Standing: a device or number first seen at least this many days ago (counting today)',
  }),
  standingActiveDays: z.number().int().min(1).max(365).meta({
    description: 'Standing: seen on at least this many days, and with a report or vote others agreed with',
  }),
  alertBudgetPerHour: z.number().int().min(0).max(100_000).meta({
    description: 'SMS and push alerts queued in any hour, site-wide; past it no more go out that hour',
  }),
  halfLifeDaysSevere: z.number().int().min(1).max(3650).meta({
    description: "A severity 4–5 spot's confidence is halved every this many days without a confirmation",
  }),
  halfLifeDays: z.number().int().min(1).max(3650).meta({
    description: "A severity 1–3 spot's confidence is halved every this many days without a confirmation",
  }),
  alertMinConfidence: z.number().int().min(0).max(10).meta({
    description: "Alerts (SMS, push, the page's nearby alert) skip spots whose confidence is below this",
  }),
  archiveMonthsSevere: z.number().int().min(1).max(120).meta({
    description:
      'A severity 4–5 spot nobody confirmed (and no moderator kept) for this many months is archived',
  }),
  archiveMonths: z.number().int().min(1).max(120).meta({
    description:
      'A severity 1–3 spot nobody confirmed (and no moderator kept) for this many months is archived',
  }),
  heldAlertMinutes: z.number().int().min(1).max(1440).meta({
    description: 'A held report waiting this many minutes pages the on-duty moderators of its place',
  }),
  escalateMinutes: z.number().int().min(1).max(1440).meta({
    description: 'An alarm nobody acted on this many minutes after its first page pages every moderator',
  }),
});
/** A box of the map a moderator covers (GET /api/mod/on-call). */
const moderatorArea = z
  .object({
    id: z.number().int(),
    name: z.string(),
    west: z.number(),
    south: z.number(),
    east: z.number(),
    north: z.number(),
  })
  .meta({ id: 'ModeratorArea' });

export const onCallResponse = z.object({
  on_duty: z.boolean().meta({ description: "On duty: alarms of the moderator's areas come to them first" }),
  quiet_hours: z.object({ from: z.number().int(), to: z.number().int() }).nullable().meta({
    description: "No page comes in these hours (the region's clock, across midnight when from > to)",
  }),
  phones: z.array(z.string()).meta({
    description:
      'Phones (browsers) that get pages by Web Push, each as the SHA-256 of its push endpoint in hex: a browser finds whether it is one of them, and nobody reads the endpoints back',
  }),
  sms: z.object({
    available: z.boolean().meta({ description: 'Whether the site sends SMS (a gateway and PHONE_KEY)' }),
    number: z
      .string()
      .nullable()
      .meta({ description: 'The number pages go to by SMS, all but its last three digits hidden' }),
  }),
  push_public_key: z.string().meta({ description: "The site's VAPID key, to subscribe a phone with" }),
  areas: z.array(moderatorArea).meta({ description: 'None: the moderator covers the whole map' }),
});

export const logResponse = z.object({
  entries: z.array(
    z.object({
      at: z.string().meta({ format: 'date-time' }),
      actor: z.string(),
      action: z.string(),
      spot_id: z.number().int().nullable(),
      detail: z.record(z.string(), z.unknown()),
    }),
  ),
});

/** A network's key as moderators receive it from GET /api/mod/spots/{id}/networks (a salted hash). */
export const networkKey = z
  .string({ error: 'network is required' })
  .regex(/^[A-Za-z0-9_-]{20,64}$/, 'network must be a key from the networks list');

const networkActivitySchema = z
  .object({
    key: networkKey.meta({ description: 'Opaque: pass it back to void this network.' }),
    label: z.string().meta({ description: 'Anonymous and the same wherever it acted: "network oBXNQS"' }),
    up: z.number().int().meta({ description: '"Still dangerous" votes' }),
    down: z.number().int().meta({ description: '"Not anymore" votes' }),
    flags: z.number().int(),
    open_flags: z.number().int(),
    voidable: z
      .number()
      .int()
      .meta({ description: "Its votes a void would take: all but a reporter's own on their report" }),
    agents: z.number().int().meta({ description: 'Distinct user agents among its votes and flags' }),
    top_agent_share: z
      .number()
      .meta({ description: 'Share (0..1) of its acts sent with its most used agent' }),
    with_device: z.number().int().meta({ description: 'Acts sent with a device credential (the web page)' }),
    first_at: z.string().meta({ format: 'date-time' }),
    last_at: z.string().meta({ format: 'date-time' }),
    burst: z.boolean(),
  })
  .meta({ id: 'NetworkActivity' });
export type NetworkActivity = z.output<typeof networkActivitySchema>;

export const networksResponse = z.object({ networks: z.array(networkActivitySchema) });
/** One network's votes or flags voided on a spot: the spot after it, and how many went. */
export const voidOnSpotResponse = z.object({ spot: modSpotSchema, voided: z.number().int() });
/** One network's votes voided over a period: how many spots and votes it touched. */
export const voidPeriodResponse = z.object({ spots: z.number().int(), votes: z.number().int() });

// Alarms: the site-wide budgets and bursts across networks (docs/moderators.md, "Alarms").

const dateTime = z.string().meta({ format: 'date-time' });
const budgetUse = z.object({
  used: z.number().int().meta({ description: 'Actions that took effect in the last hour' }),
  per_hour: z.number().int().meta({ description: 'The budget (a moderator setting)' }),
});

const burstSchema = z
  .object({
    from: dateTime.meta({ description: 'Start of its first ten-minute bucket' }),
    to: dateTime.meta({ description: 'End of its last ten-minute bucket' }),
    denials: z.number().int().meta({ description: '"Not anymore" votes still counted' }),
    flags: z.number().int().meta({ description: 'Open flags' }),
    refused: z.number().int().meta({ description: 'Votes refused because the dispute budget was spent' }),
    hidden: z.number().int().meta({ description: 'Spots its flags hid' }),
    held: z.number().int().meta({ description: 'Spots kept on the map because the hide budget was spent' }),
    disputed: z.number().int().meta({ description: 'Spots its votes moved into disputed' }),
    budget_spent: z.boolean().meta({ description: 'It spent the last of a site budget' }),
    networks: z.array(
      z.object({
        key: networkKey.meta({ description: 'Opaque: pass it back to revert only some networks.' }),
        label: z.string().meta({ description: 'Anonymous and the same wherever it acted: "network oBXNQS"' }),
        denials: z.number().int(),
        flags: z.number().int(),
        refused_spots: z.number().int().meta({ description: 'Spots it had disputes refused on' }),
      }),
    ),
    spots: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        status: z.enum(STATUSES),
        publication: z.enum(['approved', 'pending', 'rejected', 'archived']),
        auto_hidden: z.boolean(),
        review_reason: z.enum(REVIEW_REASONS).nullable(),
        denials: z.number().int(),
        flags: z.number().int(),
        refused: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Burst' });
export type Burst = z.output<typeof burstSchema>;

const heldReportsSchema = z
  .object({
    reports: z.number().int().meta({ description: 'Reports waiting, held by the newcomer budgets' }),
    from: dateTime.meta({ description: 'When the first of them was held' }),
    to: dateTime.meta({ description: 'When the last of them was held' }),
    by: z
      .object({ site: z.number().int(), network: z.number().int(), place: z.number().int() })
      .meta({ description: 'How many each budget held: site-wide, per wide network, per place (1 km)' }),
    networks: z
      .array(z.object({ label: z.string(), reports: z.number().int() }))
      .meta({ description: 'The wide networks they came from, most first (at most 20)' }),
    places: z
      .array(
        z.object({
          lat: z.number(),
          lng: z.number(),
          area: z.string(),
          reports: z.number().int(),
        }),
      )
      .meta({ description: 'Where they are, by ~1 km square, most first (at most 20)' }),
  })
  .meta({ id: 'HeldReports' });

const decisionTimes = z
  .object({
    decided: z.number().int().meta({ description: 'Decisions made in the period' }),
    median_seconds: z.number().nullable().meta({ description: 'Half were made within this (null: none)' }),
    p90_seconds: z.number().nullable().meta({ description: 'Nine in ten were made within this' }),
  })
  .meta({ id: 'DecisionTimes' });

export const alarmsResponse = z.object({
  budgets: z.object({
    hides: budgetUse,
    disputes: budgetUse,
    reports: budgetUse.meta({
      description:
        "Newcomers' reports published at once in the last hour, and the site-wide budget now in force",
    }),
    alerts: budgetUse.meta({ description: 'SMS and push alerts queued in the last hour, and their budget' }),
  }),
  bursts: z.array(burstSchema).meta({ description: 'Not yet reviewed, newest first (at most 10)' }),
  held_reports: heldReportsSchema
    .nullable()
    .meta({ description: 'Reports the newcomer budgets hold for a decision; null when none waits' }),
  decisions: z
    .object({
      days: z.number().int().meta({ description: 'The period: the decisions of the last this many days' }),
      held_reports: decisionTimes.meta({
        description:
          'From a report held for review (by a budget, or the site holding all) to its approval or rejection',
      }),
      alarms: decisionTimes.meta({
        description: "From the end of a burst's period to a moderator keeping or reverting it",
      }),
    })
    .meta({ description: 'How soon moderators decide: whether they keep up' }),
});
export type Alarms = z.output<typeof alarmsResponse>;

export const heldDecisionResponse = z.object({
  spots: z.number().int().meta({ description: 'Held reports approved or rejected' }),
});

export const revertResponse = z.object({
  spots: z.number().int().meta({ description: 'Spots restored (and protected for 30 days)' }),
  votes: z.number().int().meta({ description: '"Not anymore" votes voided' }),
  flags: z.number().int().meta({ description: 'Flags dismissed' }),
  shown_again: z.number().int().meta({ description: 'Hidden spots back on the map' }),
});
