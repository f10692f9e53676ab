import type { Landmark } from './region.ts';

/** A ring of [lat, lng] pairs, as Leaflet draws it. */
export type Ring = [number, number][];

/**
 * What the map draws where no background loads, so a person can still tell where they are: the
 * region's border, its lakes and its landmarks' names. `npm run region:outline` writes one file per
 * region (common/region-outline/<id>.json); the page loads it only when it needs it.
 */
export interface RegionOutline {
  region: string;
  /** Where the shapes come from, and under which licences. */
  sources: string;
  border: Ring[];
  /** Each lake: its shore, then any islands big enough to show. */
  lakes: Ring[][];
  landmarks: Landmark[];
}

export const outlineFile = (id: string) => `common/region-outline/${id}.json`;
