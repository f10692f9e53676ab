import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n.ts';

/**
 * The map's tools (offline areas, alerts for this area, your reports, the heat view, nearby alerts,
 * the legend) folded behind one small button, so they never stand over the map in any language: the
 * menu opens under it, and closes when a tool is chosen, on Escape or on a tap elsewhere. The button
 * counts the tools switched on (the heat view, nearby alerts), as the Filters button counts its
 * filters.
 */
export function MapTools(props: {
  heat: boolean;
  alertsOn: boolean;
  onAreas(): void;
  onWatchHere(): void;
  onSent(): void;
  onHeat(): void;
  onAlerts(): void;
}) {
  const [open, setOpen] = useState(false);
  const [legend, setLegend] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open && !legend) return;
    const shut = () => {
      setOpen(false);
      setLegend(false);
    };
    const away = (e: Event) => box.current?.contains(e.target as Node) || shut();
    const onEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const focus = document.activeElement;
      shut();
      if (!focus || focus === document.body || box.current?.contains(focus)) toggle.current?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open, legend]);
  const on = Number(props.heat) + Number(props.alertsOn);
  const choose = (run: () => void) => () => {
    setOpen(false);
    run();
  };
  return (
    <div ref={box} class="map-tools">
      <button
        ref={toggle}
        type="button"
        class="tools-toggle"
        aria-expanded={open}
        aria-controls="map-tools-menu"
        aria-label={t('tools.button')}
        title={t('tools.button')}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">☰</span>
        {on > 0 && <span class="count-badge">{on}</span>}
      </button>
      {open && (
        <div id="map-tools-menu" class="tools-menu">
          <button type="button" onClick={choose(props.onAreas)}>
            {t('areas.button')}
          </button>
          <button type="button" onClick={choose(props.onWatchHere)}>
            {t('watch.button')}
          </button>
          <button type="button" onClick={choose(props.onSent)}>
            {t('sent.button')}
          </button>
          <button type="button" aria-pressed={props.heat} onClick={choose(props.onHeat)}>
            {t('map.heat')}
          </button>
          <button type="button" aria-pressed={props.alertsOn} onClick={choose(props.onAlerts)}>
            {t('alerts.toggle')}
          </button>
          <button
            type="button"
            aria-expanded={legend}
            aria-controls="legend"
            onClick={choose(() => setLegend(!legend))}
          >
            {t('legend.button')}
          </button>
        </div>
      )}
      {legend && <Legend id="legend" />}
    </div>
  );
}

/** What the map's colours and marks mean: severity is also written in each marker. */
function Legend({ id }: { id: string }) {
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
        {(['likely', 'possible', 'unconfirmed'] as const).map((band) => (
          <li key={band}>
            <span class={`legend-marker sev-4 conf-${band}`} aria-hidden="true" />
            {t(`legend.${band}`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
