import L from 'leaflet';
import 'leaflet.markercluster';
import 'leaflet.heat';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import type { PageSettings } from '../../../common/page-settings.ts';
import { insideRegion, region } from '../../../common/region.ts';
import { staleness } from '../lib/format.ts';
import { currentLang, t } from '../lib/i18n.ts';
import type { GridCluster, Route, TileMarker } from '../lib/types.ts';
import type { BackgroundState } from './basemap.ts';

export interface SpotMapEvents {
  onSpot(id: number): void;
  onPick(lat: number, lng: number): void;
  /** A tap on the map itself (not a marker) while no place is being picked. */
  onTap(lat: number, lng: number): void;
  /** The report pin was dragged to a new place. */
  onPinMoved(lat: number, lng: number): void;
  /** Pixels at the bottom of the map hidden under the page's sheet, kept clear when framing. */
  coveredBottom(): number;
  /** The visible box and zoom, after every move. */
  onView(bbox: string, zoom: number): void;
  /** The box and zoom the map passes while dragged (and in its glide after), a few times a second. */
  onMoving(bbox: string, zoom: number): void;
  /** Whether the background map draws: 'none' where the site serves none. */
  onBackground(state: BackgroundState | 'none'): void;
}

/** How often a moving map reports where it is. */
const MOVING_EVERY_MS = 200;

/** A marker: a tile's, or a spot of the page's list with its title. */
export type MapSpot = TileMarker & { title?: string };

export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

/** Where the map opens on a first visit: the region's home. */
export const defaultView = (): MapView => ({ ...region().home });
const VIEW_KEY = 'hatari.view';

/** Where the map was last left on this phone, so a return visit opens there. */
export function savedView(): MapView | undefined {
  try {
    const v = JSON.parse(localStorage.getItem(VIEW_KEY) ?? 'null') as MapView | null;
    return v && [v.lat, v.lng, v.zoom].every(Number.isFinite) && insideRegion(v.lat, v.lng) ? v : undefined;
  } catch {
    return undefined;
  }
}

const countLabel = (n: number) => (n < 10_000 ? String(n) : `${Math.round(n / 1000)}k`);

/**
 * A cluster's icon: its count on a ring whose colours show the share of each severity, so a
 * cluster of mostly mild spots does not look like one of killings. Styles are set through the
 * DOM: the page's CSP admits no inline style attributes.
 */
function clusterIcon(count: number, severities: number[], size: number): L.DivIcon {
  const ring = document.createElement('span');
  ring.className = 'ring';
  const total = severities.reduce((a, b) => a + b, 0) || 1;
  let at = 0;
  const stops: string[] = [];
  severities.forEach((n, i) => {
    if (n <= 0) return;
    const from = at;
    at += (n / total) * 360;
    stops.push(`var(--sev-${i + 1}) ${from.toFixed(1)}deg ${at.toFixed(1)}deg`);
  });
  ring.style.background = `conic-gradient(${stops.join(', ')})`;
  const label = document.createElement('span');
  label.textContent = countLabel(count);
  ring.append(label);
  const worst = severities.reduce((w, n, i) => (n > 0 ? i + 1 : w), 1);
  return L.divIcon({ html: ring, className: `spot-cluster worst-${worst}`, iconSize: L.point(size, size) });
}

