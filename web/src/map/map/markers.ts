import L from 'leaflet';
import { confidenceLook, formatAgo } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import type { TileMarker } from '../../lib/types.ts';

/** A marker: a tile's, or a spot of the page's list with its title. */
export type MapSpot = TileMarker & { title?: string };

/**
 * An icon that names itself to screen readers: a marker is a button whose content is only its
 * severity or count, which would be all it is called ("button 3") without its own label.
 */
class LabelledIcon extends L.DivIcon {
  private readonly label: string;
  private readonly key: string | undefined;
  private readonly holds: string[];
  /**
   * `key` names what the icon shows across redraws, `holds` the spots a cluster's icon stands for
   * (map-keyboard.ts keeps the focus on a spot by them, in its cluster when it is drawn in one).
   */
  constructor(options: L.DivIconOptions, label: string, key?: string, holds: string[] = []) {
    super(options);
    this.label = label;
    this.key = key;
    this.holds = holds;
  }
  override createIcon(old?: HTMLElement): HTMLElement {
    const icon = super.createIcon(old);
    icon.setAttribute('aria-label', this.label);
    if (this.key) icon.dataset.key = this.key;
    if (this.holds.length) icon.dataset.holds = this.holds.join(' ');
    return icon;
  }
}

/** What a spot's marker carries in its options, read by the cluster it is drawn in. */
export interface MarkerFacts {
  severity?: number;
  spotKey?: string;
}

/** What names a spot's marker across redraws (its icon's `data-key`). */
const spotKey = (id: number) => `spot-${id}`;

/** "Robbery or snatching, severity 3, last confirmed 2 days ago" (its title first where known). */
function spotLabel(spot: MapSpot): string {
  const what = t('marker.spot', {
    category: t(`category.${spot.category}`),
    n: spot.severity,
    ago: formatAgo(spot.confirmed_on),
  });
  return spot.title ? `${spot.title}: ${what}` : what;
}

/** The highest severity counted in `severities` (how many spots have each, 1 to 5). */
const worstOf = (severities: number[]) => severities.reduce((w, n, i) => (n > 0 ? i + 1 : w), 1);

/** "Cluster of 12 dangers, worst: Someone was killed". */
export function clusterLabel(count: number, severities: number[]): string {
  return t('marker.cluster', { n: count, worst: t(`severity.${worstOf(severities)}` as 'severity.1') });
}

/**
 * A spot's marker: coloured by severity with the severity written in it (not told by colour
 * alone), solid, lighter or faint by how sure the map is of it (which fades with age), marked when
 * verified; the open spot's stands out and above the rest.
 */
export function spotMarker(spot: MapSpot, open: boolean): L.Marker {
  const look = confidenceLook(spot);
  const label = spotLabel(spot);
  return L.marker([spot.lat, spot.lng], {
    icon: new LabelledIcon(
      {
        className: `spot-marker sev-${spot.severity} ${look}${spot.verified ? ' verified' : ''}${open ? ' open' : ''}`,
        html: `<span>${spot.severity}</span>`,
        iconSize: L.point(44, 44),
      },
      label,
      spotKey(spot.id),
    ),
    title: label,
    keyboard: true,
    severity: spot.severity,
    spotKey: spotKey(spot.id),
    zIndexOffset: open ? 500 : 0,
  } as L.MarkerOptions);
}

/**
 * The place a report is about: a pin the user can drag to where it happened (it says so to screen
 * readers, and moves by its keyboard arrows too).
 */
export function reportPin(point: { lat: number; lng: number }): L.Marker {
  return L.marker([point.lat, point.lng], {
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
  });
}

const countLabel = (n: number) => (n < 10_000 ? String(n) : `${Math.round(n / 1000)}k`);

/**
 * A cluster's icon: its count on a ring whose colours show the share of each severity, so a
 * cluster of mostly mild spots does not look like one of killings. Styles are set through the
 * DOM: the page's CSP admits no inline style attributes.
 */
export function clusterIcon(
  count: number,
  severities: number[],
  size: number,
  holds: string[] = [],
): L.DivIcon {
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
  return new LabelledIcon(
    { html: ring, className: `spot-cluster worst-${worstOf(severities)}`, iconSize: L.point(size, size) },
    clusterLabel(count, severities),
    undefined,
    holds,
  );
}

/** How many of `severities` are of each severity, 1 to 5. */
export const severityCounts = (severities: number[]) => {
  const counts = [0, 0, 0, 0, 0];
  for (const s of severities) counts[s - 1] = (counts[s - 1] ?? 0) + 1;
  return counts;
};
