import { useRef } from 'preact/hooks';
import { asMarker } from '../../lib/format.ts';
import { t, tn } from '../../lib/i18n.ts';
import type { Spot } from '../../lib/types.ts';
import type { Toast } from '../page/chrome.tsx';
import { type LiveChange, useLiveChanges } from './use-live.ts';
import type { useSpots } from './use-spots.ts';
import { parseBox, type useViewSpots } from './use-view-spots.ts';

/** New dangers told within this long of each other are counted in one notice. */
const COUNT_WITHIN_MS = 8000;

export interface LiveMapParts {
  online: boolean;
  data: ReturnType<typeof useSpots>;
  inView: ReturnType<typeof useViewSpots>;
  /** The spot whose sheet is open. */
  openSpotId: number | undefined;
  /** The open spot as it is now, or null when it left the public map. */
  onOpenSpot(spot: Spot | null): void;
  notify(toast: Toast): void;
}

const within = (bbox: string | undefined, p: { lat: number; lng: number }) => {
  if (!bbox) return false;
  const [west, south, east, north] = parseBox(bbox);
  return p.lat >= south && p.lat <= north && p.lng >= west && p.lng <= east;
};

/**
 * The map follows the live stream while the page is visible: a new danger appears where it is and a
 * quiet notice (no sound) says so when it lies in view; counts and statuses change in the list, on
 * the markers and in an open sheet; a spot taken off the map leaves it. The page's own report is not
 * told back to it.
 */
export function useLiveMap(p: LiveMapParts): void {
  const told = useRef({ count: 0, at: 0 });

  function tell(spot: Spot) {
    const now = Date.now();
    const c = told.current;
    c.count = now - c.at < COUNT_WITHIN_MS ? c.count + 1 : 1;
    c.at = now;
    p.notify(
      c.count === 1
        ? { text: t('live.new.one', { title: spot.title }), spotId: spot.id }
        : { text: tn('live.new', c.count) },
    );
  }

  function follow(c: LiveChange) {
    const known = p.data.spots.some((s) => s.id === c.id);
    // An archived spot keeps its page (a sheet can show it) but leaves the map.
    const onMap = c.kind === 'archived' ? null : c.spot;
    if (onMap && (known || c.kind === 'published')) p.data.upsert(onMap);
    else if (!onMap && known) p.data.remove(c.id);
    p.inView.follow(c.id, onMap && asMarker(onMap));
    if (p.openSpotId === c.id) p.onOpenSpot(c.spot);
    if (c.kind === 'published' && onMap && !known && within(p.inView.view?.bbox, onMap)) tell(onMap);
  }

  useLiveChanges(p.inView.view?.bbox, p.online, {
    onChange: follow,
    onReload: () => {
      void p.data.reload();
      p.inView.revalidate();
    },
  });
}
