import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { DEFAULT_ALERT_MIN_CONFIDENCE } from '../../../../common/confidence.ts';
import { answer, client } from '../../lib/api.ts';
import { SAVED_AT_HEADER, SPOT_LIST_QUERY } from '../../lib/spot-list.ts';
import type { Me, Spot } from '../../lib/types.ts';
import { keepListForOffline, sentThroughWorker } from './offline.ts';

export interface SpotsState {
  loading: boolean;
  /** When the list came from the phone's saved copy because the network failed: when it was saved. */
  savedAt: string | undefined;
  failed: boolean;
  /** More spots match than one page holds; the map shows the most severe ones. */
  truncated: boolean;
}

/** The public spot list and this visitor's votes and flags, kept in step with what the user does. */
export function useSpots() {
  const [spots, setSpots] = useState<Spot[]>([]);
  const [state, setState] = useState<SpotsState>({
    loading: true,
    savedAt: undefined,
    failed: false,
    truncated: false,
  });
  const [me, setMe] = useState<Me>({
    votes: {},
    flags: [],
    requireApproval: false,
    alertMinConfidence: DEFAULT_ALERT_MIN_CONFIDENCE,
  });

  /**
   * What the page changed while the list was on its way (a vote, a live change): laid over the list
   * when it comes, which may have been read before them. By id: the spot, or null when it left.
   */
  const meanwhile = useRef<Map<number, Spot | null>>(undefined);

  const load = useCallback(async () => {
    setState((s) => ({ ...s, loading: true }));
    const changed = new Map<number, Spot | null>();
    meanwhile.current = changed;
    const throughWorker = sentThroughWorker();
    const [list, mine] = await Promise.all([
      answer(client.GET('/api/spots', { params: { query: SPOT_LIST_QUERY } })),
      answer(client.GET('/api/me')),
    ]);
    if (list.ok) {
      const fromPhone = list.headers.get('x-hatari-offline') === '1';
      setSpots(changed.size ? overlay(list.data.spots, changed) : list.data.spots);
      if (!fromPhone && !throughWorker) void keepListForOffline(list.data);
      setState({
        loading: false,
        failed: false,
        savedAt: fromPhone ? (list.headers.get(SAVED_AT_HEADER) ?? '') : undefined,
        truncated: Boolean(list.data.next_cursor),
      });
    } else setState((s) => ({ ...s, loading: false, failed: true }));
    if (mine.ok) setMe(mine.data);
    if (meanwhile.current === changed) meanwhile.current = undefined;
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const upsert = (spot: Spot) => {
    meanwhile.current?.set(spot.id, spot);
    setSpots((list) => overlay(list, new Map([[spot.id, spot]])));
  };
  const remove = (id: number) => {
    meanwhile.current?.set(id, null);
    setSpots((list) => list.filter((s) => s.id !== id));
  };
  const noteVote = (id: number, value: 1 | -1) =>
    setMe((m) => ({ ...m, votes: { ...m.votes, [String(id)]: value } }));
  const noteFlag = (id: number) => setMe((m) => ({ ...m, flags: [...(m.flags ?? []), id] }));

  return { spots, state, me, reload: load, upsert, remove, noteVote, noteFlag };
}

/** `list` with `changes` laid over it: a spot replaced in place or added first, or taken out (null). */
function overlay(list: Spot[], changes: Map<number, Spot | null>): Spot[] {
  const added = [...changes.values()].filter(
    (s): s is Spot => s !== null && !list.some((l) => l.id === s.id),
  );
  const kept = list.flatMap((s) => {
    const change = changes.get(s.id);
    return change === undefined ? [s] : change === null ? [] : [change];
  });
  return [...added, ...kept];
}
