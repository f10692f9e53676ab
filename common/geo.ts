/**
 * Coordinates are kept to 7 decimal places (about 1 cm, finer than any phone's fix). Unrounded, a
 * report at latitude 5e-324 (a number JSON allows and the region's box holds) was stored as sent,
 * and PostgreSQL's arithmetic on it (a cell's mean latitude) failed with an underflow: two such
 * reports broke the map's clusters for everyone. Every coordinate a client sends passes here.
 */
const COORDINATE_DECIMALS = 7;
const SCALE = 10 ** COORDINATE_DECIMALS;
export function roundCoordinate(degrees: number): number {
  // `+ 0` turns the -0 of a tiny negative value into 0.
  return Math.round(degrees * SCALE) / SCALE + 0;
}

/** Great-circle distance in metres (haversine; plenty for the few kilometres it is used over). */
export function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** A map tile's address in the XYZ numbering of Web Mercator tiles. */
export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** Map tiles (Web Mercator XYZ, 256 px): the zooms up to which a tile holds clusters, not spots. */
export const TILE_CLUSTER_MAX_ZOOM = 13;
/** The deepest zoom a tile is served at (the map's own maximum). */
export const TILE_MAX_ZOOM = 19;

/** Where a point lies at zoom `z`, in tiles (the integer part is its tile, the rest its place in it). */
export function tileCoordinates(lat: number, lng: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * n,
    y: ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n,
  };
}

/** The tile of zoom `z` holding a point. */
export function tileOf(lat: number, lng: number, z: number): { x: number; y: number } {
  const max = 2 ** z - 1;
  const clamp = (v: number) => Math.min(max, Math.max(0, Math.floor(v)));
  const at = tileCoordinates(lat, lng, z);
  return { x: clamp(at.x), y: clamp(at.y) };
}

/** The box a tile covers, in degrees. */
export function tileBounds(z: number, x: number, y: number) {
  const n = 2 ** z;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return {
    minLng: (x / n) * 360 - 180,
    maxLng: ((x + 1) / n) * 360 - 180,
    minLat: lat(y + 1),
    maxLat: lat(y),
  };
}

/** The tiles of zoom `z` covering a box: their columns and rows, and how many they are. */
export function tileRange(
  box: { minLng: number; minLat: number; maxLng: number; maxLat: number },
  z: number,
): { minX: number; maxX: number; minY: number; maxY: number; count: number } {
  const nw = tileOf(box.maxLat, box.minLng, z);
  const se = tileOf(box.minLat, box.maxLng, z);
  return {
    minX: nw.x,
    maxX: se.x,
    minY: nw.y,
    maxY: se.y,
    count: (se.x - nw.x + 1) * (se.y - nw.y + 1),
  };
}

/** The addresses of the tiles of a range (tileRange), row by row. */
export function tilesOfRange(z: number, r: ReturnType<typeof tileRange>): TileAddress[] {
  const tiles: TileAddress[] = [];
  for (let y = r.minY; y <= r.maxY; y++) for (let x = r.minX; x <= r.maxX; x++) tiles.push({ z, x, y });
  return tiles;
}

/**
 * The keys of a tile's spots (migration 0031, `spot_tile_key`): a spot's key is its zoom-19 tile's
 * column and row with their bits interleaved (column bit i at 2i, row bit i at 2i + 1), so the spots
 * of a tile of any zoom up to 19 are exactly the keys from `from` to `to`.
 */
export function tileKeyRange(t: TileAddress): { from: number; to: number } {
  let prefix = 0;
  for (let i = 0; i < t.z; i++)
    prefix += ((t.x >> i) & 1) * 2 ** (2 * i) + ((t.y >> i) & 1) * 2 ** (2 * i + 1);
  const span = 4 ** (TILE_MAX_ZOOM - t.z);
  return { from: prefix * span, to: prefix * span + span - 1 };
}
