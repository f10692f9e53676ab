import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { t, useLang } from '../lib/i18n.ts';
import { LanguageSelect } from '../lib/language-select.tsx';
import type { PageConfig } from '../lib/page-config.ts';
import type { Place, Spot } from '../lib/types.ts';
import { Notice, Sheet } from '../lib/ui.tsx';
import { Banner, BottomNav, type Toast, ToastMessage } from './chrome.tsx';
import { activeFilterCount, FilterPanel, filterSpots, NO_FILTERS } from './filters.tsx';
import { locateOnce } from './geolocation.ts';
import { ListView } from './list-view.tsx';
import { useNearbyAlerts } from './nearby-alerts.ts';
import { useOnline } from './offline.ts';
import { ReportForm } from './report-form.tsx';
import { type RouteEnd, RoutePanel, type RoutePoint } from './route-panel.tsx';
import { SearchBox } from './search-box.tsx';
import { SosPanel } from './sos-panel.tsx';
import { SpotDetail } from './spot-detail.tsx';
import { SpotMap } from './spot-map.ts';
import { StatsPanel } from './stats-panel.tsx';
import { useSpots } from './use-spots.ts';
import { useViewSpots } from './use-view-spots.ts';

type Panel = 'spot' | 'report' | 'route' | 'filters' | 'stats' | 'sos' | 'held';
type PickTarget = 'report' | RouteEnd;

