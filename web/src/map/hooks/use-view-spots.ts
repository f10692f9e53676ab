import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { TILE_CLUSTER_MAX_ZOOM, TILE_MAX_ZOOM, tileOf } from '../../../../common/geo.ts';
import { answer, client } from '../../lib/api.ts';
import type { paths } from '../../lib/api-types.ts';
import type { GridCluster, TileMarker } from '../../lib/types.ts';
import { type Filters, markerMatches } from '../panels/filters.tsx';

export type ViewContent =
  | { kind: 'spots'; spots: TileMarker[] }
  | { kind: 'clusters'; clusters: GridCluster[] };

/** More tiles than this in view (a very large screen): the tiles of one zoom out are asked instead. */
const MAX_TILES = 40;
/** More filter combinations than this: the tiles are asked unfiltered and markers filtered here. */
const MAX_FILTERED_ASKS = 4;

/**
 * The tiles' share of the filters: a tile takes one category, one status and verified=1, so several
 * categories or statuses are asked tile by tile (each cacheable), up to a few combinations.
 */
function tileQueries(f: Filters): TileQuery[] {
  const categories = f.categories.length ? f.categories : [undefined];
  const statuses = f.statuses.length ? f.statuses : [undefined];
  const verified = f.verifiedOnly ? ({ verified: '1' } as const) : {};
  if (categories.length * statuses.length > MAX_FILTERED_ASKS) return [verified];
  return categories.flatMap((category) =>
    statuses.map((status) => ({ ...(category && { category }), ...(status && { status }), ...verified })),
  );
}

type TileQuery = NonNullable<paths['/api/spots/tiles/{z}/{x}/{y}.json']['get']['parameters']['query']>;
/** One tile to ask: where it is, the filters' share, and its address (what the browser caches it by). */
type TileAsk = { path: { z: number; x: number; y: number }; query: TileQuery; url: string };

/** `fresh`: revalidated with the server (by its ETag) even while the browser's copy is fresh. */
const askTile = ({ path, query }: TileAsk, signal?: AbortSignal, fresh = false) =>
  answer(
    client.GET('/api/spots/tiles/{z}/{x}/{y}.json', {
      params: { path, query },
      signal,
      ...(fresh && { cache: 'no-cache' as const }),
    }),
  );

/**
 * A spot's live change (GET /api/events) is laid over the tiles this long: a tile may be kept by the
 * browser and the proxy for up to 70 s (max-age and stale-while-revalidate), so one asked meanwhile
 * can still show the spot as it was.
 */
const LIVE_KEEP_MS = 90_000;

/** Tiles asked ahead while the map moves, by address, and when: each once while the browser keeps it. */
const warmed = new Map<string, number>();
/** A tile's max-age: within it the browser answers the tile from its cache. */
const WARM_FOR_MS = 10_000;
/**
 * Tiles asked ahead at once, at most: a long drag must not queue requests on the browser's few
 * connections in front of those of the view the map stops at.
 */
const WARM_AT_ONCE = 6;
let warming = 0;

/** A box's bounds, from its `minLng,minLat,maxLng,maxLat` text. */
export const parseBox = (bbox: string) => bbox.split(',').map(Number) as [number, number, number, number];

/**
 * The addresses of the tiles covering a box, one zoom out from the map's: each tile then spans 512
 * screen pixels, so a phone's view takes about six, and a tile's cells (an eighth of its side) lie
 * 64 px apart, room for a cluster's icon.
 */
function tilesOf(bbox: string, zoom: number): { z: number; x: number; y: number }[] {
  const [west, south, east, north] = parseBox(bbox);
  for (let z = Math.min(TILE_MAX_ZOOM, Math.max(0, Math.round(zoom) - 1)); z >= 0; z--) {
    const a = tileOf(north, west, z);
    const b = tileOf(south, east, z);
    if ((b.x - a.x + 1) * (b.y - a.y + 1) > MAX_TILES) continue;
    const tiles = [];
    for (let x = a.x; x <= b.x; x++) for (let y = a.y; y <= b.y; y++) tiles.push({ z, x, y });
    return tiles;
  }
  return [];
}

/**
 * The map's content for its view, from tiles: after each move the tiles of the view are asked all
 * at once (one round trip, each tile cacheable by the phone, its service worker, the proxy and the
 * server). Up to zoom 13 they hold clusters, beyond it the spots as markers; a spot's details are
 * asked by id when it is tapped.
 */
