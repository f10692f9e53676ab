import { useState } from 'preact/hooks';
import { t } from '../lib/i18n.ts';

/** The buttons over the map: offline areas, alerts for this area, the heat map, nearby alerts, the legend. */
export function MapTools(props: {
  heat: boolean;
  alertsOn: boolean;
  onAreas(): void;
  onWatchHere(): void;
  onHeat(): void;
  onAlerts(): void;
}) {
  const [legend, setLegend] = useState(false);
  return (
    <div class="map-tools">
      <button type="button" onClick={props.onAreas}>
        {t('areas.button')}
      </button>
      <button type="button" onClick={props.onWatchHere}>
        {t('watch.button')}
      </button>
      <button type="button" aria-pressed={props.heat} onClick={props.onHeat}>
        {t('map.heat')}
      </button>
      <button type="button" aria-pressed={props.alertsOn} onClick={props.onAlerts}>
        {t('alerts.toggle')}
      </button>
      <button type="button" aria-expanded={legend} aria-controls="legend" onClick={() => setLegend(!legend)}>
        {t('legend.button')}
      </button>
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
