import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { PageSettings } from '../../../common/page-settings.ts';
import { region } from '../../../common/region.ts';
import type { ModeratorArea } from '../lib/types.ts';

/**
 * The console's map of a moderator's areas (in its own chunk, with Leaflet): the areas drawn as
 * boxes; the moderator pans and zooms to a place, and the view is the box a new area covers.
 */
export class AreaMap {
  private readonly map: L.Map;
  private readonly boxes = L.layerGroup();

  constructor(element: HTMLElement, settings: PageSettings) {
    this.map = L.map(element, { maxZoom: 18, minZoom: 6 });
    this.map.attributionControl.setPrefix(false);
    if (settings.tileUrl)
      L.tileLayer(settings.tileUrl, { maxZoom: 19, attribution: '© OpenStreetMap' }).addTo(this.map);
    const { minLat, maxLat, minLng, maxLng } = region().box;
    this.map.fitBounds([
      [minLat, minLng],
      [maxLat, maxLng],
    ]);
    this.boxes.addTo(this.map);
  }

  show(areas: readonly ModeratorArea[]) {
    this.boxes.clearLayers();
    for (const a of areas)
      L.rectangle(
        [
          [a.south, a.west],
          [a.north, a.east],
        ],
        { weight: 2, interactive: false },
      )
        .bindTooltip(a.name, { permanent: true, direction: 'center' })
        .addTo(this.boxes);
  }

  /** The box in view, rounded to 0.001° (about 110 m). */
  view() {
    const b = this.map.getBounds();
    const r = (n: number) => Math.round(n * 1000) / 1000;
    return { west: r(b.getWest()), south: r(b.getSouth()), east: r(b.getEast()), north: r(b.getNorth()) };
  }

  remove() {
    this.map.remove();
  }
}
