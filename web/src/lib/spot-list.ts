/**
 * The spot list the page loads first and the service worker keeps for offline use: the most severe
 * public spots. Where more exist, the map asks per view (and for clusters when zoomed out).
 */
export const SPOT_LIST_QUERY = { limit: 1000 } as const;
/** Its address, as the page asks it (api.ts writes the query the same way). */
export const SPOT_LIST_URL = `/api/spots?${new URLSearchParams({ limit: String(SPOT_LIST_QUERY.limit) })}`;

/** The Cache Storage cache that holds the saved list (the service worker's and the page's). */
export const DATA_CACHE = 'hatari-data';
/** The header a saved list carries: when it was saved. */
export const SAVED_AT_HEADER = 'x-hatari-saved-at';
/** The header the page sets on a tile it saves for an area kept offline (map/offline-areas.ts). */
export const AREA_HEADER = 'x-hatari-area';
