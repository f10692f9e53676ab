/**
 * The spot list the page loads first and the service worker keeps for offline use: the most severe
 * public spots. Where more exist, the map asks per view (and for clusters when zoomed out).
 */
export const SPOT_LIST_URL = '/api/spots?limit=1000';
