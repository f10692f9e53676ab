import type { RefObject } from 'preact';
import { useState } from 'preact/hooks';
import { metresBetween } from '../../../../common/geo.ts';
import { answer, client } from '../../lib/api.ts';
import { t } from '../../lib/i18n.ts';
import type { Place, Spot } from '../../lib/types.ts';
import { locateOnce } from '../hooks/geolocation.ts';
import type { SpotMap } from '../map/spot-map.ts';
import type { WatchTarget } from '../panels/watch-panel.tsx';
import type { ReportDraft } from '../report/report-draft.ts';
import type { Address } from './address.ts';
import { type PageAction, type PageState, type PickTarget, patcher } from './page-state.ts';
import type { Panel } from './panels.ts';

type Point = { lat: number; lng: number };

/** What the page's actions work with besides its state. */
export interface PageParts {
  state: PageState;
  dispatch(a: PageAction): void;
  map: RefObject<SpotMap | undefined>;
  /** Centres a point above the sheet after the next render (useSpotMap). */
  frame(f: Point & { animate: boolean; reveal?: true }): void;
  /** The spots the page holds. */
  spots(): Spot[];
  draft: ReportDraft;
  updateDraft(change: Partial<ReportDraft>): void;
  /** The map's view as it last settled, and the place last searched. */
  lastView: RefObject<{ bbox: string; zoom: number } | undefined>;
  lastPlace: RefObject<Place | undefined>;
}

type Load = (panel: 'areas' | 'watch') => void;

/**
 * What the map page does when asked (a tap, a button, the address gone back to): each changes the
 * page's state through its store and moves the map to match. The panels loaded on demand (offline
 * areas, alerts), each in its own chunk, are returned with them once loaded.
 */
export function usePageActions(p: PageParts) {
  const [areasPanel, setAreasPanel] = useState<typeof import('../panels/areas-panel.tsx')>();
  const [watchPanel, setWatchPanel] = useState<typeof import('../panels/watch-panel.tsx')>();
  const load: Load = (panel) => {
    if (panel === 'areas') void import('../panels/areas-panel.tsx').then(setAreasPanel);
    else void import('../panels/watch-panel.tsx').then(setWatchPanel);
  };
  const panels = panelActions(p, load);
  return { areasPanel, watchPanel, ...panels, ...placeActions(p, panels) };
}

export type PageActions = ReturnType<typeof usePageActions>;

/** Opening and closing: panels, spots, and what an address says. */
function panelActions(p: PageParts, load: Load) {
  const { state: s, dispatch, map, frame } = p;
  const set = patcher(dispatch);

  function close() {
    if (s.panel === 'report') map.current?.showPin(undefined);
    dispatch({ type: 'close' });
  }
  function dropOffer() {
    set({ offered: undefined });
    if (s.panel !== 'report') map.current?.showPin(undefined);
  }
  /**
   * Opens a panel. A report without a place waits for a tap on the map, unless it was opened from
   * the keyboard: then the form shows at once, with its "Use my location" and "Tap on map".
   */
  function open(panel: Exclude<Panel, 'spot'>, byKeyboard = false) {
    dispatch({ type: 'open', panel });
    if (panel !== 'report') return dropOffer();
    const point = s.offered ?? p.draft.point;
    set({ offered: undefined });
    if (!point) return byKeyboard ? undefined : dispatch({ type: 'pick', target: 'report' });
    map.current?.showPin(point);
    // Above the half sheet, where it can be seen and dragged.
    frame({ ...point, animate: true, reveal: true });
  }
  /** Opens a spot: at once from what the page holds, then fresh from the server. */
  async function showSpot(id: number, centre = true) {
    const known = p.spots().find((x) => x.id === id) ?? (s.openSpot?.id === id ? s.openSpot : undefined);
    dispatch({ type: 'spot', id, spot: known });
    if (known && centre) frame({ ...known, animate: true });
    const res = await answer(client.GET('/api/spots/{id}', { params: { path: { id: String(id) } } }));
    if (res.ok) {
      dispatch({ type: 'spotLoaded', spot: res.data.spot });
      if (!known) frame({ ...res.data.spot, animate: false });
    } else if (!known) {
      dispatch({ type: 'spotMissing', id });
      set({ toast: { text: res.status === 404 ? t('error.notFound') : t('error.offlineNoSpot') } });
    }
  }
  function openWatch(target: WatchTarget | undefined) {
    set({ watchTarget: target });
    load('watch');
    open('watch');
  }
  function openAreas() {
    set({ areaView: p.lastView.current });
    load('areas');
    open('areas');
  }
  /** The page as an address says (the browser's back or forward, or the address it opened on). */
  function follow(to: Address) {
    set({ view: to.list ? 'list' : 'map' });
    if (to.spotId) return void showSpot(to.spotId);
    if (!to.panel) return close();
    if (to.panel === 'watch') return openWatch(undefined);
    if (to.panel === 'areas') return openAreas();
    open(to.panel, true);
  }
  return { close, dropOffer, open, showSpot, openWatch, openAreas, follow };
}

/** Places: a tap on the map, a GPS fix, a place searched, the map's middle. */
function placeActions(p: PageParts, panels: ReturnType<typeof panelActions>) {
  const { state: s, dispatch, map } = p;
  const set = patcher(dispatch);

  function placePoint(target: PickTarget | undefined, point: Point, label?: string) {
    if (!target) return;
    dispatch({ type: 'pick', target: undefined });
    if (target === 'report') {
      map.current?.showPin(point);
      p.updateDraft({ point });
      return;
    }
    map.current?.showPoint(point);
    const named = label ?? `${point.lat.toFixed(4)}, ${point.lng.toFixed(4)}`;
    dispatch({ type: 'end', end: target, point: { ...point, label: named } });
  }
  return {
    placePoint,
    /**
     * A tap on the map: with the report open, the report's place moves there; otherwise a pin
     * offers to report there (a pan or a stray tap never opens a form by itself).
     */
    tapped(point: Point) {
      if (s.panel === 'report') return placePoint('report', point);
      // Whatever sheet was open steps aside (its work is kept) for the offer.
      if (s.panel) panels.close();
      set({ offered: point });
      map.current?.showPin(point);
    },
    reportOffered() {
      if (!s.offered) return;
      p.updateDraft({ point: s.offered });
      panels.open('report');
    },
    async gps(target: PickTarget) {
      set({ gpsError: undefined });
      const fix = await locateOnce();
      if (!fix.ok) return set({ gpsError: fix.error });
      set({ lastFix: fix.position });
      map.current?.focus(fix.position.lat, fix.position.lng);
      placePoint(target, fix.position, t('route.myLocation'));
    },
    /** Watches the map's middle, named after the place last searched when that is where the map is. */
    watchHere() {
      const centre = map.current?.centre();
      if (!centre) return panels.openWatch(undefined);
      const place = p.lastPlace.current;
      const name = place && metresBetween(place, centre) < 1500 ? place.name : undefined;
      panels.openWatch({ kind: 'place', ...centre, name });
    },
    goToPlace(place: Place) {
      p.lastPlace.current = place;
      set({ view: 'map' });
      map.current?.focus(place.lat, place.lng, 15);
      map.current?.showPoint(place);
    },
  };
}
