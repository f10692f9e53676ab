import L from 'leaflet';
import 'leaflet.markercluster';
import 'leaflet.heat';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import { UGANDA } from '../../../common/domain.ts';
import { staleness } from '../lib/format.ts';
import type { PageConfig } from '../lib/page-config.ts';
import type { Route, Spot } from '../lib/types.ts';

export interface SpotMapEvents {
  onSpot(id: number): void;
  onPick(lat: number, lng: number): void;
  /** Pixels at the bottom of the map hidden under the page's sheet, kept clear when framing. */
  coveredBottom(): number;
  /** The visible box and zoom, after every move. */
  onView(bbox: string, zoom: number): void;
}

export interface GridCluster {
  count: number;
  max_severity: number;
  lat: number;
  lng: number;
}

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
  private spots: Spot[] = [];
  /** The first list shown frames the map on all spots, unless the user already went somewhere. */
  private framed = false;
  private picking = false;
  private readonly overlays = L.layerGroup();
  /** The server's grid clusters, shown instead of markers when the view holds too many spots. */
  private readonly gridClusters = L.layerGroup();
  private pickMarker: L.CircleMarker | undefined;
  private userMarker: L.CircleMarker | undefined;

  constructor(
    element: HTMLElement,
    config: PageConfig,
    private readonly events: SpotMapEvents,
  ) {
    this.map = L.map(element, {
      center: [0.3476, 32.5825],
      zoom: 12,
      minZoom: 6,
      maxBounds: L.latLngBounds(
        [UGANDA.minLat - 1, UGANDA.minLng - 1],
        [UGANDA.maxLat + 1, UGANDA.maxLng + 1],
      ),
      zoomControl: true,
    });
    this.map.attributionControl.setPrefix(false);
    const attribution = [
      '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>',
      config.tileAttribution ? escapeHtml(config.tileAttribution) : '',
    ]
      .filter(Boolean)
      .join(' · ');
    if (config.tileUrl) L.tileLayer(config.tileUrl, { maxZoom: 19, attribution }).addTo(this.map);
    else this.map.attributionControl.addAttribution(attribution);

    this.clusters = L.markerClusterGroup({
      maxClusterRadius: 50,
      showCoverageOnHover: false,
      chunkedLoading: true,
      iconCreateFunction: (cluster) => {
        const children = cluster.getAllChildMarkers();
        const worst = Math.max(...children.map((m) => (m.options as { severity?: number }).severity ?? 1));
        return L.divIcon({
          html: `<span>${children.length}</span>`,
          className: `spot-cluster sev-${worst}`,
          iconSize: L.point(44, 44),
        });
      },
    });
    this.clusters.addTo(this.map);
    this.gridClusters.addTo(this.map);
    this.overlays.addTo(this.map);
    this.map.on('moveend', () => {
      const b = this.map.getBounds();
      const bbox = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map((v) => v.toFixed(5)).join(',');
      this.events.onView(bbox, this.map.getZoom());
    });
    this.map.whenReady(() => this.map.fire('moveend'));
    this.map.on('click', (e: L.LeafletMouseEvent) => {
      if (!this.picking) return;
      this.events.onPick(e.latlng.lat, e.latlng.lng);
    });
  }

  setSpots(spots: Spot[]) {
    this.spots = spots;
    this.gridClusters.clearLayers();
    this.clusters.clearLayers();
    const markers = spots.map((spot) => {
      const marker = L.marker([spot.lat, spot.lng], {
        icon: L.divIcon({
          className: `spot-marker sev-${spot.severity} ${staleness(spot)}${spot.moderator_verified ? ' verified' : ''}`,
          html: '<span></span>',
          iconSize: L.point(44, 44),
        }),
        title: spot.title,
        alt: spot.title,
        keyboard: true,
        severity: spot.severity,
      } as L.MarkerOptions);
      // While the user is choosing a place, a marker is a place too: reporting the same spot again.
      marker.on('click', () =>
        this.picking ? this.events.onPick(spot.lat, spot.lng) : this.events.onSpot(spot.id),
      );
      return marker;
    });
    this.clusters.addLayers(markers);
    if (this.heatOn) this.drawHeat();
    if (!this.framed && spots.length > 0) {
      this.framed = true;
      this.map.fitBounds(L.latLngBounds(spots.map((s) => [s.lat, s.lng] as L.LatLngTuple)), {
        padding: [20, 20],
        maxZoom: 13,
      });
    }
  }

  /** Shows the server's clusters for the view; tapping one zooms into it. */
  showGridClusters(clusters: GridCluster[]) {
    this.clusters.clearLayers();
    this.gridClusters.clearLayers();
    for (const c of clusters) {
      // Cells are about 48 px apart: icons no larger, so neighbours do not cover each other.
      const size = c.count < 1000 ? 44 : 48;
      const label = c.count < 10_000 ? String(c.count) : `${Math.round(c.count / 1000)}k`;
      L.marker([c.lat, c.lng], {
        icon: L.divIcon({
          html: `<span>${label}</span>`,
          className: `spot-cluster sev-${c.max_severity}`,
          iconSize: L.point(size, size),
        }),
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

  /** Centres the point in the part of the map the sheet leaves visible. */
  focus(lat: number, lng: number, zoom = 16) {
    this.framed = true;
    const z = Math.max(zoom, this.map.getZoom());
    const centre = this.map.project([lat, lng], z).add([0, this.events.coveredBottom() / 2]);
    this.map.setView(this.map.unproject(centre, z), z);
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
    if (all.length)
      this.map.fitBounds(L.latLngBounds(all), {
        paddingTopLeft: [24, 24],
        paddingBottomRight: [24, 24 + this.events.coveredBottom()],
      });
  }

  clearRoutes() {
    this.overlays.clearLayers();
  }

  invalidateSize() {
    this.map.invalidateSize();
  }
}
