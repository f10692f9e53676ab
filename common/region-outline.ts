import type { Landmark } from './region.ts';

/** A ring of [lat, lng] pairs, as Leaflet draws it. */
export type Ring = [number, number][];

/**
 * A ring as the file keeps it: thousandths of a degree (about 100 m), the first point whole and each
 * next one as its difference from the one before, `[lat, lng, dlat, dlng, …]`. Small numbers that
 * repeat compress to under half of plain coordinates.
 */
export type PackedRing = number[];

export function packRing(ring: Ring): PackedRing {
  const packed: number[] = [];
  let [lat, lng] = [0, 0];
  for (const [a, b] of ring) {
    const [x, y] = [Math.round(a * 1000), Math.round(b * 1000)];
    packed.push(x - lat, y - lng);
    [lat, lng] = [x, y];
  }
  return packed;
}

export function unpackRing(packed: PackedRing): Ring {
  const ring: Ring = [];
  let [lat, lng] = [0, 0];
  for (let i = 0; i + 1 < packed.length; i += 2) {
    lat += packed[i] ?? 0;
    lng += packed[i + 1] ?? 0;
    ring.push([lat / 1000, lng / 1000]);
  }
  return ring;
}

/**
 * What the map draws where no background loads, so a person can still tell where they are: the
 * region's border, its lakes and its landmarks' names. `npm run region:outline` writes one file per
 * region (common/region-outline/<id>.json); the page loads it only when it needs it.
 */
export interface RegionOutline {
  region: string;
  /** Where the shapes come from, and under which licences. */
  sources: string;
  border: PackedRing[];
  /** Each lake: its shore, then any islands big enough to show. */
  lakes: PackedRing[][];
  landmarks: Landmark[];
}

export const outlineFile = (id: string) => `common/region-outline/${id}.json`;