const severityCounts = (severities: number[]) => {
  const counts = [0, 0, 0, 0, 0];
  for (const s of severities) counts[s - 1] = (counts[s - 1] ?? 0) + 1;
  return counts;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The Leaflet map: spot markers coloured by severity and clustered when zoomed out, a heat view,
 * a point the user is picking, routes and the user's position. The page talks to it only through
 * these methods, so the Preact components never touch Leaflet.
 */
export class SpotMap {
  private readonly map: L.Map;
  private readonly clusters: L.MarkerClusterGroup;
  private heat: L.HeatLayer | undefined;
  private heatOn = false;
  private spots: MapSpot[] = [];
  private picking = false;
  private readonly overlays = L.layerGroup();
  /** The open spot's marker, kept out of the clusters. */
  private readonly highlighted = L.layerGroup();
  private openId: number | undefined;
  /** The server's grid clusters, shown instead of markers when the view holds too many spots. */
  private readonly gridClusters = L.layerGroup();
  private pickMarker: L.CircleMarker | undefined;
  private pin: L.Marker | undefined;
  private readonly settings: PageSettings;
  private backgroundLayer: L.Layer | undefined;
  private backgroundLang: string | undefined;
  private readonly attribution: string;
  private backgroundFailedAt = 0;
  private userMarker: L.CircleMarker | undefined;

  /**
   * The map opens at `view` and stays there: it never re-frames itself when spots arrive, so tiles
   * already asked for are not cancelled and markers do not move under a finger.
   */
  constructor(
    element: HTMLElement,
    config: PageSettings,
    private readonly events: SpotMapEvents,
    view: MapView,
  ) {
    this.map = L.map(element, {
      center: [view.lat, view.lng],
      zoom: view.zoom,
      minZoom: 6,
      // Set here, not by a tile layer: the background may come later (the vector basemap's chunk)
      // or never, and clustering needs the map's deepest zoom from the start.
      maxZoom: 19,
      maxBounds: L.latLngBounds(
        [region().box.minLat - 1, region().box.minLng - 1],
        [region().box.maxLat + 1, region().box.maxLng + 1],
      ),
      zoomControl: true,
    });
    this.map.attributionControl.setPrefix(false);
    this.settings = config;
    const osm =
      '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>';
    const credit = config.basemap?.attribution ?? config.tileAttribution;
    this.attribution = [osm, credit ? escapeHtml(credit) : ''].filter(Boolean).join(' · ');
    // Raster and vector layers carry it themselves.
    if (!config.basemap && !config.tileUrl) this.map.attributionControl.addAttribution(this.attribution);
    this.background(currentLang());

    this.clusters = L.markerClusterGroup({
      maxClusterRadius: 50,
      showCoverageOnHover: false,
      chunkedLoading: true,
      // A tapped cluster is framed in the part of the map nothing covers (below).
      zoomToBoundsOnClick: false,
      iconCreateFunction: (cluster) => {
        const children = cluster.getAllChildMarkers();
        return clusterIcon(
          children.length,
          severityCounts(children.map((m) => (m.options as { severity?: number }).severity ?? 1)),
          44,
        );
      },
    });
    this.clusters.on('clusterclick', (e: L.LeafletEvent) => {
      const cluster = (e as unknown as { layer: L.MarkerCluster }).layer;
      const bounds = cluster.getBounds();
      const pad = this.padding();
      const fits = this.map.getBoundsZoom(bounds, false, L.point(pad.left + pad.right, pad.top + pad.bottom));
      // Its spots lie too close to part at any zoom: spread them, then bring them all in sight.
      if (this.map.getZoom() >= this.map.getMaxZoom() || fits <= this.map.getZoom()) cluster.spiderfy();
      else this.fit(bounds);
    });
    this.clusters.on('spiderfied', (e: L.LeafletEvent) => {
      const markers = (e as unknown as { markers: L.Marker[] }).markers;
      this.bringIntoSight(markers.map((m) => m.getLatLng()));
    });
    this.clusters.addTo(this.map);
    this.gridClusters.addTo(this.map);
    this.highlighted.addTo(this.map);
    this.overlays.addTo(this.map);
    const viewBox = () => {
      const b = this.map.getBounds();
      return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map((v) => v.toFixed(5)).join(',');
    };
    // Only a move a person makes (a drag, and its glide until the map stops): a move the map makes by
    // itself (opening, framing a spot) goes straight to its end, whose tiles are asked then.
    let dragged = false;
    let movingAt = 0;
    this.map.on('dragstart', () => {
      dragged = true;
    });
    this.map.on('move', () => {
      const now = Date.now();
      if (!dragged || now - movingAt < MOVING_EVERY_MS) return;
      movingAt = now;
      this.events.onMoving(viewBox(), this.map.getZoom());
    });
    this.map.on('moveend', () => {
      dragged = false;
      this.events.onView(viewBox(), this.map.getZoom());
      const c = this.map.getCenter();
      try {
        localStorage.setItem(VIEW_KEY, JSON.stringify({ lat: c.lat, lng: c.lng, zoom: this.map.getZoom() }));
      } catch {
        // not remembered
      }
    });
    this.map.whenReady(() => this.map.fire('moveend'));
    // A tap (Leaflet fires no click for a drag or a pinch) picks a place, or offers to report there.
    this.map.on('click', (e: L.LeafletMouseEvent) => {
      if (this.picking) this.events.onPick(e.latlng.lat, e.latlng.lng);
      else this.events.onTap(e.latlng.lat, e.latlng.lng);
    });
  }

  /**
   * The background: the site's vector basemap (in its own chunk, loaded once the page has drawn,
   * labels in `lang`), else raster tiles where TILE_URL is set, else none: the dangers on a plain
   * ground, and the page says why.
   */
  private background(lang: string) {
    const { basemap, tileUrl } = this.settings;
    this.backgroundLang = lang;
    if (basemap) {
      void import('./basemap.ts').then(({ basemapLayer }) => {
        if (this.backgroundLang !== lang) return;
        this.backgroundLayer?.remove();
        this.backgroundLayer = basemapLayer(basemap, lang, this.attribution, (state) =>
          this.backgroundState(state),
        );
        this.backgroundLayer.addTo(this.map);
      });
    } else if (tileUrl) {
      this.backgroundLayer = L.tileLayer(tileUrl, { maxZoom: 19, attribution: this.attribution })
        .on('tileerror', () => this.backgroundState('failing'))
        .on('tileload', () => this.backgroundState('ok'))
        .addTo(this.map);
    } else {
      this.map.getContainer().classList.add('no-background');
      this.events.onBackground('none');
    }
  }

  /**
   * A view whose tiles partly came (an area kept offline, the rest not) still lacks background:
   * it is well again only after a tile arrives with no failure in the two seconds before.
   */
  private backgroundState(state: BackgroundState) {
    const now = Date.now();
    if (state === 'failing') this.backgroundFailedAt = now;
    else if (now - this.backgroundFailedAt < 2000) return;
    this.events.onBackground(state);
  }

  /** Redraws the background's labels in another language (the vector basemap's only). */
  setLanguage(lang: string) {
    if (this.settings.basemap && lang !== this.backgroundLang) this.background(lang);
  }

  /** Markers for spots: from a tile, or from the page's list (as format.ts's asMarker makes them). */
  setSpots(spots: MapSpot[]) {
    this.spots = spots;
    this.gridClusters.clearLayers();
    this.clusters.clearLayers();
    this.highlighted.clearLayers();
    const markers: L.Marker[] = [];
    for (const spot of spots) {
      const age = staleness({ last_confirmed_at: spot.confirmed_on, created_at: spot.confirmed_on });
      // A tile's marker has no title: its category and severity name it for screen readers.
      const label =
        spot.title ?? `${t(`category.${spot.category}`)}, ${t('detail.severityShort', { n: spot.severity })}`;
      const open = spot.id === this.openId;
      const marker = L.marker([spot.lat, spot.lng], {
        icon: L.divIcon({
          className: `spot-marker sev-${spot.severity} ${age}${spot.verified ? ' verified' : ''}${open ? ' open' : ''}`,
          // The severity is written in the marker, not told by its colour alone.
          html: `<span>${spot.severity}</span>`,
          iconSize: L.point(44, 44),
        }),
        title: label,
        alt: label,
        keyboard: true,
        severity: spot.severity,
        zIndexOffset: open ? 500 : 0,
      } as L.MarkerOptions);
      // While the user is choosing a place, a marker is a place too: reporting the same spot again.
      marker.on('click', () =>
        this.picking ? this.events.onPick(spot.lat, spot.lng) : this.events.onSpot(spot.id),
      );
      // The open spot stands alone and marked, never inside a cluster.
      if (open) marker.addTo(this.highlighted);
      else markers.push(marker);
    }
    this.clusters.addLayers(markers);
    if (this.heatOn) this.drawHeat();
  }

  /** Marks the open spot (its marker out of any cluster), or none; the markers are drawn again. */
  setOpenSpot(id: number | undefined) {
    if (id === this.openId) return;
    this.openId = id;
    if (this.gridClusters.getLayers().length === 0) this.setSpots(this.spots);
  }

  /** Shows the server's clusters for the view; tapping one zooms into it. */
  showGridClusters(clusters: GridCluster[]) {
    this.clusters.clearLayers();
    this.gridClusters.clearLayers();
    for (const c of clusters) {
      // Cells are about 48 px apart: icons no larger, so neighbours do not cover each other.
      L.marker([c.lat, c.lng], {
        icon: clusterIcon(c.count, c.severities, c.count < 1000 ? 44 : 48),
        keyboard: true,
        title: String(c.count),
      })
        .on('click', () => this.map.setView([c.lat, c.lng], Math.min(this.map.getZoom() + 2, 18)))
        .addTo(this.gridClusters);
    }
  }

  setHeat(on: boolean) {
    this.heatOn = on;
    if (on) {
      this.map.removeLayer(this.clusters);
      this.drawHeat();
    } else {
      if (this.heat) this.map.removeLayer(this.heat);
      this.heat = undefined;
      this.clusters.addTo(this.map);
    }
  }

  private drawHeat() {
    if (this.heat) this.map.removeLayer(this.heat);
    const points = this.spots.map((s) => [s.lat, s.lng, s.severity / 5] as L.HeatLatLngTuple);
    this.heat = L.heatLayer(points, { radius: 28, blur: 20, maxZoom: 14 }).addTo(this.map);
  }

  /** The middle of the map's view. */
  centre(): { lat: number; lng: number } {
    const c = this.map.getCenter();
    return { lat: c.lat, lng: c.lng };
  }

  /** Centres the point in the part of the map the sheet leaves visible (at once when `animate` is false). */
  focus(lat: number, lng: number, zoom = 16, animate = true) {
    const z = Math.max(zoom, this.map.getZoom());
    const pad = this.padding();
    // The point goes to the middle of what the sheet and the controls leave visible.
    const shift = L.point((pad.right - pad.left) / 2, (pad.bottom - pad.top) / 2);
    const centre = this.map.project([lat, lng], z).add(shift);
    this.map.setView(this.map.unproject(centre, z), z, { animate });
  }

  /**
   * What covers the map's edges, in pixels: the controls at its top (zoom buttons, the tools) and the
   * sheet, the pin's offer and the notice at its foot. Whatever the map frames goes inside the rest.
   */
  private padding(): { top: number; right: number; bottom: number; left: number } {
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
    const foot = Math.max(above('.pin-offer'), above('.map-notice'), 24);
    return { top, right: 12, bottom: Math.max(this.events.coveredBottom(), foot) + 12, left: 12 };
  }

  /** Frames a box in the uncovered part of the map. */
  private fit(bounds: L.LatLngBounds) {
    const pad = this.padding();
    this.map.fitBounds(bounds, {
      paddingTopLeft: [pad.left, pad.top],
      paddingBottomRight: [pad.right, pad.bottom],
    });
  }

  /** Pans (keeping the zoom) so every point lies in the uncovered part, as far as they fit in it. */
  private bringIntoSight(points: L.LatLng[]) {
    if (!points.length) return;
    const pad = this.padding();
    const size = this.map.getSize();
    const at = points.map((p) => this.map.latLngToContainerPoint(p));
    const [minX, maxX] = [Math.min(...at.map((p) => p.x)), Math.max(...at.map((p) => p.x))];
    const [minY, maxY] = [Math.min(...at.map((p) => p.y)), Math.max(...at.map((p) => p.y))];
    // A marker is 44 px: its centre must be half of that inside the free part.
    const edge = 22;
    // How far to pan along one axis so that [low, high] lies within [from, to].
    const shift = (low: number, high: number, from: number, to: number) =>
      low < from ? low - from : high > to ? high - to : 0;
    const dx = shift(minX - edge, maxX + edge, pad.left, size.x - pad.right);
    const dy = shift(minY - edge, maxY + edge, pad.top, size.y - pad.bottom);
    if (dx || dy) this.map.panBy([dx, dy]);
  }

  /**
   * Brings a point into the part of the map the sheet leaves visible, keeping the zoom, only when it
   * is not there already: the view a person chose is not moved for nothing.
   */
  reveal(lat: number, lng: number) {
    this.bringIntoSight([L.latLng(lat, lng)]);
  }

  setPicking(on: boolean) {
    this.picking = on;
    this.map.getContainer().classList.toggle('picking', on);
  }

  showPoint(point: { lat: number; lng: number } | undefined) {
    this.pickMarker?.remove();
    this.pickMarker = point
      ? L.circleMarker([point.lat, point.lng], {
          radius: 10,
          color: '#1f3b57',
          weight: 3,
          fillOpacity: 0.3,
        }).addTo(this.map)
      : undefined;
  }

  /**
   * The place a report is about: a pin the user can drag to where it happened (it says so to screen
   * readers, and moves by its keyboard arrows too), or none.
   */
  showPin(point: { lat: number; lng: number } | undefined) {
    if (!point) {
      this.pin?.remove();
      this.pin = undefined;
      return;
    }
    if (this.pin) {
      this.pin.setLatLng([point.lat, point.lng]);
      return;
    }
    this.pin = L.marker([point.lat, point.lng], {
      icon: L.divIcon({
        className: 'report-pin',
        html: '<span></span>',
        iconSize: L.point(44, 44),
        iconAnchor: L.point(22, 44),
      }),
      draggable: true,
      autoPan: true,
      keyboard: true,
      title: t('pin.label'),
      alt: t('pin.label'),
      zIndexOffset: 1000,
    })
      .on('dragend', () => {
        const at = this.pin?.getLatLng();
        if (at) this.events.onPinMoved(at.lat, at.lng);
      })
      .addTo(this.map);
  }

  showUser(point: { lat: number; lng: number } | undefined) {
    this.userMarker?.remove();
    this.userMarker = point
      ? L.circleMarker([point.lat, point.lng], {
          radius: 8,
          color: '#fff',
          weight: 3,
          fillColor: '#1a73e8',
          fillOpacity: 1,
        }).addTo(this.map)
      : undefined;
  }

  /** Draws the routes, the chosen one on top and strong, and fits the map to them. */
  showRoutes(routes: Route[], chosen: number) {
    this.overlays.clearLayers();
    const order = routes.map((_, i) => i).sort((a, b) => (a === chosen ? 1 : b === chosen ? -1 : 0));
    for (const i of order) {
      const route = routes[i];
      if (!route) continue;
      L.polyline(
        route.line.map((p) => [p.lat, p.lng] as L.LatLngTuple),
        i === chosen
          ? { color: route.risk === 0 ? '#1b7a3a' : '#1f3b57', weight: 7, opacity: 0.9 }
          : { color: '#6b7785', weight: 5, opacity: 0.55, dashArray: '6 8' },
      ).addTo(this.overlays);
    }
    const all = routes.flatMap((r) => r.line.map((p) => [p.lat, p.lng] as L.LatLngTuple));
    if (all.length) this.fit(L.latLngBounds(all));
  }

  clearRoutes() {
    this.overlays.clearLayers();
  }

  invalidateSize() {
    this.map.invalidateSize();
  }
}
