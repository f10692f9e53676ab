import { insideRegion, region } from '../../../../common/region.ts';

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

const VIEW_KEY = 'hatari.view';

/** Where the map opens on a first visit: the region's home. */
export const defaultView = (): MapView => ({ ...region().home });

/** Where the map was last left on this phone, so a return visit opens there. */
export function savedView(): MapView | undefined {
  try {
    const v = JSON.parse(localStorage.getItem(VIEW_KEY) ?? 'null') as MapView | null;
    return v && [v.lat, v.lng, v.zoom].every(Number.isFinite) && insideRegion(v.lat, v.lng) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers where the map was left (nothing when the phone's storage refuses). */
export function saveView(view: MapView) {
  try {
    localStorage.setItem(VIEW_KEY, JSON.stringify(view));
  } catch {
    // not remembered
  }
}