export function useViewSpots(enabled: boolean, filters: Filters) {
  const [view, setView] = useState<View>();
  const [loaded, setLoaded] = useState<ViewContent>();
  /** Spots changed since (by id: the marker now, or null when it left the map), and when. */
  const live = useRef(new Map<number, { marker: TileMarker | null; at: number }>());
  const [liveCount, setLiveCount] = useState(0);
  /** Bumped to ask the view's tiles again past the browser's copies (after a reload event). */
  const [revision, setRevision] = useState(0);
  const askedRevision = useRef(0);

  /**
   * While the map moves, the tiles of the views it passes are asked ahead and left to the browser's
   * cache: those of the view it settles on are in, or on their way, when it stops (its glide after a
   * swipe alone lasts about half a second), instead of asked only then.
   */
  const warm = useCallback(
    (moving: View) => {
      if (!enabled) return;
      const now = Date.now();
      for (const [url, at] of warmed) if (at < now - WARM_FOR_MS) warmed.delete(url);
      for (const tile of viewTiles(moving, filters).asks) {
        if (warmed.has(tile.url) || warming >= WARM_AT_ONCE) continue;
        warmed.set(tile.url, now);
        warming++;
        void askTile(tile)
          .catch(() => {})
          .finally(() => warming--);
      }
    },
    [enabled, filters],
  );

  useEffect(() => {
    if (!enabled || !view) return;
    const controller = new AbortController();
    const { signal } = controller;
    const { z, asks } = viewTiles(view, filters);
    const fresh = askedRevision.current !== revision;
    askedRevision.current = revision;
    (async () => {
      const answers = await Promise.all(asks.map((tile) => askTile(tile, signal, fresh)));
      const tiles = answers.flatMap((a) => (a.ok ? [a.data] : []));
      if (tiles.length === 0) return;
      // Tiles reach past the screen's edges; what lies beyond them is left out.
      const [west, south, east, north] = parseBox(view.bbox);
      const inView = (p: { lat: number; lng: number }) =>
        p.lat >= south && p.lat <= north && p.lng >= west && p.lng <= east;
      if (z <= TILE_CLUSTER_MAX_ZOOM) {
        return setLoaded({ kind: 'clusters', clusters: tiles.flatMap((t) => t.clusters).filter(inView) });
      }
      const byId = new Map(tiles.flatMap((t) => t.spots).map((s) => [s.id, s]));
      const spots = [...byId.values()].filter((s) => inView(s) && markerMatches(s, filters));
      setLoaded({ kind: 'spots', spots });
    })().catch(() => {
      // a newer view replaced this one
    });
    return () => controller.abort();
  }, [enabled, view, filters, revision]);

  const content = useMemo(() => {
    if (loaded?.kind !== 'spots' || live.current.size === 0) return loaded;
    const now = Date.now();
    const byId = new Map(loaded.spots.map((s) => [s.id, s]));
    for (const [id, { marker, at }] of live.current) {
      if (at < now - LIVE_KEEP_MS) continue;
      if (marker && markerMatches(marker, filters)) byId.set(id, marker);
      else byId.delete(id);
    }
    return { kind: 'spots' as const, spots: [...byId.values()] };
  }, [loaded, liveCount, filters]);

  /** A spot's change from the live stream, shown at once over the tiles; null: it left the map. */
  const follow = useCallback((id: number, marker: TileMarker | null) => {
    const now = Date.now();
    for (const [old, { at }] of live.current) if (at < now - LIVE_KEEP_MS) live.current.delete(old);
    live.current.set(id, { marker, at: now });
    setLiveCount((n) => n + 1);
  }, []);
  const revalidate = useCallback(() => setRevision((n) => n + 1), []);

  return { content, view, setView, warm, follow, revalidate };
}

type View = { bbox: string; zoom: number };

/** The zoom of a view's tiles and their addresses, with the filters' share of each. */
function viewTiles(view: View, filters: Filters): { z: number; asks: TileAsk[] } {
  const queries = tileQueries(filters);
  const tiles = tilesOf(view.bbox, view.zoom);
  return {
    z: tiles[0]?.z ?? 0,
    asks: tiles.flatMap((path) =>
      queries.map((query) => {
        const q = new URLSearchParams(query).toString();
        return { path, query, url: `/api/spots/tiles/${path.z}/${path.x}/${path.y}.json${q ? `?${q}` : ''}` };
      }),
    ),
  };
}
