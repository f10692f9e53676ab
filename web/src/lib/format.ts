import { confidenceBand } from '../../../common/confidence.ts';
import { t } from './i18n.ts';
import type { Spot, TileMarker } from './types.ts';

const DAY_MS = 86_400_000;

export const formatDistance = (m: number) =>
  m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(m < 10_000 ? 1 : 0)} km`;

export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');
const monthKey = (d: Date) => `month.${d.getMonth() + 1}` as 'month.1';

// Dates are written from the page's own words (month names), in every language: many phones' Intl
// does not know Luganda, and the first use of Intl's date formats loads its locale data, about 120 ms
// of a mid-range phone's main thread when a shared spot's page first draws.

/** A day as people write it: "3 October 2025". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getDate()} ${t(monthKey(date))} ${date.getFullYear()}`;
}

/** A month as people say it: "September 2026". */
export function formatMonth(iso: string): string {
  const date = new Date(iso);
  return `${t(monthKey(date))} ${date.getFullYear()}`;
}

/** A day and time: "3 October 2025 16:42". */
export function formatDateTime(iso: string): string {
  return `${formatDate(iso)} ${formatTime(new Date(iso).getTime())}`;
}

/** A time of day as the phone's clock shows it: "16:42". */
export function formatTime(ms: number): string {
  const date = new Date(ms);
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/**
 * "3 days ago", in the page's language, from the page's own words (never Intl: the first use of
 * Intl's relative time loads its locale data, tens of milliseconds at the start, and every marker's
 * label says how long ago). Counted in calendar days, so "yesterday" is yesterday.
 */
export function formatAgo(iso: string, now = Date.now()): string {
  const startOfDay = (ms: number) => new Date(ms).setHours(0, 0, 0, 0);
  const days = Math.round((startOfDay(new Date(iso).getTime()) - startOfDay(now)) / DAY_MS);
  const months = Math.round(days / 30);
  const years = Math.round(days / 365);
  const ago = -days;
  if (ago <= 0) return t('ago.today');
  if (ago === 1) return t('ago.yesterday');
  if (ago < 60) return t('ago.days', { n: ago });
  if (ago < 730) return t('ago.months', { n: -months });
  return t('ago.years', { n: -years });
}

/**
 * How the map shows a spot's confidence: the marker's look (solid, lighter, faint),
 * one class per band (common/confidence.ts), so age shows through confidence, which fades without a
 * new confirmation.
 */
export const confidenceLook = (spot: { confidence: number }) => `conf-${confidenceBand(spot.confidence)}`;

/**
 * A spot's confidence in words for its sheet: the band, the figure and why ("likely, 8.7 of 10:
 * confirmed 6 times, last 3 days ago"; "unconfirmed, 3.3 of 10: one report, 5 months ago").
 */
export function confidenceWords(spot: Spot, now = Date.now()): string {
  const ago = formatAgo(spot.last_confirmed_at ?? spot.created_at, now);
  const why = spot.moderator_verified
    ? t('confidence.why.verified')
    : spot.confirmations > 1
      ? t('confidence.why.confirmed', { n: spot.confirmations, ago })
      : spot.source_url
        ? t('confidence.why.sourced', { ago })
        : t('confidence.why.oneReport', { ago });
  const doubt = spot.denials > 0 ? `; ${t('confidence.why.denials', { n: spot.denials })}` : '';
  return t('detail.confidenceValue', {
    band: t(`confidence.${confidenceBand(spot.confidence)}`),
    n: spot.confidence.toFixed(1),
    why: why + doubt,
  });
}

/** Only http(s) links are ever rendered as links; anything else is not a link at all. */
export function safeHttpUrl(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A spot as a map tile lists it: what its marker shows. */
export function asMarker(s: Spot): TileMarker {
  return {
    id: s.id,
    lat: s.lat,
    lng: s.lng,
    severity: s.severity,
    category: s.category,
    status: s.status,
    verified: s.moderator_verified,
    seeded: s.seeded,
    time_of_day: s.time_of_day,
    confirmed_on: (s.last_confirmed_at ?? s.created_at).slice(0, 10),
    confidence: s.confidence,
    archived: s.archived,
  };
}

/** A size as people read it on a phone: "850 KB", "3.1 MB". */
export const formatBytes = (n: number) =>
  n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
