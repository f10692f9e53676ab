import { useReducer } from 'preact/hooks';
import type { Spot } from '../../lib/types.ts';
import type { BackgroundState } from '../map/basemap.ts';
import { type Filters, NO_FILTERS } from '../panels/filters.tsx';
import type { RouteEnd, RoutePoint, RouteResult } from '../panels/route-panel.tsx';
import type { WatchTarget } from '../panels/watch-panel.tsx';
import type { Address } from './address.ts';
import type { Toast } from './chrome.tsx';
import { OPEN_SIZE, type Panel } from './panels.ts';
import type { SheetSize } from './sheet.tsx';

type Point = { lat: number; lng: number };
/** What a tap on the map picks: the report's place, or a route's end. */
export type PickTarget = 'report' | RouteEnd;

/**
 * The map page's state, in one place: what is open, what the map shows, what the route and the
 * messages say. Only the page's actions (page-actions.ts) change it, through `PageAction`; the
 * address (address.ts) is kept in step with the open spot, panel and view.
 */
export interface PageState {
  panel: Panel | undefined;
  sheetSize: SheetSize;
  /** The spot whose sheet is open (or is being fetched), and what the page holds of it. */
  spotId: number | undefined;
  openSpot: Spot | undefined;
  view: 'map' | 'list';
  filters: Filters;
  heat: boolean;
  alertsOn: boolean;
  pick: PickTarget | undefined;
  /** A tap on the map offers to report there: the pin waits for "Report a danger here". */
  offered: Point | undefined;
  toast: Toast | undefined;
  ends: Record<RouteEnd, RoutePoint | undefined>;
  routeResult: RouteResult | undefined;
  gpsError: string | undefined;
  /** The phone's last GPS fix, taken for a report or a route. */
  lastFix: Point | undefined;
  background: BackgroundState | 'none';
  /** What the alerts' panel offers to watch. */
  watchTarget: WatchTarget | undefined;
  /** The view the offline areas' panel offers to keep. */
  areaView: { bbox: string; zoom: number } | undefined;
}

export type PageAction =
  /** Opens a panel (a spot's through `spot`): it opens to its size, and a pick in progress ends. */
  | { type: 'open'; panel: Exclude<Panel, 'spot'> }
  | { type: 'spot'; id: number; spot: Spot | undefined }
  /** A spot fetched: shown if its sheet is still the one open (the user may have gone on). */
  | { type: 'spotLoaded'; spot: Spot }
  /** A spot could not be had: its sheet closes if it is still the one open. */
  | { type: 'spotMissing'; id: number }
  /** Closing keeps what the panel made: the draft stays saved and the routes stay drawn. */
  | { type: 'close' }
  /** A place to pick on the map: from the list, the map comes back. */
  | { type: 'pick'; target: PickTarget | undefined }
  | { type: 'end'; end: RouteEnd; point: RoutePoint | undefined }
  | { type: 'set'; patch: Partial<PageState> };

function opened(s: PageState, panel: Panel): PageState {
  return { ...s, panel, sheetSize: panel === s.panel ? s.sheetSize : OPEN_SIZE[panel], pick: undefined };
}

function pageReducer(s: PageState, a: PageAction): PageState {
  switch (a.type) {
    case 'open':
      return { ...opened(s, a.panel), spotId: undefined };
    case 'spot':
      return { ...opened(s, 'spot'), spotId: a.id, openSpot: a.spot };
    case 'spotLoaded':
      return s.panel === 'spot' && s.spotId === a.spot.id ? { ...s, openSpot: a.spot } : s;
    case 'spotMissing':
      return s.panel === 'spot' && s.spotId === a.id ? pageReducer(s, { type: 'close' }) : s;
    case 'close':
      return { ...s, panel: undefined, spotId: undefined, pick: undefined };
    case 'pick':
      return { ...s, pick: a.target, view: a.target ? 'map' : s.view };
    case 'end':
      return { ...s, ends: { ...s.ends, [a.end]: a.point } };
    case 'set':
      return { ...s, ...a.patch };
  }
}

/** Changes plain fields of the state, where no rule ties them to others. */
export const patcher =
  (dispatch: (a: PageAction) => void) =>
  (patch: Partial<PageState>): void =>
    dispatch({ type: 'set', patch });

/** What the address says of the page: its open spot, panel and view. */
export const addressOf = (s: PageState): Address => ({
  spotId: s.panel === 'spot' ? s.spotId : undefined,
  panel: s.panel === 'spot' ? undefined : s.panel,
  list: s.view === 'list',
});

/** The state the page opens in: what its address says, and a shared spot the server embedded. */
function initialPageState(address: Address, sharedSpot: Spot | undefined): PageState {
  const panel: Panel | undefined = address.spotId ? 'spot' : address.panel;
  return {
    panel,
    sheetSize: panel ? OPEN_SIZE[panel] : 'half',
    spotId: address.spotId,
    openSpot: sharedSpot,
    view: address.list ? 'list' : 'map',
    filters: NO_FILTERS,
    heat: false,
    alertsOn: false,
    pick: undefined,
    offered: undefined,
    toast: undefined,
    ends: { from: undefined, to: undefined },
    routeResult: undefined,
    gpsError: undefined,
    lastFix: undefined,
    background: 'ok',
    watchTarget: undefined,
    areaView: undefined,
  };
}

export const usePageState = (address: Address, sharedSpot: Spot | undefined) =>
  useReducer(pageReducer, undefined, () => initialPageState(address, sharedSpot));
