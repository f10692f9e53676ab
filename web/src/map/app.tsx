import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { metresBetween } from '../../../common/geo.ts';
import type { PageSettings } from '../../../common/page-settings.ts';
import { answer, client } from '../lib/api.ts';
import { asMarker, formatDateTime } from '../lib/format.ts';
import { t, tn, useLang } from '../lib/i18n.ts';
import type { Place, Spot } from '../lib/types.ts';
import { Notice } from '../lib/ui.tsx';
import type { BackgroundState } from './basemap.ts';
import { Banner, BottomNav, type Toast, ToastMessage, TopBar } from './chrome.tsx';
import { activeFilterCount, FilterPanel, filterSpots, NO_FILTERS } from './filters.tsx';
import { locateOnce } from './geolocation.ts';
import { ListView } from './list-view.tsx';
import { useLiveMap } from './live-map.ts';
import { MapTools } from './map-tools.tsx';
import { defaultView, savedView } from './map-view.ts';
import { useNearbyAlerts } from './nearby-alerts.ts';
import { useOnline } from './offline.ts';
import { OPEN_SIZE, PANEL_TITLE, type Panel } from './panels.ts';
import { clearDraft, loadDraft, type ReportDraft, saveDraft } from './report-draft.ts';
import { ReportForm } from './report-form.tsx';
import { useWaitingReport } from './report-send.ts';
import { type RouteEnd, RoutePanel, type RoutePoint, type RouteResult } from './route-panel.tsx';
import { embeddedSpot, spotIdInAddress, spotPath } from './shared-link.ts';
import { Sheet, type SheetSize } from './sheet.tsx';
import { SosPanel } from './sos-panel.tsx';
import { SpotDetail } from './spot-detail.tsx';
import { StatsPanel } from './stats-panel.tsx';
import { StillThere, useStillThere } from './still-there.tsx';
import { useSpotMap } from './use-spot-map.ts';
import { useSpots } from './use-spots.ts';
import { useViewSpots } from './use-view-spots.ts';
import type { WatchTarget } from './watch-panel.tsx';

type PickTarget = 'report' | RouteEnd;

/** How long a message (a thank-you, an alert) stays before it goes by itself. */
const TOAST_MS = 8000;
/** Kept areas are refreshed this long after the page opens online, after its first view. */
const AREA_REFRESH_DELAY_MS = 10_000;

