/** What other features may use of routing; nothing else of this folder is theirs to import. */
export { lineGeoJson } from './line-geometry.ts';
