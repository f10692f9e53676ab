import { useEffect, useRef } from 'preact/hooks';
import { formatDistance } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import { pageSettings } from '../../lib/page-config.ts';
import type { Nearby, NearbySpot } from '../../lib/types.ts';
import { MiniMap, type MiniMapPoint } from '../map/mini-map.ts';

/**
 * Where the report is: the place's name (or the pin's coordinates) and the ways to set it (a tap on
 * the map, the phone's location). The pin up close (PinMap) comes after the form's first fields, so
 * they show as the form opens.
 */
export function ReportLocation(props: {
  point: { lat: number; lng: number } | undefined;
  nearby: Nearby | undefined;
  picking: boolean;
  onPickOnMap(): void;
  onUseGps(): void;
  gpsError: string | undefined;
  /** Why the place cannot be sent, once shown. */
  error: string | undefined;
}) {
  const { point, nearby } = props;
  return (
    <div class={`field location${props.error ? ' invalid' : ''}`}>
      <span class="label" id="report-location-label">
        {t('report.location')}
      </span>
      <p id="report-location">
        {!point
          ? t('report.noLocation')
          : nearby?.place
            ? t('report.near', {
                place: nearby.place.name,
                distance: formatDistance(nearby.place.distance_m),
              })
            : t('report.pinPlaced')}
        {point && ' '}
        {point && (
          <small
            id="report-coordinates"
            class="coordinates"
          >{`${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}`}</small>
        )}
      </p>
      {point && <p class="muted">{t('report.dragPin')}</p>}
      <div class="row">
        <button type="button" class="secondary" aria-pressed={props.picking} onClick={props.onPickOnMap}>
          {props.picking ? t('report.tapNow') : t('report.tapMap')}
        </button>
        <button type="button" class="secondary" onClick={props.onUseGps}>
          {t('report.useGps')}
        </button>
      </div>
      {props.gpsError && <small class="field-error">{props.gpsError}</small>}
      {props.error && (
        <small id="report-lat-error" class="field-error" role="alert">
          {props.error}
        </small>
      )}
    </div>
  );
}

/** Spots already reported right at the place, each confirmable instead of reporting it again. */
export function SamePlace({ spots, onConfirm }: { spots: NearbySpot[]; onConfirm(id: number): void }) {
  return (
    <section class="same-place" aria-labelledby="same-place-heading">
      <h3 id="same-place-heading">{t('report.sameHeading')}</h3>
      <ul>
        {spots.map((spot) => (
          <li key={spot.id}>
            <span>
              <strong>{spot.title}</strong>
              <small>
                {' '}
                · {t(`category.${spot.category}`)} ·{' '}
                {t('report.sameAway', { distance: formatDistance(spot.distance_m) })}
              </small>
            </span>
            <button type="button" class="secondary" onClick={() => onConfirm(spot.id)}>
              {t('detail.stillDangerous')}
            </button>
          </li>
        ))}
      </ul>
      <p class="muted">{t('report.sameElse')}</p>
    </section>
  );
}

/**
 * The pin up close, with the spots already reported right there: the sheet may cover the big map,
 * and this shows where the report will go at street level.
 */
export function PinMap({ point, spots }: { point: { lat: number; lng: number }; spots: NearbySpot[] }) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<MiniMap>(undefined);
  const points: MiniMapPoint[] = [
    { ...point, label: t('report.pinPlaced'), kind: 'pin' },
    ...spots.map((s) => ({
      lat: s.lat,
      lng: s.lng,
      label: s.title,
      kind: 'other' as const,
      severity: s.severity,
    })),
  ];
  const key = JSON.stringify(points);
  useEffect(() => {
    if (!element.current) return;
    if (!map.current) map.current = new MiniMap(element.current, pageSettings(), JSON.parse(key));
    else map.current.show(JSON.parse(key));
  }, [key]);
  useEffect(() => () => map.current?.remove(), []);
  return (
    <div ref={element} id="report-pin-map" class="mini-map" role="img" aria-label={t('report.pinMap')} />
  );
}
