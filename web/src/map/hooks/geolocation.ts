import { t } from '../../lib/i18n.ts';

export interface Position {
  lat: number;
  lng: number;
}

/** One GPS fix, with a message the user understands when it cannot be had. */
export function locateOnce(): Promise<{ ok: true; position: Position } | { ok: false; error: string }> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve({ ok: false, error: t('gps.unavailable') });
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ ok: true, position: { lat: p.coords.latitude, lng: p.coords.longitude } }),
      (err) =>
        resolve({ ok: false, error: err.code === err.PERMISSION_DENIED ? t('gps.denied') : t('gps.failed') }),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
  });
}
