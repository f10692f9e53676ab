import { useRef } from 'preact/hooks';
import type { PageSettings } from '../../../../common/page-settings.ts';
import { t } from '../../lib/i18n.ts';
import { MapTools } from '../map/map-tools.tsx';
import { activeFilterCount } from '../panels/filters.tsx';
import { StillThere } from '../panels/still-there.tsx';
import { BottomNav, ToastMessage, TopBar } from './chrome.tsx';
import { ListPane, MapFoot, PageBanners, PanelSheet } from './page-parts.tsx';
import { usePage } from './use-page.ts';

/** The map page: the map (or the list in its place), the open panel's sheet, and the bars around them. */
export function App({ config }: { config: PageSettings }) {
  const mapElement = useRef<HTMLElement>(null);
  const page = usePage(config, mapElement);
  const { s, set, act, data, stillThere } = page;
  const parts = { s, dispatch: page.dispatch, act, data };
  const showSpot = (id: number) => void act.showSpot(id);
  return (
    <div class={`app view-${s.view}${s.panel ? ' with-panel' : ''}${s.pick ? ' picking' : ''}`}>
      <TopBar
        onSpot={(spot) => showSpot(spot.id)}
        onPlace={act.goToPlace}
        saved={() => data.spots}
        onSos={() => act.open('sos')}
      />
      {/* Before the map in the tab order and to screen readers; drawn at the foot (map.css). */}
      <BottomNav
        activeFilters={activeFilterCount(s.filters)}
        listView={s.view === 'list'}
        onOpen={act.open}
        onToggleView={() => set({ view: s.view === 'map' ? 'list' : 'map' })}
      />
      <PageBanners {...parts} online={page.online} />
      <main class="main">
        {s.view === 'map' && (
          <MapTools
            heat={s.heat}
            alertsOn={s.alertsOn}
            onAreas={act.openAreas}
            onWatchHere={act.watchHere}
            onSent={() => act.open('sent')}
            onHeat={() => set({ heat: !s.heat })}
            onAlerts={() => set({ alertsOn: !s.alertsOn })}
          />
        )}
        <section ref={mapElement} class="map" aria-label={t('map.label')} hidden={s.view === 'list'} />
        <MapFoot s={s} act={act} />
        {s.view === 'list' && (
          <ListPane shown={page.shown} here={page.here} truncated={page.truncated} onSpot={showSpot} />
        )}
        <PanelSheet
          {...parts}
          config={config}
          online={page.online}
          shown={page.shown.length}
          draft={page.draft}
        />
        {stillThere.asking && (
          <StillThere
            spot={stillThere.asking}
            onVoted={(value, spot) => {
              data.noteVote((spot ?? stillThere.asking)?.id as number, value);
              if (spot) data.upsert(spot);
            }}
            onClose={(text) => {
              stillThere.dismiss();
              if (text) page.toast(text);
            }}
          />
        )}
        {s.toast && !stillThere.asking && (
          <ToastMessage toast={s.toast} onShow={showSpot} onClose={() => set({ toast: undefined })} />
        )}
      </main>
    </div>
  );
}
