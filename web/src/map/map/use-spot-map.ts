import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PageSettings } from '../../../../common/page-settings.ts';
import type { Lang } from '../../lib/i18n.ts';
import type { GridCluster } from '../../lib/types.ts';
import type { RouteResult } from '../panels/route-panel.tsx';
import type { MapView } from './map-view.ts';
import type { MapSpot } from './markers.ts';
import { SpotMap, type SpotMapEvents } from './spot-map.ts';

type Point = { lat: number; lng: number };

/** What the map shows of the page's state. */
export interface MapState {
  /** Spot markers, or the grid's clusters of a view holding too many spots to send. */
  content: { kind: 'spots'; spots: MapSpot[] } | { kind: 'clusters'; clusters: GridCluster[] } | undefined;
  heat: boolean;
  /** The spot whose sheet is open: its marker stands out. */
  openSpotId: number | undefined;
  /** A tap picks a place (for a report or a route's end) instead of offering to report there. */
  picking: boolean;
  /** False while the list is shown in the map's place. */
  visible: boolean;
  routes: RouteResult | undefined;
  /** The phone, where known. */
  user: Point | undefined;
  lang: Lang;
}

/** A point to centre once the sheet is on screen; `reveal` only brings it above the sheet. */
type Framing = Point & { animate: boolean; reveal?: true };

/**
 * The page's Leaflet map, made once in `element` at `start` and kept in step with `state`. The map
 * calls the latest `events` given: they are made anew with each render, the map only once. `frame`
 * centres a point above the sheet after the next render, when the sheet's height is known.
 *
 * The map is made in a task of its own after the page's first render, not inside it: on a phone each
 * is a long stretch of work, and the page answers a tap between the two (Lighthouse counts a single
 * stretch as blocking time). Until then `map.current` is undefined; once made it is given the state
 * of that moment.
 */
export function useSpotMap(
  element: RefObject<HTMLElement | null>,
  config: PageSettings,
  start: () => MapView,
  events: Omit<SpotMapEvents, 'coveredBottom'>,
  state: MapState,
) {
  const map = useRef<SpotMap>(undefined);
  const latest = useRef(events);
  latest.current = events;
  const framing = useRef<Framing>(undefined);
  const [made, setMade] = useState(false);

  useEffect(() => {
    const later = setTimeout(() => {
      if (!element.current) return;
      map.current = new SpotMap(
        element.current,
        config,
        {
          onSpot: (id) => latest.current.onSpot(id),
          onPick: (lat, lng) => latest.current.onPick(lat, lng),
          onTap: (lat, lng) => latest.current.onTap(lat, lng),
          onPinMoved: (lat, lng) => latest.current.onPinMoved(lat, lng),
          onView: (bbox, zoom) => latest.current.onView(bbox, zoom),
          onMoving: (bbox, zoom) => latest.current.onMoving(bbox, zoom),
          onBackground: (background) => latest.current.onBackground(background),
          coveredBottom: () => {
            const sheet = document.querySelector('.sheet');
            // On a phone the sheet lies over the map's lower part; on a wide screen it sits beside it.
            return sheet && window.innerWidth < 800 ? sheet.getBoundingClientRect().height : 0;
          },
        },
        start(),
      );
      setMade(true);
    });
    return () => clearTimeout(later);
  }, []);
  useLayoutEffect(() => {
    if (!map.current) return;
    const f = framing.current;
    framing.current = undefined;
    if (f?.reveal) map.current?.reveal(f.lat, f.lng);
    else if (f) map.current?.focus(f.lat, f.lng, 16, f.animate);
  });

  const { content, heat, openSpotId, picking, visible, routes, user, lang } = state;
  // Each runs again once the map is made, so it starts from the page's state of that moment.
  useEffect(() => {
    if (content?.kind === 'clusters') map.current?.showGridClusters(content.clusters);
    else if (content) map.current?.setSpots(content.spots);
  }, [content, made]);
  useEffect(() => map.current?.setHeat(heat), [heat, made]);
  useEffect(() => map.current?.setOpenSpot(openSpotId), [openSpotId, made]);
  useEffect(() => map.current?.setLanguage(lang), [lang, made]);
  useEffect(() => map.current?.setPicking(picking), [picking, made]);
  useEffect(() => {
    if (visible) map.current?.invalidateSize();
  }, [visible, made]);
  useEffect(() => {
    if (routes) map.current?.showRoutes(routes.routes, routes.chosen);
    else map.current?.clearRoutes();
  }, [routes, made]);
  useEffect(() => map.current?.showUser(user), [user, made]);

  return {
    map,
    frame: (f: Framing) => {
      framing.current = f;
    },
  };
}
