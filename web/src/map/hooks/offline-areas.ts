import { AREA_MAX_TILES } from '../../../../common/domain.ts';
import { TILE_MAX_ZOOM, tileRange, tilesOfRange } from '../../../../common/geo.ts';
import { answer, client } from '../../lib/api.ts';
import type { Failure } from '../../lib/failures.ts';
import { AREA_HEADER } from '../../lib/spot-list.ts';

/**
 * Areas kept offline (docs/web.md, "Areas kept offline"): the background's tiles and the dangers'
 * tiles of a view, saved in their own Cache Storage cache, apart from the tiles last seen (which the
 * service worker keeps and drops by itself). Offline, the service worker answers a tile from either.
 * The page downloads an area itself, so it can show its progress and stop at the budget.
 */
const AREAS_CACHE = 'hatari-areas';
/** What the phone keeps for areas, at most, as stored (tiles are kept uncompressed). */
export const AREAS_BUDGET_BYTES = 80 * 1024 * 1024;
/** The kept areas, as a JSON entry of the same cache (the Cache API tells no sizes). */
const INDEX = '/__hatari-areas__';
/** A kept area is refreshed when the page opens online this long after it was saved. */
const REFRESH_AFTER_MS = 24 * 3600 * 1000;
/** Tiles asked at once while saving: a phone's few connections stay free for the map. */
const AT_ONCE = 4;

export interface KeptArea {
  id: string;
  name: string;
  /** minLng,minLat,maxLng,maxLat */
  bbox: string;
  urls: string[];
  /** As stored on the phone. */
  bytes: number;
  savedAt: string;
}

/** What keeping a view takes: its tiles and, before any download, about how many bytes. */
export interface AreaPlan {
  name: string | undefined;
  bbox: string;
  urls: string[];
  /** The background's tiles as the server stores them (nearly all of it; dangers' tiles are tiny). */
  bytes: number;
}

export const offlineAreasSupported = () => 'caches' in window && 'serviceWorker' in navigator;

export async function keptAreas(): Promise<KeptArea[]> {
  const saved = await (await caches.open(AREAS_CACHE)).match(INDEX);
  return saved ? ((await saved.json()) as KeptArea[]) : [];
}

async function writeIndex(cache: Cache, areas: KeptArea[]) {
  await cache.put(
    INDEX,
    new Response(JSON.stringify(areas), { headers: { 'content-type': 'application/json' } }),
  );
}

const parseBox = (bbox: string) => {
  const [minLng = 0, minLat = 0, maxLng = 0, maxLat = 0] = bbox.split(',').map(Number);
  return { minLng, minLat, maxLng, maxLat };
};

/**
 * The dangers' tiles of a box as the map asks them unfiltered (use-view-spots.ts: a view at zoom
 * m asks tiles of zoom m − 1), from the view's zoom zoomed out once to the deepest background kept
 * (whose views zoomed in once ask them), within AREA_MAX_TILES.
 */
function dangerTiles(bbox: string, viewZoom: number, deepest: number): string[] {
  const box = parseBox(bbox);
  const urls: string[] = [];
  for (let z = Math.max(0, viewZoom - 2); z <= Math.min(deepest, TILE_MAX_ZOOM); z++) {
    const range = tileRange(box, z);
    if (urls.length + range.count > AREA_MAX_TILES) break;
    for (const t of tilesOfRange(z, range)) urls.push(`/api/spots/tiles/${t.z}/${t.x}/${t.y}.json`);
  }
  return urls;
}

/** What keeping the view `bbox` at `zoom` takes, and the name of the place at its middle. */
export async function planArea(bbox: string, zoom: number, basemap: boolean): Promise<AreaPlan> {
  const box = parseBox(bbox);
  const [background, place] = await Promise.all([
    basemap ? answer(client.GET('/api/basemap/area', { params: { query: { bbox } } })) : undefined,
    answer(
      client.GET('/api/nearby', {
        params: { query: { lat: (box.minLat + box.maxLat) / 2, lng: (box.minLng + box.maxLng) / 2 } },
      }),
    ),
  ]);
  if (background && !background.ok) throw new AreaFailure(background);
  const tiles = background?.data.tiles ?? [];
  const deepest = background?.data.max_zoom ?? Math.round(zoom) + 2;
  return {
    name: place.ok ? place.data.place?.name : undefined,
    bbox,
    urls: [...tiles, ...dangerTiles(bbox, Math.round(zoom), deepest)],
    bytes: background?.data.bytes ?? 0,
  };
}

