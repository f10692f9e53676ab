import L from 'leaflet';
import { escapeHtml } from '../../../../common/escape-html.ts';
import { metresBetween } from '../../../../common/geo.ts';
import type { Landmark } from '../../../../common/region.ts';
import { type RegionOutline, unpackRing } from '../../../../common/region-outline.ts';
import { formatDistance } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';

/**
 * The region's outline, for a map with no background: its border, its lakes and the names of its
 * towns, areas and lakes, on a light ground under the dangers. Each region's file is its own chunk
 * (esbuild bundles every file the import's pattern matches), fetched only when a map needs it
 * (about 5 KB compressed for Uganda).
 */

/** Below the markers (600) and the routes (620), above where tiles would be (200). */
const SHAPES_PANE = 'outline';
const LABELS_PANE = 'outline-labels';

export async function loadOutline(regionId: string): Promise<RegionOutline | undefined> {
  try {
    const file: { default: RegionOutline } = await import(
      `../../../../common/region-outline/${regionId}.json`
    );
    return file.default;
  } catch {
    // A region without an outline file (one a REGION_FILE describes), or a chunk that did not come.
    return undefined;
  }
}

/** Draws `outline` on `map`; its names show from their own zoom on. Returns how to take it away. */
export function drawOutline(map: L.Map, outline: RegionOutline): () => void {
  for (const [name, z] of [
    [SHAPES_PANE, '250'],
    [LABELS_PANE, '450'],
  ] as const) {
    const pane = map.getPane(name) ?? map.createPane(name);
    pane.style.zIndex = z;
    pane.style.pointerEvents = 'none';
  }
  const still = { pane: SHAPES_PANE, interactive: false };
  const shapes = L.layerGroup([
    ...outline.lakes.map((lake) =>
      L.polygon(lake.map(unpackRing), {
        ...still,
        className: 'outline-lake',
        color: '#7fb0d8',
        weight: 1,
        fillOpacity: 1,
      }),
    ),
    ...outline.border.map((ring) =>
      L.polygon(unpackRing(ring), {
        ...still,
        className: 'outline-border',
        color: '#6b7785',
        weight: 2,
        fill: false,
      }),
    ),
  ]).addTo(map);
  const labels = outline.landmarks.map((l) => ({
    minZoom: l.minZoom,
    marker: L.marker([l.lat, l.lng], {
      pane: LABELS_PANE,
      interactive: false,
      keyboard: false,
      icon: L.divIcon({
        className: `outline-label ${l.kind}`,
        html: `<span>${escapeHtml(l.name)}</span>`,
        iconSize: [0, 0],
      }),
    }),
  }));
  const names = L.layerGroup().addTo(map);
  const nearest = new NearestPlace({ position: 'topleft' }).addTo(map);
  const places = outline.landmarks.filter((l) => l.kind !== 'lake');
  const showNames = () => {
    const zoom = map.getZoom();
    const bounds = map.getBounds();
    let named = false;
    for (const { minZoom, marker } of labels)
      if (zoom >= minZoom) {
        names.addLayer(marker);
        named ||= bounds.contains(marker.getLatLng());
      } else names.removeLayer(marker);
    nearest.show(named ? undefined : closest(places, map.getCenter()));
  };
  showNames();
  map.on('moveend', showNames);
  return () => {
    map.off('moveend', showNames);
    shapes.remove();
    names.remove();
    nearest.remove();
  };
}

/** The named place nearest `at`, with how far and which way. */
function closest(places: Landmark[], at: L.LatLng) {
  let best: { place: Landmark; metres: number } | undefined;
  for (const place of places) {
    const metres = metresBetween(at, place);
    if (!best || metres < best.metres) best = { place, metres };
  }
  if (!best) return undefined;
  const { place, metres } = best;
  // Which way, to the nearest eighth of the compass (north is 0, clockwise).
  const dx = (place.lng - at.lng) * Math.cos((at.lat * Math.PI) / 180);
  const degrees = (Math.atan2(dx, place.lat - at.lat) * 180) / Math.PI;
  return { name: place.name, metres, arrow: ARROWS[Math.round((degrees + 360) / 45) % 8] ?? '' };
}
const ARROWS = ['↑', '↗', '→', '↘', '↓', '↙', '←', '↖'];

/**
 * Where no name is in sight (a view zoomed in between towns), the nearest named place, how far and
 * which way: "↗ Nateete 2.1 km", so a person can still tell where on the map they are.
 */
class NearestPlace extends L.Control {
  private readonly element = L.DomUtil.create('p', 'outline-nearest');

  override onAdd() {
    this.element.hidden = true;
    return this.element;
  }

  show(place: { name: string; metres: number; arrow: string } | undefined) {
    this.element.hidden = !place;
    if (!place) return;
    const distance = formatDistance(place.metres);
    const shown = L.DomUtil.create('span');
    shown.setAttribute('aria-hidden', 'true');
    shown.textContent = `${place.arrow} ${place.name} ${distance}`;
    const said = L.DomUtil.create('span', 'visually-hidden');
    said.textContent = t('map.nearestPlace', { place: place.name, distance });
    this.element.replaceChildren(shown, said);
  }
}