// The address is read once, before the first render: a shared link shows its spot in the first paint.
const sharedId = spotIdInAddress();
const sharedSpot = embeddedSpot(sharedId);

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the page's state still lives here, until it moves into a store of its own
export function App({ config }: { config: PageSettings }) {
  const lang = useLang();
  const data = useSpots();
  const online = useOnline();
  const [filters, setFilters] = useState(NO_FILTERS);
  const [panel, setPanel] = useState<Panel | undefined>(sharedId ? 'spot' : undefined);
  const [sheetSize, setSheetSize] = useState<SheetSize>('half');
  const [openSpot, setOpenSpot] = useState<Spot | undefined>(sharedSpot);
  const [view, setView] = useState<'map' | 'list'>('map');
  const [heat, setHeat] = useState(false);
  const [alertsOn, setAlertsOn] = useState(false);
  const [pick, setPick] = useState<PickTarget>();
  const [draft, setDraft] = useState<ReportDraft>(loadDraft);
  const [routeResult, setRouteResult] = useState<RouteResult>();
  const [ends, setEnds] = useState<Record<RouteEnd, RoutePoint | undefined>>({
    from: undefined,
    to: undefined,
  });
  const [gpsError, setGpsError] = useState<string>();
  const [lastFix, setLastFix] = useState<{ lat: number; lng: number }>();
  const [toast, setToast] = useState<Toast>();
  const [background, setBackground] = useState<BackgroundState | 'none'>('ok');
  /** A tap on the map offers to report there: the pin waits for "Report a danger here". */
  const [offered, setOffered] = useState<{ lat: number; lng: number }>();
  const mapElement = useRef<HTMLElement>(null);
  /** The map's view as it last settled: the area "Keep this area offline" keeps. */
  const lastView = useRef<{ bbox: string; zoom: number }>(undefined);
  const [areaView, setAreaView] = useState<{ bbox: string; zoom: number }>();
  /** The offline areas' panel, in its own chunk: loaded when first opened. */
  const [areasPanel, setAreasPanel] = useState<typeof import('./areas-panel.tsx')>();
  /** Push alerts' panel, in its own chunk, and what it offers to watch. */
  const [watchPanel, setWatchPanel] = useState<typeof import('./watch-panel.tsx')>();
  const [watchTarget, setWatchTarget] = useState<WatchTarget>();
  const lastPlace = useRef<Place>(undefined);

  // Areas kept offline are refreshed once the page is online and has drawn its first view.
  useEffect(() => {
    if (!online) return;
    const timer = setTimeout(
      () => void import('./offline-areas.ts').then((m) => m.refreshAreas()).catch(() => {}),
      AREA_REFRESH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [online]);

  const shown = useMemo(() => filterSpots(data.spots, filters), [data.spots, filters]);
  // More spots than the first list holds: the map shows the tiles of its view instead. While the
  // list is on its way, the view's tiles (a few hundred bytes each, asked at once) show the spots.
  const large = data.state.truncated;
  const inView = useViewSpots(large || data.state.loading, filters);
  const content = useMemo(
    () =>
      large || data.state.loading
        ? inView.content
        : { kind: 'spots' as const, spots: shown.map((s) => ({ ...asMarker(s), title: s.title })) },
    [shown, large, data.state.loading, inView.content],
  );

  useLiveMap({
    online,
    data,
    inView,
    openSpotId: panel === 'spot' ? openSpot?.id : undefined,
    onOpenSpot: (spot) => {
      if (spot) return setOpenSpot(spot);
      close();
      setToast({ text: t('error.notFound') });
    },
    notify: setToast,
  });

  const alerts = useNearbyAlerts(alertsOn, data.spots, data.me.alertMinConfidence, (spot) =>
    setToast({ text: t('alerts.near', { title: spot.title }), spotId: spot.id }),
  );
  /** Where the phone is, when known (nearby alerts watch it; a GPS fix for a report or route sets it). */
  const here = alerts.position ?? lastFix;
  const stillThere = useStillThere(
    here,
    data.spots,
    data.me.votes,
    panel === 'report' || panel === 'route' || routeResult !== undefined,
  );

  const { map, frame } = useSpotMap(
    mapElement,
    config,
    // A shared spot opens centred above the sheet at street zoom; otherwise where the phone left off.
    () =>
      sharedSpot ? { lat: sharedSpot.lat, lng: sharedSpot.lng, zoom: 16 } : (savedView() ?? defaultView()),
    {
      onSpot: (id) => void showSpot(id),
      onPick: (lat, lng) => placePoint(pick, { lat, lng }),
      onTap: (lat, lng) => tapped({ lat, lng }),
      onPinMoved: (lat, lng) => {
        if (panel === 'report') updateDraft({ point: { lat, lng } });
        else setOffered({ lat, lng });
      },
      onView: (bbox, zoom) => {
        lastView.current = { bbox, zoom };
        inView.setView({ bbox, zoom });
      },
      onMoving: (bbox, zoom) => inView.warm({ bbox, zoom }),
      onBackground: setBackground,
    },
    {
      content,
      heat,
      openSpotId: panel === 'spot' ? openSpot?.id : undefined,
      picking: pick !== undefined,
      visible: view === 'map',
      routes: routeResult,
      user: alerts.position,
      lang,
    },
  );
  useEffect(() => {
    // Framed once the map is made (it is made after the first render) and the sheet's height known.
    if (sharedSpot) frame({ lat: sharedSpot.lat, lng: sharedSpot.lng, animate: false });
    if (sharedId) void showSpot(sharedId, false);
  }, []);
  // The line saying the background is missing rises over the map's foot: an open spot stays clear of it.
  useEffect(() => {
    if (background !== 'ok' && panel === 'spot' && openSpot) map.current?.reveal(openSpot.lat, openSpot.lng);
  }, [background]);
  // A place is picked on the map: from the list, the map comes back.
  useEffect(() => {
    if (pick) setView('map');
  }, [pick]);

  // A message goes away by itself after a while; it can be closed sooner.
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(undefined), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  // Without the phone's location there are no alerts: the switch goes off and says why.
  useEffect(() => {
    if (!alerts.error) return;
    setAlertsOn(false);
    setToast({
      text: alerts.error.code === alerts.error.PERMISSION_DENIED ? t('alerts.blocked') : t('gps.failed'),
    });
  }, [alerts.error]);

  const updateDraft = (change: Partial<ReportDraft>) =>
    setDraft((d) => {
      const next = { ...d, ...change };
      saveDraft(next);
      return next;
    });
  const discardDraft = () => {
    clearDraft();
    setDraft(loadDraft());
    map.current?.showPin(undefined);
  };
  useWaitingReport(draft, {
    onSent: (spot, pending) => {
      discardDraft();
      if (!pending) {
        data.upsert(spot);
        data.noteVote(spot.id, 1);
      }
      setToast({
        text: t(pending ? 'report.sentLaterHeld' : 'report.sentLater'),
        spotId: pending ? undefined : spot.id,
      });
    },
    onWaitAgain: (sendAt) => updateDraft({ send_at: sendAt }),
    onFailed: (text) => {
      updateDraft({ send_at: undefined });
      setToast({ text });
    },
  });

  function placePoint(target: PickTarget | undefined, point: { lat: number; lng: number }, label?: string) {
    if (!target) return;
    setPick(undefined);
    if (target === 'report') {
      map.current?.showPin(point);
      updateDraft({ point });
      return;
    }
    map.current?.showPoint(point);
    setEnds((e) => ({
      ...e,
      [target]: { ...point, label: label ?? `${point.lat.toFixed(4)}, ${point.lng.toFixed(4)}` },
    }));
  }

  /**
   * A tap on the map: with the report open, the report's place moves there; otherwise a pin offers
   * to report there (a pan or a stray tap never opens a form by itself).
   */
  function tapped(point: { lat: number; lng: number }) {
    if (panel === 'report') return placePoint('report', point);
    // Whatever sheet was open steps aside (its work is kept) for the offer.
    if (panel) close();
    setOffered(point);
    map.current?.showPin(point);
  }

  function reportOffered() {
    if (!offered) return;
    updateDraft({ point: offered });
    setOffered(undefined);
    open('report');
  }

  function dropOffer() {
    setOffered(undefined);
    if (panel !== 'report') map.current?.showPin(undefined);
  }

  async function gps(target: PickTarget) {
    setGpsError(undefined);
    const fix = await locateOnce();
    if (!fix.ok) return setGpsError(fix.error);
    setLastFix(fix.position);
    map.current?.focus(fix.position.lat, fix.position.lng);
    placePoint(target, fix.position, t('route.myLocation'));
  }

  /** Opens a spot: at once from what the page holds, then fresh from the server. */
  async function showSpot(id: number, centre = true) {
    const known = data.spots.find((s) => s.id === id) ?? (openSpot?.id === id ? openSpot : undefined);
    if (known) setOpenSpot(known);
    openPanel('spot');
    history.replaceState(null, '', spotPath(id));
    if (known && centre) frame({ ...known, animate: true });
    const res = await answer(client.GET('/api/spots/{id}', { params: { path: { id: String(id) } } }));
    if (res.ok) {
      setOpenSpot(res.data.spot);
      if (!known) frame({ ...res.data.spot, animate: false });
    } else if (!known) {
      setPanel(undefined);
      history.replaceState(null, '', '/');
      setToast({ text: res.status === 404 ? t('error.notFound') : t('error.offlineNoSpot') });
    }
  }

  function openPanel(p: Panel) {
    if (p !== panel) setSheetSize(OPEN_SIZE[p]);
    setPanel(p);
  }

  /** Closing keeps what the panel made: the draft stays saved and the routes stay drawn. */
  function close() {
    if (panel === 'spot') history.replaceState(null, '', '/');
    if (panel === 'report') map.current?.showPin(undefined);
    setPick(undefined);
    setPanel(undefined);
  }

  /**
   * Opens a panel. A report without a place waits for a tap on the map, unless it was opened from
   * the keyboard: then the form shows at once, with its "Use my location" and "Tap on map".
   */
  const open = (p: Panel, byKeyboard = false) => {
    setPick(undefined);
    if (panel === 'spot') history.replaceState(null, '', '/');
    openPanel(p);
    if (p !== 'report') return dropOffer();
    const point = offered ?? draft.point;
    setOffered(undefined);
    if (!point) return byKeyboard ? undefined : setPick('report');
    map.current?.showPin(point);
    // Above the half sheet, where it can be seen and dragged.
    frame({ ...point, animate: true, reveal: true });
  };

  const openWatch = (target: WatchTarget | undefined) => {
    setWatchTarget(target);
    void import('./watch-panel.tsx').then(setWatchPanel);
    open('watch');
  };
  /** The map's middle, named after the place last searched when that is where the map is. */
  const watchHere = () => {
    const centre = map.current?.centre();
    if (!centre) return openWatch(undefined);
    const place = lastPlace.current;
    const name = place && metresBetween(place, centre) < 1500 ? place.name : undefined;
    openWatch({ kind: 'place', ...centre, name });
  };

  const goToPlace = (place: Place) => {
    lastPlace.current = place;
    setView('map');
    map.current?.focus(place.lat, place.lng, 15);
    map.current?.showPoint(place);
  };

  /** A tapped place waits for "Report a danger here" (not while the report itself is open). */
  const offering = offered !== undefined && panel !== 'report';

  return (
    <div class={`app view-${view}${panel ? ' with-panel' : ''}${pick ? ' picking' : ''}`}>
      <TopBar
        onSpot={(s) => void showSpot(s.id)}
        onPlace={goToPlace}
        saved={() => data.spots}
        onSos={() => open('sos')}
      />
      {/* Before the map in the tab order and to screen readers; drawn at the foot (map.css). */}
      <BottomNav
        activeFilters={activeFilterCount(filters)}
        listView={view === 'list'}
        onOpen={open}
        onToggleView={() => setView(view === 'map' ? 'list' : 'map')}
      />
      {(!online || data.state.savedAt !== undefined) && (
        <Banner kind="offline">
          {data.state.savedAt
            ? t('offline.savedList', { when: formatDateTime(data.state.savedAt) })
            : t('offline.banner')}
        </Banner>
      )}
      {data.state.failed && online && (
        <Banner kind="error" action={{ label: t('action.retry'), run: () => void data.reload() }}>
          {t('error.loadSpots')}
        </Banner>
      )}
      {pick && (
        <Banner kind="pick" action={{ label: t('action.cancel'), run: () => setPick(undefined) }}>
          {t('pick.tapMap')}
        </Banner>
      )}
      <main class="main">
        {view === 'map' && (
          <MapTools
            heat={heat}
            alertsOn={alertsOn}
            onAreas={() => {
              setAreaView(lastView.current);
              void import('./areas-panel.tsx').then(setAreasPanel);
              open('areas');
            }}
            onWatchHere={watchHere}
            onHeat={() => setHeat(!heat)}
            onAlerts={() => setAlertsOn(!alertsOn)}
          />
        )}
        <section ref={mapElement} class="map" aria-label={t('map.label')} hidden={view === 'list'} />
        {view === 'map' && (offering || background !== 'ok') && (
          // One stack at the map's foot: the offer stays above the notice, never under it.
          <div class="map-foot">
            {offering && (
              <div class="pin-offer">
                <button type="button" class="primary" onClick={reportOffered}>
                  {t('pin.report')}
                </button>
                <button type="button" class="secondary" aria-label={t('action.cancel')} onClick={dropOffer}>
                  ×
                </button>
              </div>
            )}
            {background !== 'ok' && (
              <p class="map-notice" role="status">
                {t(background === 'none' ? 'map.noBackground' : 'map.backgroundFailed')}
              </p>
            )}
          </div>
        )}
        {view === 'list' && (
          <div class="list-pane">
            <h2>{tn('list.heading', shown.length)}</h2>
            {here && <p class="muted">{t('list.nearestFirst')}</p>}
            {large && <Notice kind="info">{t('list.truncated')}</Notice>}
            <ListView spots={shown} here={here} onSpot={(id) => void showSpot(id)} />
          </div>
        )}
        {panel && (
          <Sheet
            id={`sheet-${panel}`}
            title={t(PANEL_TITLE[panel])}
            size={sheetSize}
            onSize={setSheetSize}
            onClose={close}
          >
            {panel === 'spot' && openSpot && (
              <SpotDetail
                spot={openSpot}
                me={data.me}
                onSpotChanged={(s) => {
                  setOpenSpot(s);
                  data.upsert(s);
                }}
                onVoted={data.noteVote}
                onFlagged={(id, hidden) => {
                  data.noteFlag(id);
                  if (hidden) data.remove(id);
                }}
              />
            )}
            {panel === 'report' && (
              <ReportForm
                draft={draft}
                onDraft={updateDraft}
                onDiscard={discardDraft}
                picking={pick === 'report'}
                onPickOnMap={() => setPick(pick === 'report' ? undefined : 'report')}
                onUseGps={() => void gps('report')}
                gpsError={gpsError}
                onConfirmedInstead={(spot) => {
                  discardDraft();
                  data.upsert(spot);
                  data.noteVote(spot.id, 1);
                  setToast({ text: t('report.confirmedInstead', { title: spot.title }) });
                  void showSpot(spot.id);
                }}
                onReported={(spot, pending) => {
                  discardDraft();
                  if (pending) return openPanel('held');
                  data.upsert(spot);
                  data.noteVote(spot.id, 1);
                  setToast({ text: t('report.published') });
                  void showSpot(spot.id);
                }}
              />
            )}
            {panel === 'held' && <Notice kind="ok">{t('report.pending')}</Notice>}
            {panel === 'route' && (
              <RoutePanel
                from={ends.from}
                to={ends.to}
                picking={pick === 'from' || pick === 'to' ? pick : undefined}
                onSet={(end, point) => setEnds((e) => ({ ...e, [end]: point }))}
                onPick={(end) => setPick(pick === end ? undefined : end)}
                onGps={(end) => void gps(end)}
                result={routeResult}
                onResult={setRouteResult}
                onSpot={(id) => void showSpot(id)}
                onWatchTrip={() =>
                  ends.from && ends.to && openWatch({ kind: 'trip', from: ends.from, to: ends.to })
                }
              />
            )}
            {panel === 'filters' && (
              <FilterPanel
                filters={filters}
                shown={shown.length}
                total={data.spots.length}
                onChange={setFilters}
              />
            )}
            {panel === 'stats' && <StatsPanel />}
            {panel === 'sos' && <SosPanel />}
            {panel === 'areas' &&
              (areasPanel ? (
                <areasPanel.AreasPanel view={areaView} basemap={Boolean(config.basemap)} online={online} />
              ) : (
                <p class="muted">{t('common.loading')}</p>
              ))}
            {panel === 'watch' &&
              (watchPanel ? (
                <watchPanel.WatchPanel target={watchTarget} online={online} />
              ) : (
                <p class="muted">{t('common.loading')}</p>
              ))}
          </Sheet>
        )}
        {stillThere.asking && (
          <StillThere
            spot={stillThere.asking}
            onVoted={(value, spot) => {
              data.noteVote((spot ?? stillThere.asking)?.id as number, value);
              if (spot) data.upsert(spot);
            }}
            onClose={(text) => {
              stillThere.dismiss();
              if (text) setToast({ text });
            }}
          />
        )}
        {toast && !stillThere.asking && (
          <ToastMessage
            toast={toast}
            onShow={(id) => void showSpot(id)}
            onClose={() => setToast(undefined)}
          />
        )}
      </main>
    </div>
  );
}
