import type { RefObject } from 'preact';
import { useMemo, useRef } from 'preact/hooks';
import type { PageSettings } from '../../../../common/page-settings.ts';
import { asMarker } from '../../lib/format.ts';
import { t, useLang } from '../../lib/i18n.ts';
import type { Place } from '../../lib/types.ts';
import { useNearbyAlerts } from '../hooks/nearby-alerts.ts';
import { useOnline } from '../hooks/offline.ts';
import { useSpots } from '../hooks/use-spots.ts';
import { useViewSpots } from '../hooks/use-view-spots.ts';
import { defaultView, savedView } from '../map/map-view.ts';
import type { SpotMapEvents } from '../map/spot-map.ts';
import { useSpotMap } from '../map/use-spot-map.ts';
import type { Filters } from '../panels/filters.tsx';
import { filterSpots } from '../panels/filters.tsx';
import { useStillThere } from '../panels/still-there.tsx';
import { useDraft } from '../report/report-send.ts';
import { openingAddress, useAddress } from './address.ts';
import { type PageActions, usePageActions } from './page-actions.ts';
import { usePageEffects } from './page-effects.ts';
import { addressOf, type PageState, patcher, usePageState } from './page-state.ts';
import { embeddedSpot } from './shared-link.ts';

// The address is read once, before the first render: a shared link shows its spot in the first paint.
const opening = openingAddress();
const sharedSpot = embeddedSpot(opening.spotId);

/**
 * The map page's workings (app.tsx shows them): its state in one store (page-state.ts), changed by
 * its actions (page-actions.ts) and kept in the address (address.ts), the map made in `mapElement`
 * and kept in step with it, the spots, the live changes, nearby alerts and the report being written.
 */
export function usePage(config: PageSettings, mapElement: RefObject<HTMLElement | null>) {
  const data = useSpots();
  const online = useOnline();
  const [s, dispatch] = usePageState(opening, sharedSpot);
  const set = patcher(dispatch);
  const toast = (text: string, spotId?: number) => set({ toast: spotId ? { text, spotId } : { text } });
  const lastView = useRef<{ bbox: string; zoom: number }>(undefined);
  const lastPlace = useRef<Place>(undefined);
  const spots = useMapContent(data, s.filters);
  const alerts = useNearbyAlerts(s.alertsOn, data.spots, data.me.alertMinConfidence, (spot) =>
    toast(t('alerts.near', { title: spot.title }), spot.id),
  );
  /** Where the phone is, when known (nearby alerts watch it; a GPS fix for a report or route sets it). */
  const here = alerts.position ?? s.lastFix;
  const stillThere = useStillThere(here, data.spots, data.me.votes, busyOnTheWay(s));
  const openSpotId = s.panel === 'spot' ? s.openSpot?.id : undefined;
  // The map calls these after the render that made the actions below.
  let act: PageActions | undefined;
  const { map, frame } = useSpotMap(
    mapElement,
    config,
    // A shared spot opens centred above the sheet at street zoom; otherwise where the phone left off.
    () =>
      sharedSpot ? { lat: sharedSpot.lat, lng: sharedSpot.lng, zoom: 16 } : (savedView() ?? defaultView()),
    mapEvents({ s, set, act: () => act, draft: () => draft, lastView, inView: spots.inView }),
    {
      content: spots.content,
      heat: s.heat,
      openSpotId,
      picking: s.pick !== undefined,
      visible: s.view === 'map',
      routes: s.routeResult,
      user: alerts.position,
      lang: useLang(),
    },
  );
  const draft = useDraft(() => map.current?.showPin(undefined));
  const spotsNow = () => data.spots;
  act = usePageActions({
    state: s,
    dispatch,
    map,
    frame,
    spots: spotsNow,
    draft: draft.draft,
    updateDraft: draft.update,
    lastView,
    lastPlace,
  });
  useAddress(addressOf(s), act.follow);
  usePageEffects({
    s,
    dispatch,
    act,
    map,
    frame,
    online,
    alertsError: alerts.error,
    opening,
    sharedSpot,
    openSpotId,
    data,
    draft,
    toast,
    inView: spots.inView,
  });
  return {
    s,
    dispatch,
    set,
    act,
    data,
    online,
    draft,
    shown: spots.shown,
    truncated: spots.truncated,
    here,
    stillThere,
    toast,
  };
}

/** What the map tells the page: a spot or a place tapped, a pin dragged, the view moved. */
function mapEvents(p: {
  s: PageState;
  set(patch: Partial<PageState>): void;
  /** The page's actions and draft, made after the map (its events come after the render). */
  act(): PageActions | undefined;
  draft(): ReturnType<typeof useDraft>;
  lastView: RefObject<{ bbox: string; zoom: number } | undefined>;
  inView: ReturnType<typeof useViewSpots>;
}): Omit<SpotMapEvents, 'coveredBottom'> {
  const { s, set, inView } = p;
  return {
    onSpot: (id) => void p.act()?.showSpot(id),
    onPick: (lat, lng) => p.act()?.placePoint(s.pick, { lat, lng }),
    onTap: (lat, lng) => p.act()?.tapped({ lat, lng }),
    onPinMoved: (lat, lng) =>
      s.panel === 'report' ? p.draft().update({ point: { lat, lng } }) : set({ offered: { lat, lng } }),
    onView: (bbox, zoom) => {
      p.lastView.current = { bbox, zoom };
      inView.setView({ bbox, zoom });
    },
    onMoving: (bbox, zoom) => inView.warm({ bbox, zoom }),
    onBackground: (background) => set({ background }),
  };
}

/** Whether the phone's user is busy with the way (a report, a route): nobody asks if a spot is still there. */
const busyOnTheWay = (s: PageState) =>
  s.panel === 'report' || s.panel === 'route' || s.routeResult !== undefined;

/**
 * The spots the filters let through, and what the map shows: those, or the tiles of its view where
 * there are more spots than the first list holds. While the list is on its way, the view's tiles (a
 * few hundred bytes each, asked at once) show the spots.
 */
function useMapContent(data: ReturnType<typeof useSpots>, filters: Filters) {
  const shown = useMemo(() => filterSpots(data.spots, filters), [data.spots, filters]);
  const truncated = data.state.truncated;
  const tiled = truncated || data.state.loading;
  const inView = useViewSpots(tiled, filters);
  const content = useMemo(
    () =>
      tiled
        ? inView.content
        : { kind: 'spots' as const, spots: shown.map((x) => ({ ...asMarker(x), title: x.title })) },
    [shown, tiled, inView.content],
  );
  return { shown, truncated, inView, content };
}
