import { useEffect, useRef, useState } from 'preact/hooks';
import type { Spot } from '../../lib/types.ts';
import { useVisible } from '../../lib/visible.ts';
import { parseBox } from './use-view-spots.ts';

/** A change of a public spot, as the live stream sends it (docs/api.md, "Live changes"). */
export interface LiveChange {
  kind: 'published' | 'changed' | 'hidden' | 'archived';
  id: number;
  lat: number;
  lng: number;
  /** The spot as `GET /api/spots/{id}` gives it now; null once hidden. */
  spot: Spot | null;
}

export interface LiveEvents {
  onChange(change: LiveChange): void;
  /** More changed than the stream sends one by one, or no stream gets through: ask the view again. */
  onReload(): void;
}

const KINDS = ['published', 'changed', 'hidden', 'archived'] as const;
/** The stream's box is the view and this much again on each side, so a pan seldom reopens it. */
const PAD = 1;
/** Errors in a row, without an event between, after which the stream is taken as blocked. */
const BLOCKED_AFTER = 3;
/** While no stream gets through (a proxy refusing it), the view is asked again this often. */
const FALLBACK_MS = 60_000;

type Bounds = ReturnType<typeof parseBox>;
const holds = (outer: Bounds, inner: Bounds) =>
  inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];

/** The view and PAD of it around, to two decimals (about a kilometre): the stream's box. */
function padded(bbox: string): string {
  const [w, s, e, n] = parseBox(bbox);
  const dx = (e - w) * PAD;
  const dy = (n - s) * PAD;
  return [
    Math.floor((w - dx) * 100) / 100,
    Math.floor((s - dy) * 100) / 100,
    Math.ceil((e + dx) * 100) / 100,
    Math.ceil((n + dy) * 100) / 100,
  ].join(',');
}

/**
 * Follows the public changes around `view` (GET /api/events) while the page is visible and online.
 * A hidden page closes its stream; when it comes back, or the view leaves the stream's box, a new
 * stream starts after the last event seen (`last_event_id`), so what came meanwhile is sent first, or
 * a reload. Where no stream gets through, the view is asked again every minute instead: the tiles
 * revalidate by their ETags, so an unchanged view costs empty answers.
 */
export function useLiveChanges(view: string | undefined, online: boolean, events: LiveEvents): void {
  const visible = useVisible();
  const latest = useRef(events);
  latest.current = events;
  const lastId = useRef<string>(undefined);
  /** A stream was open, and the page went hidden or offline since: what came meanwhile is caught up. */
  const streamed = useRef(false);
  const away = useRef(false);
  const [box, setBox] = useState<string>();
  useEffect(() => {
    if (view && (!box || !holds(parseBox(box), parseBox(view)))) setBox(padded(view));
  }, [view]);

  useEffect(() => {
    if (!visible || !online) {
      away.current = streamed.current;
      return;
    }
    if (!box || typeof EventSource === 'undefined') return;
    const after = lastId.current ? `&last_event_id=${lastId.current}` : '';
    const source = new EventSource(`/api/events?bbox=${box}${after}`);
    // Back without an event seen before (its id would replay what was missed): the view is asked again.
    if (away.current && !lastId.current) latest.current.onReload();
    away.current = false;
    streamed.current = true;
    let errors = 0;
    let fallback: ReturnType<typeof setInterval> | undefined;
    const heard = (e: MessageEvent) => {
      errors = 0;
      clearInterval(fallback);
      fallback = undefined;
      if (e.lastEventId) lastId.current = e.lastEventId;
    };
    for (const kind of KINDS)
      source.addEventListener(`spot.${kind}`, (e) => {
        heard(e);
        latest.current.onChange({ kind, ...(JSON.parse(e.data) as Omit<LiveChange, 'kind'>) });
      });
    source.addEventListener('reload', (e) => {
      heard(e);
      latest.current.onReload();
    });
    source.onerror = () => {
      // The browser tries again by itself (after the server's retry), unless the answer was not a
      // stream at all; either way, past a few failures the view is asked again now and then.
      if (++errors < BLOCKED_AFTER && source.readyState !== EventSource.CLOSED) return;
      fallback ??= setInterval(() => latest.current.onReload(), FALLBACK_MS);
    };
    return () => {
      source.close();
      clearInterval(fallback);
    };
  }, [visible, online, box]);
}
