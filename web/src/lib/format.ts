import { currentLang } from './i18n.ts';

const DAY_MS = 86_400_000;

export const formatDistance = (m: number) =>
  m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(m < 10_000 ? 1 : 0)} km`;

export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function locale() {
  const lang = currentLang();
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([lang]).length ? lang : 'en';
  } catch {
    return 'en';
  }
}

export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(locale(), { dateStyle: 'medium' }).format(new Date(iso));

export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** "3 days ago", in the page's language where the phone knows it. */
export function formatAgo(iso: string, now = Date.now()): string {
  const days = Math.round((new Date(iso).getTime() - now) / DAY_MS);
  const rtf = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' });
  if (Math.abs(days) < 60) return rtf.format(days, 'day');
  if (Math.abs(days) < 730) return rtf.format(Math.round(days / 30), 'month');
  return rtf.format(Math.round(days / 365), 'year');
}

/** Days since a spot was last confirmed (or reported): old reports fade on the map and in the list. */
export function staleness(spot: { last_confirmed_at: string | null; created_at: string }, now = Date.now()) {
  const days = (now - new Date(spot.last_confirmed_at ?? spot.created_at).getTime()) / DAY_MS;
  return days < 90 ? 'fresh' : days < 365 ? 'old' : 'stale';
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
