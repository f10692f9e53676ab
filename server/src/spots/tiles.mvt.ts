import Point from '@mapbox/point-geometry';
import { fromVectorTileJs, type VectorTileFeatureLike, type VectorTileLayerLike } from '@maplibre/vt-pbf';
import type { Tile } from '../../../common/api.ts';
import type { TileAddress } from '../../../common/geo.ts';
import { tileCoordinates } from '../../../common/geo.ts';

/** The media type of a Mapbox Vector Tile (version 2 of the specification). */
export const MVT_TYPE = 'application/vnd.mapbox-vector-tile';
/** A tile's side in the vector tile's own units (the specification's usual 4096). */
export const MVT_EXTENT = 4096;

type Properties = VectorTileFeatureLike['properties'];

/**
 * A tile as a Mapbox Vector Tile: the same content as its JSON, as point features in two layers.
 * `clusters` (cluster zooms): count, max_severity and severity_1 … severity_5 at the cells'
 * centroids. `spots` (street zooms): the markers, each feature's id the spot's id, with severity,
 * category, status, verified, seeded, time_of_day, confirmed_on, confidence and archived (`more` is the JSON's
 * alone).
 * An empty tile is an empty body, as the specification allows.
 */
export function encodeMvt(t: TileAddress, tile: Tile): Buffer {
  const at = (lat: number, lng: number) => {
    const c = tileCoordinates(lat, lng, t.z);
    const clamp = (v: number) => Math.min(MVT_EXTENT - 1, Math.max(0, Math.round(v * MVT_EXTENT)));
    return new Point(clamp(c.x - t.x), clamp(c.y - t.y));
  };
  const layers: Record<string, VectorTileLayerLike> = {};
  if (tile.clusters.length > 0) {
    layers.clusters = layer(
      'clusters',
      tile.clusters.map((c) => {
        const severities = Object.fromEntries(c.severities.map((n, i) => [`severity_${i + 1}`, n]));
        return point(at(c.lat, c.lng), undefined, {
          count: c.count,
          max_severity: c.max_severity,
          ...severities,
        });
      }),
    );
  }
  if (tile.spots.length > 0) {
    layers.spots = layer(
      'spots',
      tile.spots.map(({ id, lat, lng, ...marker }) => point(at(lat, lng), id, marker)),
    );
  }
  return Buffer.from(fromVectorTileJs({ layers }));
}

function point(p: Point, id: number | undefined, properties: Properties): VectorTileFeatureLike {
  return { type: 1, id, properties, extent: MVT_EXTENT, loadGeometry: () => [[p]] };
}

function layer(name: string, features: VectorTileFeatureLike[]): VectorTileLayerLike {
  return {
    version: 2,
    name,
    extent: MVT_EXTENT,
    length: features.length,
    feature: (i: number) => features[i] as VectorTileFeatureLike,
  };
}
