import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import simplify from 'simplify-js';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { type Box, type Landmark, type Region, UGANDA, UGANDA_LANDMARKS } from '../../common/region.ts';
import { outlineFile, type PackedRing, packRing, type RegionOutline } from '../../common/region-outline.ts';
import { readRegionFile } from '../../server/src/region-file.ts';

/**
 * `npm run region:outline [-- region.json]`: writes the outline the map draws where no background
 * loads, for Uganda or the region a REGION_FILE describes: its border (Natural Earth 1:10m, public
 * domain, from world-atlas), the lakes that reach into its box (OpenStreetMap, ODbL, from
 * @geo-maps/earth-lakes-1km), both simplified to about 300 m, and its landmarks' names.
 */
const TOLERANCE_DEG = 0.003;
/** Lakes smaller than this (in square degrees, about 60 km²) are left out. */
const MIN_LAKE_AREA = 0.005;

const require = createRequire(import.meta.url);
const json = (module: string) => JSON.parse(readFileSync(require.resolve(module), 'utf8'));

const regionFile = process.argv[2];
const { region, landmarks } = ((): { region: Region; landmarks: readonly Landmark[] } => {
  if (!regionFile) return { region: UGANDA, landmarks: UGANDA_LANDMARKS };
  const read = readRegionFile(path.resolve(regionFile));
  if ('problems' in read) throw new Error(`${regionFile}: ${read.problems.join('; ')}`);
  return read;
})();

type Position = number[];
/** A ring simplified to about 300 m, packed (common/region-outline.ts). */
function ring(positions: Position[]): PackedRing {
  const points = simplify(
    positions.map(([x = 0, y = 0]) => ({ x, y })),
    TOLERANCE_DEG,
    true,
  );
  return packRing(points.map((p) => [p.y, p.x]));
}
const area = (positions: Position[]) =>
  Math.abs(
    positions.reduce((sum, [x1 = 0, y1 = 0], i) => {
      const [x2 = 0, y2 = 0] = positions[(i + 1) % positions.length] ?? [];
      return sum + x1 * y2 - x2 * y1;
    }, 0) / 2,
  );
const touches = (positions: Position[], box: Box) =>
  positions.some(
    ([x = 0, y = 0]) => x >= box.minLng && x <= box.maxLng && y >= box.minLat && y <= box.maxLat,
  );
const polygonsOf = (g: { type: string; coordinates: unknown }): Position[][][] =>
  g.type === 'Polygon'
    ? [g.coordinates as Position[][]]
    : g.type === 'MultiPolygon'
      ? (g.coordinates as Position[][][])
      : [];

const world = json('world-atlas/countries-10m.json') as Topology<{ countries: GeometryCollection }>;
const countries = feature(world, world.objects.countries);
const country = countries.features.find((f) => (f.properties as { name?: string }).name === region.name);
if (!country) throw new Error(`no country named ${region.name} in world-atlas`);
const border = polygonsOf(country.geometry as { type: string; coordinates: unknown }).map((polygon) =>
  ring(polygon[0] ?? []),
);

const lakesSource = json('@geo-maps/earth-lakes-1km/map.geo.json') as {
  geometries: { type: string; coordinates: unknown }[];
};
const lakes = lakesSource.geometries
  .flatMap(polygonsOf)
  .filter((polygon) => touches(polygon[0] ?? [], region.box) && area(polygon[0] ?? []) >= MIN_LAKE_AREA)
  .map((polygon) => polygon.filter((r) => area(r) >= MIN_LAKE_AREA).map(ring));

const outline: RegionOutline = {
  region: region.id,
  sources:
    'Border: Natural Earth 1:10m (public domain). Lakes: © OpenStreetMap contributors (ODbL), via @geo-maps/earth-lakes-1km.',
  border,
  lakes,
  landmarks: [...landmarks],
};
const file = new URL(`../../${outlineFile(region.id)}`, import.meta.url);
const text = `${JSON.stringify(outline)}\n`;
writeFileSync(file, text);
const points = (border.flat().length + lakes.flat(2).length) / 2;
console.log(
  `wrote ${outlineFile(region.id)}: ${border.length} border rings, ${lakes.length} lakes, ${points} points, ` +
    `${landmarks.length} landmarks, ${(text.length / 1024).toFixed(1)} KB`,
);
