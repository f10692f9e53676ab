import L from 'leaflet';

/** A marker is 44 px: its centre must be half of that inside the free part to be seen whole. */
const MARKER_EDGE = 22;

/**
 * Framing in the part of the map nothing covers: the controls at its top (zoom buttons, the tools)
 * and the sheet (`coveredBottom`), or the pin's offer and the notice at its foot.
 */
export class MapFraming {
  private readonly map: L.Map;
  private readonly coveredBottom: () => number;

  constructor(map: L.Map, coveredBottom: () => number) {
    this.map = map;
    this.coveredBottom = coveredBottom;
  }

  /** What covers the map's edges, in pixels. */
  padding(): { top: number; right: number; bottom: number; left: number } {
    const box = this.map.getContainer().getBoundingClientRect();
    const below = (selector: string) => {
      const r = document.querySelector(selector)?.getBoundingClientRect();
      return r && r.height > 0 ? r.bottom - box.top : 0;
    };
    const above = (selector: string) => {
      const r = document.querySelector(selector)?.getBoundingClientRect();
      return r && r.height > 0 ? box.bottom - r.top : 0;
    };
    const top = Math.max(below('.map-tools'), below('.leaflet-control-zoom')) + 12;
    const foot = Math.max(above('.map-foot'), 24);
    return { top, right: 12, bottom: Math.max(this.coveredBottom(), foot) + 12, left: 12 };
  }

  /** Centres the point in the uncovered part, at `zoom` or closer (at once when `animate` is false). */
  focus(lat: number, lng: number, zoom: number, animate: boolean) {
    const z = Math.max(zoom, this.map.getZoom());
    const pad = this.padding();
    // The point goes to the middle of what the sheet and the controls leave visible.
    const shift = L.point((pad.right - pad.left) / 2, (pad.bottom - pad.top) / 2);
    const centre = this.map.project([lat, lng], z).add(shift);
    this.map.setView(this.map.unproject(centre, z), z, { animate });
  }

  /** Frames a box in the uncovered part. */
  fit(bounds: L.LatLngBounds) {
    const pad = this.padding();
    this.map.fitBounds(bounds, {
      paddingTopLeft: [pad.left, pad.top],
      paddingBottomRight: [pad.right, pad.bottom],
    });
  }

  /** Pans (keeping the zoom) so every point lies in the uncovered part, as far as they fit in it. */
  bringIntoSight(points: L.LatLng[]) {
    if (!points.length) return;
    const pad = this.padding();
    const size = this.map.getSize();
    const at = points.map((p) => this.map.latLngToContainerPoint(p));
    const [minX, maxX] = [Math.min(...at.map((p) => p.x)), Math.max(...at.map((p) => p.x))];
    const [minY, maxY] = [Math.min(...at.map((p) => p.y)), Math.max(...at.map((p) => p.y))];
    // How far to pan along one axis so that [low, high] lies within [from, to].
    const shift = (low: number, high: number, from: number, to: number) =>
      low < from ? low - from : high > to ? high - to : 0;
    const dx = shift(minX - MARKER_EDGE, maxX + MARKER_EDGE, pad.left, size.x - pad.right);
    const dy = shift(minY - MARKER_EDGE, maxY + MARKER_EDGE, pad.top, size.y - pad.bottom);
    if (dx || dy) this.map.panBy([dx, dy]);
  }
}
