/** What other features may use of search: the place search and its shortest query. */
export type { PlaceSearch } from './places.ts';
export { MIN_PLACE_QUERY } from './search.service.ts';
