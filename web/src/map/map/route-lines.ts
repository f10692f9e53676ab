import L from 'leaflet';
import type { Route } from '../../lib/types.ts';

/** The checked routes' pane: above the markers (600), below tooltips (650). */
const ROUTE_PANE = 'routes';

/** Makes the routes' pane; it takes no taps, so a marker under a route can still be opened. */
export function routePane(map: L.Map): void {
  const pane = map.createPane(ROUTE_PANE);
  pane.style.zIndex = '620';
  pane.style.pointerEvents = 'none';
}

/**
 * Draws checked routes above the markers and clusters: the chosen one last, thick, on a white casing
 * that reads over any background, each of its dangers ringed in its severity's colour (map.css);
 * the others dashed and grey.
 */
export function drawRoutes(group: L.LayerGroup, routes: Route[], chosen: number): void {
  const onTop = { pane: ROUTE_PANE, interactive: false };
  const order = routes.map((_, i) => i).sort((a, b) => (a === chosen ? 1 : b === chosen ? -1 : 0));
  for (const i of order) {
    const route = routes[i];
    if (!route) continue;
    const line = route.line.map((p) => [p.lat, p.lng] as L.LatLngTuple);
    if (i !== chosen) {
      L.polyline(line, {
        ...onTop,
        className: 'route-line',
        color: '#6b7785',
        weight: 5,
        opacity: 0.7,
        dashArray: '6 8',
      }).addTo(group);
      continue;
    }
    L.polyline(line, { ...onTop, color: '#fff', weight: 12, opacity: 0.9 }).addTo(group);
    L.polyline(line, {
      ...onTop,
      className: 'route-line chosen',
      color: route.risk === 0 ? '#1b7a3a' : '#1f3b57',
      weight: 8,
    }).addTo(group);
    for (const d of route.dangers)
      L.circleMarker([d.lat, d.lng], {
        ...onTop,
        radius: 17,
        weight: 4,
        fill: false,
        className: `route-danger sev-${d.severity}`,
      }).addTo(group);
  }
}
