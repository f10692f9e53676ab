import { useEffect, useRef, useState } from 'preact/hooks';
import { answer, client } from '../../lib/api.ts';
import type { SearchResult, Spot } from '../../lib/types.ts';

/** Spot search on every keystroke, place lookup only after a pause this long (docs/api.md, search). */
const PLACE_PAUSE_MS = 450;
const MIN_QUERY = 2;
const MIN_PLACE_QUERY = 3;
/**
 * A search the server was too busy to answer (503: its uncached reads were all taken, docs/api.md) is
 * asked again after the Retry-After it gave, at most this many times and never later than
 * MAX_BUSY_WAIT_S; a newer keystroke cancels the wait. Without it a refused place lookup left the
 * search without its places and without a word, until the next keystroke.
 */
const BUSY_RETRIES = 2;
const MAX_BUSY_WAIT_S = 10;

export interface SearchState {
  query: string;
  result: SearchResult | undefined;
  placesLoading: boolean;
  /** The query whose places are shown, so a new query never shows an old query's places. */
  placesFor: string;
  note: 'placesDown' | 'throttled' | 'busy' | 'offline' | undefined;
}

const EMPTY: SearchState = {
  query: '',
  result: undefined,
  placesLoading: false,
  placesFor: '',
  note: undefined,
};

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Without a connection: the saved spots whose title, area or description hold every word typed. */
function searchSaved(spots: Spot[], query: string, limit = 10): SearchResult['spots'] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return spots
    .map((s) => {
      const title = fold(s.title);
      const text = `${title} ${fold(s.area)} ${fold(s.description)}`;
      if (!words.every((w) => text.includes(w))) return undefined;
      const score = words.filter((w) => title.includes(w)).length + s.severity / 10;
      return { ...s, score };
    })
    .filter((s) => s !== undefined)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts (the search was replaced). */
const pauseFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * Search as you type. Each keystroke asks only the spot database (`places=0`, cheap, within the
 * 120/min limit); the place lookup, which costs the public geocoder a request, goes out once the
 * typing pauses. A newer keystroke cancels both the pending lookup and any answer still on its way.
 */
export function useSearch(saved: () => Spot[] = () => []) {
  const [state, setState] = useState<SearchState>(EMPTY);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inflight = useRef<AbortController>(undefined);

  useEffect(
    () => () => {
      clearTimeout(pause.current);
      inflight.current?.abort();
    },
    [],
  );

  async function run(query: string, places: boolean, signal: AbortSignal, busyRetries = BUSY_RETRIES) {
    try {
      const res = await answer(
        client.GET('/api/search', {
          params: { query: { q: query, ...(!places && { places: '0' }) } },
          signal,
        }),
      );
      if (signal.aborted) return;
      const busy = !res.ok && res.status === 503 && !res.offline;
      if (busy && busyRetries > 0) {
        await pauseFor(Math.min(res.retryAfter ?? 2, MAX_BUSY_WAIT_S) * 1000, signal);
        return run(query, places, signal, busyRetries - 1);
      }
      if (!res.ok && res.status === 0) {
        const spots = searchSaved(saved(), query);
        setState((s) => ({ ...s, result: { spots, places: [] }, placesLoading: false, note: 'offline' }));
        return;
      }
      // A refused place lookup (429) still carries the spots.
      const body = res.ok ? res.data : res.data && 'spots' in res.data ? res.data : undefined;
      const note =
        !res.ok && res.offline
          ? 'offline'
          : res.status === 429 && places
            ? 'throttled'
            : busy && places
              ? 'busy'
              : body?.error && places
                ? 'placesDown'
                : undefined;
      setState((s) => {
        const keptPlaces = s.placesFor === query ? (s.result?.places ?? []) : [];
        return {
          ...s,
          result: body ? { spots: body.spots, places: places ? body.places : keptPlaces } : s.result,
          placesLoading: places ? false : s.placesLoading,
          placesFor: places ? query : s.placesFor,
          note: places || note ? note : s.note,
        };
      });
    } catch {
      // aborted by a newer keystroke
    }
  }

  function type(raw: string) {
    const query = raw.trim();
    clearTimeout(pause.current);
    inflight.current?.abort();
    if (query.length < MIN_QUERY) {
      setState({ ...EMPTY, query: raw });
      return;
    }
    const controller = new AbortController();
    inflight.current = controller;
    setState((s) => ({ ...s, query: raw, placesLoading: query.length >= MIN_PLACE_QUERY, note: undefined }));
    void run(query, false, controller.signal);
    if (query.length >= MIN_PLACE_QUERY) {
      pause.current = setTimeout(() => void run(query, true, controller.signal), PLACE_PAUSE_MS);
    }
  }

  function clear() {
    clearTimeout(pause.current);
    inflight.current?.abort();
    setState(EMPTY);
  }

  return { state, type, clear };
}
