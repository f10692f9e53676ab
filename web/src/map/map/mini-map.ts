import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { PageSettings } from '../../../../common/page-settings.ts';
import { currentLang } from '../../lib/i18n.ts';

/** A place a small map marks: the spot itself (with its severity), another spot, or a report's pin. */
export interface MiniMapPoint {
  lat: number;
  lng: number;
  label: string;
  kind: 'spot' | 'other' | 'pin';
  severity?: number;
}

const ZOOM = 16;

/**
 * A small map that only shows: a spot (and the spot a duplicate flag names) in the console, or a
 * report's pin in its sheet. It does not pan or zoom by touch (the page scrolls through it), draws
 * the site's background as the big map does, and frames all its points.
 */
export class MiniMap {
  private readonly map: L.Map;
  private readonly marks = L.layerGroup();

  constructor(element: HTMLElement, settings: PageSettings, points: MiniMapPoint[]) {
    this.map = L.map(element, {
      zoomControl: false,
      attributionControl: true,
      dragging: false,
      touchZoom: false,
      scrollWheelZoom: false,
      doubleClickZoom: false,
      boxZoom: false,
      keyboard: false,
      maxZoom: 18,
    });
    this.map.attributionControl.setPrefix(false);
    const attribution = '© OpenStreetMap';
    if (settings.basemap) {
      const basemap = settings.basemap;
      void import('./basemap.ts').then(({ basemapLayer }) =>
        basemapLayer(basemap, currentLang(), attribution, () => {}).addTo(this.map),
      );
    } else if (settings.tileUrl) {
      L.tileLayer(settings.tileUrl, { maxZoom: 19, attribution }).addTo(this.map);
    }
    this.marks.addTo(this.map);
    this.show(points);
  }

  /** Marks `points` and frames them. */
  show(points: MiniMapPoint[]) {
    this.marks.clearLayers();
    for (const p of points) {
      L.marker([p.lat, p.lng], {
        icon: L.divIcon({
          className: p.kind === 'pin' ? 'mini-pin' : `spot-marker sev-${p.severity ?? 3} ${p.kind}`,
          html: p.kind === 'pin' ? '' : `<span>${p.severity ?? ''}</span>`,
          iconSize: p.kind === 'pin' ? L.point(24, 36) : L.point(44, 44),
          iconAnchor: p.kind === 'pin' ? L.point(12, 36) : undefined,
        }),
        title: p.label,
        alt: p.label,
        keyboard: false,
        interactive: false,
      }).addTo(this.marks);
    }
    const first = points[0];
    if (!first) return;
    if (points.length === 1) this.map.setView([first.lat, first.lng], ZOOM, { animate: false });
    else
      this.map.fitBounds(L.latLngBounds(points.map((p) => [p.lat, p.lng])), {
        // Room above for the pin's head and for a marker's half.
        paddingTopLeft: [28, 48],
        paddingBottomRight: [28, 28],
        maxZoom: 18,
        animate: false,
      });
  }

  remove() {
    this.map.remove();
  }
}