/** The bytes kept for all areas. */
export const keptBytes = (areas: KeptArea[]) => areas.reduce((n, a) => n + a.bytes, 0);

/** How long to wait for a tile the server asked us to ask again later (a rate limit), at most. */
const MAX_WAIT_S = 60;

/**
 * A tile for an area, not through the HTTP cache (it is kept here, once). Asked too fast (a long
 * download meets the tiles' rate limit), it waits as the server says and asks again, twice at most.
 */
async function fetchTile(url: string, headers: Record<string, string> = {}): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(url, { cache: 'no-store', headers: { [AREA_HEADER]: '1', ...headers } });
    if (response.status !== 429 || attempt === 2) return response;
    const wait = Math.min(MAX_WAIT_S, Number(response.headers.get('retry-after')) || 5);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}

export class NoRoomError extends Error {}

/** The server refused or could not be reached: what describeFailure tells the user. */
export class AreaFailure extends Error {
  readonly failure: Failure;
  constructor(failure: Failure) {
    super(failure.error);
    this.failure = failure;
  }
}

/**
 * Downloads and keeps an area's tiles, reporting how many are done; past the budget it stops,
 * removes what it saved of this area, and throws NoRoomError. Tiles another area holds are kept once.
 */
export async function keepArea(
  plan: AreaPlan,
  name: string,
  onProgress: (done: number, total: number) => void,
): Promise<KeptArea> {
  const cache = await caches.open(AREAS_CACHE);
  const areas = await keptAreas();
  const room = AREAS_BUDGET_BYTES - keptBytes(areas);
  if (plan.bytes > room) throw new NoRoomError();
  // Ask the browser not to clear these when storage runs short (it may say no).
  void navigator.storage?.persist?.().catch(() => false);
  const saved = new Set(areas.flatMap((a) => a.urls));
  let bytes = 0;
  let done = 0;
  let next = 0;
  const urls = plan.urls;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      const response = await fetchTile(url);
      if (response.ok && response.status !== 204) {
        const body = await response.blob();
        bytes += body.size;
        if (bytes > room) throw new NoRoomError();
        await cache.put(url, new Response(body, { headers: response.headers }));
      }
      onProgress(++done, urls.length);
    }
  };
  try {
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
  } catch (err) {
    await Promise.all(urls.filter((u) => !saved.has(u)).map((u) => cache.delete(u)));
    throw err;
  }
  const area: KeptArea = {
    id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
    name,
    bbox: plan.bbox,
    urls,
    bytes,
    savedAt: new Date().toISOString(),
  };
  await writeIndex(cache, [...(await keptAreas()), area]);
  return area;
}

/** Removes an area and the tiles no other kept area holds. */
export async function removeArea(id: string): Promise<void> {
  const cache = await caches.open(AREAS_CACHE);
  const areas = await keptAreas();
  const rest = areas.filter((a) => a.id !== id);
  const still = new Set(rest.flatMap((a) => a.urls));
  const gone = areas.find((a) => a.id === id);
  await Promise.all((gone?.urls ?? []).filter((u) => !still.has(u)).map((u) => cache.delete(u)));
  await writeIndex(cache, rest);
}

/**
 * Refreshes the areas saved more than a day ago, tile by tile: each is asked with the ETag of the
 * tile kept, so a tile that did not change costs a 304; one that did is kept as it now is.
 */
export async function refreshAreas(): Promise<void> {
  if (!offlineAreasSupported() || !navigator.onLine) return;
  const cache = await caches.open(AREAS_CACHE);
  const areas = await keptAreas();
  const now = Date.now();
  let changed = false;
  refresh: for (const area of areas) {
    if (now - Date.parse(area.savedAt) < REFRESH_AFTER_MS) continue;
    let bytes = 0;
    for (const url of area.urls) {
      const kept = await cache.match(url);
      const etag = kept?.headers.get('etag');
      const response = await fetchTile(url, etag ? { 'if-none-match': etag } : {}).catch(() => undefined);
      // Offline again: this area stays as it was (what was fetched is kept), refreshed another time.
      if (!response) break refresh;
      if (response.status === 304 && kept) {
        bytes += (await kept.clone().blob()).size;
        continue;
      }
      if (!response.ok || response.status === 204) continue;
      const body = await response.blob();
      bytes += body.size;
      await cache.put(url, new Response(body, { headers: response.headers }));
    }
    area.bytes = bytes;
    area.savedAt = new Date().toISOString();
    changed = true;
  }
  if (changed) await writeIndex(cache, areas);
}
