import L from 'leaflet';
import 'leaflet.markercluster';
import 'leaflet.heat';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import type { PageSettings } from '../../../../common/page-settings.ts';
import { region } from '../../../../common/region.ts';
import { currentLang } from '../../lib/i18n.ts';
import type { GridCluster, Route } from '../../lib/types.ts';
import type { BackgroundState } from './basemap.ts';
import { MAX_ZOOM, MapBackground } from './map-background.ts';
import { MapFraming } from './map-framing.ts';
import { keyboardMarkers } from './map-keyboard.ts';
import { type MapView, saveView } from './map-view.ts';
import {
  clusterIcon,
  clusterLabel,
  type MapSpot,
  type MarkerFacts,
  reportPin,
  severityCounts,
  spotMarker,
} from './markers.ts';
import { drawRoutes, routePane } from './route-lines.ts';

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
  private readonly background: MapBackground;
  private readonly framing: MapFraming;
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
      maxZoom: MAX_ZOOM,
      maxBounds: L.latLngBounds(
        [region().box.minLat - 1, region().box.minLng - 1],
        [region().box.maxLat + 1, region().box.maxLng + 1],
      ),
      zoomControl: true,
      fadeAnimation: false,
    });
    this.framing = new MapFraming(this.map, () => this.events.coveredBottom());
    keyboardMarkers(this.map.getPane('markerPane') as HTMLElement);
    routePane(this.map);
    this.background = new MapBackground(
      this.map,
      config,
      (state) => this.events.onBackground(state),
      currentLang(),
    );

    this.clusters = L.markerClusterGroup({
      maxClusterRadius: 50,
      showCoverageOnHover: false,
      chunkedLoading: true,
      // A tapped cluster is framed in the part of the map nothing covers (below).
      zoomToBoundsOnClick: false,
      iconCreateFunction: (cluster) => {
        const children = cluster.getAllChildMarkers().map((m) => m.options as MarkerFacts);
        return clusterIcon(
          children.length,
          severityCounts(children.map((m) => m.severity ?? 1)),
          44,
          children.flatMap((m) => (m.spotKey ? [m.spotKey] : [])),
        );
      },
    });
    this.clusters.on('clusterclick', (e: L.LeafletEvent) => {
      const cluster = (e as unknown as { layer: L.MarkerCluster }).layer;
      const bounds = cluster.getBounds();
      const pad = this.framing.padding();
      const fits = this.map.getBoundsZoom(bounds, false, L.point(pad.left + pad.right, pad.top + pad.bottom));
      // Its spots lie too close to part at any zoom: spread them, then bring them all in sight.
      if (this.map.getZoom() >= this.map.getMaxZoom() || fits <= this.map.getZoom()) cluster.spiderfy();
      else this.framing.fit(bounds);
    });
    this.clusters.on('spiderfied', (e: L.LeafletEvent) => {
      const markers = (e as unknown as { markers: L.Marker[] }).markers;
      this.framing.bringIntoSight(markers.map((m) => m.getLatLng()));
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
      saveView({ lat: c.lat, lng: c.lng, zoom: this.map.getZoom() });
    });
    this.map.whenReady(() => this.map.fire('moveend'));
    // A tap (Leaflet fires no click for a drag or a pinch) picks a place, or offers to report there.
    this.map.on('click', (e: L.LeafletMouseEvent) => {
      if (this.picking) this.events.onPick(e.latlng.lat, e.latlng.lng);
      else this.events.onTap(e.latlng.lat, e.latlng.lng);
    });
  }

  /** Redraws the background's labels in another language (the vector basemap's only). */
  setLanguage(lang: string) {
    this.background.setLanguage(lang);
  }

  /** Markers for spots: from a tile, or from the page's list (as format.ts's asMarker makes them). */
  setSpots(spots: MapSpot[]) {
    this.spots = spots;
    this.gridClusters.clearLayers();
    this.clusters.clearLayers();
    this.highlighted.clearLayers();
    const markers: L.Marker[] = [];
    for (const spot of spots) {
      const open = spot.id === this.openId;
      const marker = spotMarker(spot, open);
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
        title: clusterLabel(c.count, c.severities),
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
    this.framing.focus(lat, lng, zoom, animate);
  }

  /**
   * Brings a point into the part of the map the sheet leaves visible, keeping the zoom, only when it
   * is not there already: the view a person chose is not moved for nothing.
   */
  reveal(lat: number, lng: number) {
    this.framing.bringIntoSight([L.latLng(lat, lng)]);
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

  /** The place a report is about, as a pin the user can drag (markers.ts's reportPin), or none. */
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
    this.pin = reportPin(point)
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

  /** Draws the routes (route-lines.ts) and fits the map to them. */
  showRoutes(routes: Route[], chosen: number) {
    this.overlays.clearLayers();
    drawRoutes(this.overlays, routes, chosen);
    const all = routes.flatMap((r) => r.line.map((p) => [p.lat, p.lng] as L.LatLngTuple));
    if (all.length) this.framing.fit(L.latLngBounds(all));
  }

  clearRoutes() {
    this.overlays.clearLayers();
  }

  invalidateSize() {
    this.map.invalidateSize();
  }
}
