import type { Spot } from '../../lib/types.ts';

/**
 * The reports sent from this phone, kept on the phone only (the server never ties a report to who
 * sent it), so the person can follow what became of each: on the map, waiting for a moderator, or
 * gone. The newest first; the list can be forgotten at once (a shared phone).
 */
export interface SentReport {
  id: number;
  title: string;
  /** When the server took it (its `created_at`). */
  sent_at: string;
  /** Held for a moderator when it was sent. */
  held: boolean;
}

/** As many as a person sends in weeks (a newcomer may send five an hour); checking each is one read. */
const SENT_KEPT = 12;
const KEY = 'hatari.sentReports';

export function sentReports(): SentReport[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(saved) ? (saved as SentReport[]).filter((r) => Number.isInteger(r?.id)) : [];
  } catch {
    return [];
  }
}

/** Notes a report the server took (published or held). */
export function noteSent(spot: Spot, held: boolean): void {
  const sent = { id: spot.id, title: spot.title, sent_at: spot.created_at, held };
  keep([sent, ...sentReports().filter((r) => r.id !== spot.id)].slice(0, SENT_KEPT));
}

export const forgetSent = () => keep([]);

function keep(list: SentReport[]): void {
  try {
    if (list.length) localStorage.setItem(KEY, JSON.stringify(list));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or blocked: the list is not kept, and the report itself was sent all the same.
  }
}
