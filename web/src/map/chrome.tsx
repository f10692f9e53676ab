import type { ComponentChildren } from 'preact';
import { t } from '../lib/i18n.ts';

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
  onOpen(panel: NavPanel): void;
  onToggleView(): void;
}) {
  return (
    <nav class="bottom-nav" aria-label={t('nav.label')}>
      <button type="button" class="primary" onClick={() => props.onOpen('report')}>
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

/** What the map's colours and marks mean: severity is also written in each marker. */
export function Legend({ id }: { id: string }) {
  return (
    <section id={id} class="legend" aria-label={t('legend.heading')}>
      <h2>{t('legend.heading')}</h2>
      <ul>
        {[1, 2, 3, 4, 5].map((n) => (
          <li key={n}>
            <span class={`legend-marker sev-${n}`} aria-hidden="true">
              {n}
            </span>
            {t(`severity.${n}` as 'severity.1')}
          </li>
        ))}
        <li>
          <span class="legend-marker cluster" aria-hidden="true">
            12
          </span>
          {t('legend.cluster')}
        </li>
        <li>
          <span class="legend-marker faded" aria-hidden="true" />
          {t('legend.faded')}
        </li>
      </ul>
    </section>
  );
}