const spotInAddress = () => {
  const id = Number(new URLSearchParams(location.search).get('spot'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

export function App({ config }: { config: PageConfig }) {
  useLang();
  const data = useSpots();
  const online = useOnline();
  const [filters, setFilters] = useState(NO_FILTERS);
  const [panel, setPanel] = useState<Panel>();
  const [openSpot, setOpenSpot] = useState<Spot>();
  const [view, setView] = useState<'map' | 'list'>('map');
  const [heat, setHeat] = useState(false);
  const [alertsOn, setAlertsOn] = useState(false);
  const [pick, setPick] = useState<PickTarget>();
  const [reportPoint, setReportPoint] = useState<{ lat: number; lng: number }>();
  const [ends, setEnds] = useState<Record<RouteEnd, RoutePoint | undefined>>({
    from: undefined,
    to: undefined,
  });
  const [gpsError, setGpsError] = useState<string>();
  const [toast, setToast] = useState<Toast>();
  const mapElement = useRef<HTMLElement>(null);
  const map = useRef<SpotMap>(undefined);
  // The map's handlers are set once; they reach the latest state through these.
  const pickRef = useRef(pick);
  pickRef.current = pick;
  const showSpotRef = useRef<(id: number) => Promise<void>>(undefined);

  const shown = useMemo(() => filterSpots(data.spots, filters), [data.spots, filters]);
  // More spots than the first list holds: the map asks the server per view instead.
  const large = data.state.truncated;
  const inView = useViewSpots(large, filters);
  const onViewRef = useRef(inView.setView);
  onViewRef.current = inView.setView;

  useEffect(() => {
    if (!mapElement.current) return;
    map.current = new SpotMap(mapElement.current, config, {
      onSpot: (id) => void showSpotRef.current?.(id),
      onPick: (lat, lng) => placePoint(pickRef.current, { lat, lng }),
      onView: (bbox, zoom) => onViewRef.current({ bbox, zoom }),
      coveredBottom: () => {
        const sheet = document.querySelector('.sheet');
        // On a phone the sheet lies over the map's lower part; on a wide screen it sits beside it.
        return sheet && window.innerWidth < 800 ? sheet.getBoundingClientRect().height : 0;
      },
    });
    const shared = spotInAddress();
    if (shared) void showSpot(shared);
  }, []);
  useEffect(() => {
    if (!large) map.current?.setSpots(shown);
    else if (inView.content?.kind === 'clusters') map.current?.showGridClusters(inView.content.clusters);
    else if (inView.content) map.current?.setSpots(filterSpots(inView.content.spots, filters));
  }, [shown, large, inView.content]);
  useEffect(() => map.current?.setHeat(heat), [heat]);
  useEffect(() => map.current?.setPicking(pick !== undefined), [pick]);
  useEffect(() => {
    if (view === 'map') map.current?.invalidateSize();
  }, [view]);

  const alerts = useNearbyAlerts(alertsOn, data.spots, (spot) =>
    setToast({ text: t('alerts.near', { title: spot.title }), spotId: spot.id }),
  );
  useEffect(() => map.current?.showUser(alerts.position), [alerts.position]);

  function placePoint(target: PickTarget | undefined, point: { lat: number; lng: number }, label?: string) {
    if (!target) return;
    setPick(undefined);
    map.current?.showPoint(point);
    if (target === 'report') setReportPoint(point);
    else
      setEnds((e) => ({
        ...e,
        [target]: { ...point, label: label ?? `${point.lat.toFixed(4)}, ${point.lng.toFixed(4)}` },
      }));
  }

  async function gps(target: PickTarget) {
    setGpsError(undefined);
    const fix = await locateOnce();
    if (!fix.ok) return setGpsError(fix.error);
    map.current?.focus(fix.position.lat, fix.position.lng);
    placePoint(target, fix.position, t('route.myLocation'));
  }

  async function showSpot(id: number) {
    const known = data.spots.find((s) => s.id === id);
    if (known) setOpenSpot(known);
    setPanel('spot');
    history.replaceState(null, '', `/?spot=${id}`);
    const res = await api<{ spot: Spot }>(`/api/spots/${id}`);
    if (res.ok) {
      setOpenSpot(res.data.spot);
      map.current?.focus(res.data.spot.lat, res.data.spot.lng, 15);
    } else if (!known) {
      setPanel(undefined);
      setToast({ text: res.status === 404 ? t('error.notFound') : t('error.offlineNotSent') });
    }
  }

  showSpotRef.current = showSpot;

  function close() {
    if (panel === 'spot') history.replaceState(null, '', '/');
    if (panel === 'route') map.current?.clearRoutes();
    if (panel === 'report' || panel === 'route') map.current?.showPoint(undefined);
    setPick(undefined);
    setPanel(undefined);
  }

  const open = (p: Panel) => {
    setPick(undefined);
    setPanel(p);
    if (p === 'report' && !reportPoint) setPick('report');
  };

  const goToPlace = (place: Place) => {
    setView('map');
    map.current?.focus(place.lat, place.lng, 15);
    map.current?.showPoint(place);
  };

  const titles: Record<Panel, string> = {
    spot: t('detail.heading'),
    report: t('report.heading'),
    route: t('route.heading'),
    filters: t('filters.heading'),
    stats: t('stats.heading'),
    sos: t('sos.heading'),
    held: t('report.heading'),
  };

  return (
    <div class={`app view-${view}${panel ? ' with-panel' : ''}${pick ? ' picking' : ''}`}>
      <header class="topbar">
        <a class="brand" href="/" aria-label="Hatari">
          <img src="/icon.svg" alt="" width="28" height="28" />
          <span>Hatari</span>
        </a>
        <SearchBox
          id="search"
          label={t('search.placeholder')}
          onSpot={(s) => void showSpot(s.id)}
          onPlace={goToPlace}
        />
        <LanguageSelect />
        <button type="button" class="sos-button" onClick={() => open('sos')} aria-label={t('sos.heading')}>
          SOS
        </button>
      </header>
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
        <section ref={mapElement} class="map" aria-label={t('map.label')} hidden={view === 'list'} />
        {view === 'map' && (
          <div class="map-tools">
            <button type="button" aria-pressed={heat} onClick={() => setHeat(!heat)}>
              {t('map.heat')}
            </button>
            <button type="button" aria-pressed={alertsOn} onClick={() => setAlertsOn(!alertsOn)}>
              {t('alerts.toggle')}
            </button>
          </div>
        )}
        {view === 'list' && (
          <div class="list-pane">
            <h2>{t('list.heading', { n: shown.length })}</h2>
            {large && <Notice kind="info">{t('list.truncated')}</Notice>}
            <ListView spots={shown} onSpot={(id) => void showSpot(id)} />
          </div>
        )}
        {alertsOn && alerts.error && <Notice kind="warn">{t('gps.failed')}</Notice>}
        {panel && (
          <Sheet title={titles[panel]} onClose={close}>
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
                point={reportPoint}
                picking={pick === 'report'}
                onPickOnMap={() => setPick(pick === 'report' ? undefined : 'report')}
                onUseGps={() => void gps('report')}
                gpsError={gpsError}
                onReported={(spot, pending) => {
                  setReportPoint(undefined);
                  map.current?.showPoint(undefined);
                  if (pending) return setPanel('held');
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
                onRoutes={(routes, chosen) => map.current?.showRoutes(routes, chosen)}
                onSpot={(id) => void showSpot(id)}
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
          </Sheet>
        )}
        {toast && (
          <ToastMessage
            toast={toast}
            onShow={(id) => void showSpot(id)}
            onClose={() => setToast(undefined)}
          />
        )}
      </main>
      <BottomNav
        activeFilters={activeFilterCount(filters)}
        listView={view === 'list'}
        onOpen={open}
        onToggleView={() => setView(view === 'map' ? 'list' : 'map')}
      />
    </div>
  );
}
