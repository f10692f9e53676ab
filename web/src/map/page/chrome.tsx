import type { ComponentChildren } from 'preact';
import { t } from '../../lib/i18n.ts';
import { LanguageSelect } from '../../lib/language-select.tsx';
import type { Place, Spot, SpotSummary } from '../../lib/types.ts';
import { SearchBox } from '../panels/search-box.tsx';

/** The bar across the top: the site's name (home), search, the language and SOS. */
export function TopBar(props: {
  onSpot(spot: SpotSummary): void;
  onPlace(place: Place): void;
  /** The spots on the phone, searched when there is no connection. */
  saved(): Spot[];
  onSos(): void;
}) {
  return (
    <header class="topbar">
      <a class="brand" href="/" aria-label="Hatari">
        <img src="/icon.svg" alt="" width="28" height="28" />
        <span>Hatari</span>
      </a>
      <SearchBox
        id="search"
        label={t('search.placeholder')}
        onSpot={props.onSpot}
        onPlace={props.onPlace}
        saved={props.saved}
      />
      <LanguageSelect />
      <button type="button" class="sos-button" onClick={props.onSos} title={t('sos.heading')}>
        SOS
      </button>
    </header>
  );
}

/** A one-line notice across the top of the map, with an optional action. */
export function Banner(props: {
  kind: 'offline' | 'error' | 'pick';
  children: ComponentChildren;
  action?: { label: string; run(): void };
}) {
  return (
    <p class={`banner ${props.kind}`} role={props.kind === 'error' ? 'alert' : 'status'}>
      {props.children}
      {props.action && (
        <>
          {' '}
          <button type="button" class="link-button" onClick={props.action.run}>
            {props.action.label}
          </button>
        </>
      )}
    </p>
  );
}

export interface Toast {
  text: string;
  spotId?: number;
}

/** A short message over the map (an alert near a spot, a report published), dismissible. */
export function ToastMessage(props: { toast: Toast; onShow(id: number): void; onClose(): void }) {
  const { toast } = props;
  return (
    <div class="toast" aria-live="polite">
      <span>{toast.text}</span>
      {toast.spotId !== undefined && (
        <button type="button" class="link-button" onClick={() => props.onShow(toast.spotId as number)}>
          {t('action.show')}
        </button>
      )}
      <button type="button" class="icon-button" aria-label={t('action.close')} onClick={props.onClose}>
        ✕
      </button>
    </div>
  );
}

export type NavPanel = 'report' | 'route' | 'filters' | 'stats';

/** The bottom bar: the main actions within a thumb's reach. */
export function BottomNav(props: {
  activeFilters: number;
  listView: boolean;
  /** `byKeyboard`: opened with Enter or Space, so no map tap is waited for. */
  onOpen(panel: NavPanel, byKeyboard?: boolean): void;
  onToggleView(): void;
}) {
  return (
    <nav class="bottom-nav" aria-label={t('nav.label')}>
      {/* A click from Enter or Space has no pointer behind it (detail 0). */}
      <button type="button" class="primary" onClick={(e) => props.onOpen('report', e.detail === 0)}>
        {t('nav.report')}
      </button>
      <button type="button" onClick={() => props.onOpen('route')}>
        {t('nav.route')}
      </button>
      <button type="button" onClick={() => props.onOpen('filters')}>
        {t('nav.filters')}
        {props.activeFilters > 0 && <span class="count-badge">{props.activeFilters}</span>}
      </button>
      <button type="button" onClick={() => props.onOpen('stats')}>
        {t('nav.stats')}
      </button>
      <button type="button" aria-pressed={props.listView} onClick={props.onToggleView}>
        {props.listView ? t('nav.map') : t('nav.list')}
      </button>
    </nav>
  );
}
