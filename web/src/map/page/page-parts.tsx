import type { PageSettings } from '../../../../common/page-settings.ts';
import { formatDateTime } from '../../lib/format.ts';
import { t, tn } from '../../lib/i18n.ts';
import type { Spot } from '../../lib/types.ts';
import { Notice } from '../../lib/ui.tsx';
import type { useSpots } from '../hooks/use-spots.ts';
import { FilterPanel } from '../panels/filters.tsx';
import { ListView } from '../panels/list-view.tsx';
import { RoutePanel } from '../panels/route-panel.tsx';
import { SentPanel } from '../panels/sent-panel.tsx';
import { SosPanel } from '../panels/sos-panel.tsx';
import { SpotDetail } from '../panels/spot-detail.tsx';
import { StatsPanel } from '../panels/stats-panel.tsx';
import { ReportForm } from '../report/report-form.tsx';
import type { useDraft } from '../report/report-send.ts';
import { Banner } from './chrome.tsx';
import type { PageActions } from './page-actions.ts';
import type { PageAction, PageState } from './page-state.ts';
import { PANEL_TITLE } from './panels.ts';
import { Sheet } from './sheet.tsx';

/** The parts of the map page around the map (app.tsx puts them together). */

type Data = ReturnType<typeof useSpots>;
type Draft = ReturnType<typeof useDraft>;
interface Parts {
  s: PageState;
  dispatch(a: PageAction): void;
  act: PageActions;
  data: Data;
}

/** The notices across the top: offline, the list failing to load, a place to pick. */
export function PageBanners({ s, dispatch, data, online }: Omit<Parts, 'act'> & { online: boolean }) {
  return (
    <>
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
      {s.pick && (
        <Banner
          kind="pick"
          action={{ label: t('action.cancel'), run: () => dispatch({ type: 'pick', target: undefined }) }}
        >
          {t('pick.tapMap')}
        </Banner>
      )}
    </>
  );
}

/** One stack at the map's foot: the offer to report where it was tapped above the notice, never under it. */
export function MapFoot({ s, act }: Pick<Parts, 's' | 'act'>) {
  // A tapped place waits for "Report a danger here" (not while the report itself is open).
  const offering = s.offered !== undefined && s.panel !== 'report';
  if (s.view !== 'map' || (!offering && s.background === 'ok')) return null;
  return (
    <div class="map-foot">
      {offering && (
        <div class="pin-offer">
          <button type="button" class="primary" onClick={act.reportOffered}>
            {t('pin.report')}
          </button>
          <button type="button" class="secondary" aria-label={t('action.cancel')} onClick={act.dropOffer}>
            ×
          </button>
        </div>
      )}
      {s.background !== 'ok' && (
        <p class="map-notice" role="status">
          {t(s.background === 'none' ? 'map.noBackground' : 'map.backgroundFailed')}
        </p>
      )}
    </div>
  );
}

/** The spots as a list in the map's place, nearest first where the phone's place is known. */
export function ListPane(props: {
  shown: Spot[];
  here: { lat: number; lng: number } | undefined;
  truncated: boolean;
  onSpot(id: number): void;
}) {
  return (
    <div class="list-pane">
      <h2>{tn('list.heading', props.shown.length)}</h2>
      {props.here && <p class="muted">{t('list.nearestFirst')}</p>}
      {props.truncated && <Notice kind="info">{t('list.truncated')}</Notice>}
      <ListView spots={props.shown} here={props.here} onSpot={props.onSpot} />
    </div>
  );
}

/** The sheet of the open panel, over the map (beside it on a wide screen). */
export function PanelSheet(
  props: Parts & {
    config: PageSettings;
    online: boolean;
    shown: number;
    draft: Draft;
  },
) {
  const { s, dispatch, act, data } = props;
  const panel = s.panel;
  if (!panel) return null;
  const loading = <p class="muted">{t('common.loading')}</p>;
  return (
    <Sheet
      id={`sheet-${panel}`}
      title={t(PANEL_TITLE[panel])}
      size={s.sheetSize}
      onSize={(sheetSize) => dispatch({ type: 'set', patch: { sheetSize } })}
      onClose={act.close}
    >
      {panel === 'spot' && s.openSpot && (
        <SpotDetail
          spot={s.openSpot}
          me={data.me}
          onSpotChanged={(spot) => {
            dispatch({ type: 'set', patch: { openSpot: spot } });
            data.upsert(spot);
          }}
          onVoted={data.noteVote}
          onFlagged={(id, hidden) => {
            data.noteFlag(id);
            if (hidden) data.remove(id);
          }}
        />
      )}
      {panel === 'report' && <Report {...props} />}
      {panel === 'held' && (
        <>
          <Notice kind="ok">{t('report.pending')}</Notice>
          <button type="button" onClick={() => act.open('sent')}>
            {t('sent.follow')}
          </button>
        </>
      )}
      {panel === 'route' && (
        <RoutePanel
          from={s.ends.from}
          to={s.ends.to}
          picking={s.pick === 'from' || s.pick === 'to' ? s.pick : undefined}
          onSet={(end, point) => dispatch({ type: 'end', end, point })}
          onPick={(end) => dispatch({ type: 'pick', target: s.pick === end ? undefined : end })}
          onGps={(end) => void act.gps(end)}
          result={s.routeResult}
          onResult={(routeResult) => dispatch({ type: 'set', patch: { routeResult } })}
          onSpot={(id) => void act.showSpot(id)}
          onWatchTrip={() =>
            s.ends.from && s.ends.to && act.openWatch({ kind: 'trip', from: s.ends.from, to: s.ends.to })
          }
        />
      )}
      {panel === 'filters' && (
        <FilterPanel
          filters={s.filters}
          shown={props.shown}
          total={data.spots.length}
          onChange={(filters) => dispatch({ type: 'set', patch: { filters } })}
        />
      )}
      {panel === 'stats' && <StatsPanel />}
      {panel === 'sos' && <SosPanel />}
      {panel === 'sent' && <SentPanel onShow={(id) => void act.showSpot(id)} />}
      {panel === 'areas' &&
        (act.areasPanel ? (
          <act.areasPanel.AreasPanel
            view={s.areaView}
            basemap={Boolean(props.config.basemap)}
            online={props.online}
          />
        ) : (
          loading
        ))}
      {panel === 'watch' &&
        (act.watchPanel ? (
          <act.watchPanel.WatchPanel target={s.watchTarget} online={props.online} />
        ) : (
          loading
        ))}
    </Sheet>
  );
}

/** The report form: a report sent is shown on the map (or said to wait for a moderator). */
function Report({ s, dispatch, act, data, draft }: Parts & { draft: Draft }) {
  const toast = (text: string) => dispatch({ type: 'set', patch: { toast: { text } } });
  const published = (spot: Spot) => {
    draft.discard();
    data.upsert(spot);
    data.noteVote(spot.id, 1);
  };
  return (
    <ReportForm
      draft={draft.draft}
      onDraft={draft.update}
      onDiscard={draft.discard}
      picking={s.pick === 'report'}
      onPickOnMap={() => dispatch({ type: 'pick', target: s.pick === 'report' ? undefined : 'report' })}
      onUseGps={() => void act.gps('report')}
      gpsError={s.gpsError}
      onConfirmedInstead={(spot) => {
        published(spot);
        toast(t('report.confirmedInstead', { title: spot.title }));
        void act.showSpot(spot.id);
      }}
      onReported={(spot, pending) => {
        if (pending) {
          draft.discard();
          return act.open('held');
        }
        published(spot);
        toast(t('report.published'));
        void act.showSpot(spot.id);
      }}
    />
  );
}
