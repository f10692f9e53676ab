import type L from 'leaflet';
import { leafletLayer } from 'protomaps-leaflet';
import type { PageSettings } from '../../../../common/page-settings.ts';
import { answer, client } from '../../lib/api.ts';

/** Whether the background's tiles are arriving: the page says so when they are not. */
export type BackgroundState = 'ok' | 'failing';

/**
 * The vector background map (protomaps-leaflet, loaded in its own chunk after the page has drawn):
 * the site's basemap tiles drawn on canvas in the Protomaps style, labels in the page's language.
 * Tiles are asked through the API client, so a tile that does not come (offline and not kept, the
 * server busy) leaves its square plain and tells `onState`, instead of an error in the console.
 */
export function basemapLayer(
  basemap: NonNullable<PageSettings['basemap']>,
  lang: string,
  attribution: string,
  onState: (state: BackgroundState) => void,
): L.Layer {
  const tiles = {
    async getZxy(z: number, x: number, y: number, signal?: AbortSignal) {
      const res = await answer(
        client.GET('/api/basemap/{z}/{x}/{y}.mvt', {
          params: { path: { z, x, y } },
          parseAs: 'arrayBuffer',
          signal,
        }),
      );
      if (!res.ok) {
        onState('failing');
        return undefined;
      }
      onState('ok');
      // 204: nothing here (open water, beyond the archive).
      return res.data ? { data: res.data as ArrayBuffer } : undefined;
    },
  };
  return leafletLayer({
    // protomaps-leaflet reads any object with getZxy as an archive.
    url: tiles as unknown as string,
    flavor: 'light',
    lang,
    maxDataZoom: basemap.maxZoom,
    attribution,
  }) as unknown as L.Layer;
}
