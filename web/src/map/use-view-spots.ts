import { useEffect, useState } from 'preact/hooks';
import { api } from '../lib/api.ts';
import type { Spot } from '../lib/types.ts';
import type { Filters } from './filters.tsx';
import type { GridCluster } from './spot-map.ts';

/** Above this many spots in view the map shows the server's clusters instead of markers. */
const VIEW_SPOTS = 500;

export type ViewContent = { kind: 'spots'; spots: Spot[] } | { kind: 'clusters'; clusters: GridCluster[] };

/** The API's share of the filters (severity and time of day are applied to loaded spots only). */
function filterParams(f: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.categories.length) params.set('category', f.categories.join(','));
  if (f.statuses.length) params.set('status', f.statuses.join(','));
  if (f.verifiedOnly) params.set('verified', '1');
  return params;
}

/**
 * For a map with more spots than one list holds: after each move, asks the server for the view's
 * clusters (a few hundred rows at most), and for the spots themselves once few enough are in view
 * (unless `clustersOnly`: while the first list is still loading, clusters alone show where spots are).
 */
export function useViewSpots(enabled: boolean, filters: Filters, clustersOnly = false) {
  const [view, setView] = useState<{ bbox: string; zoom: number }>();
  const [content, setContent] = useState<ViewContent>();

  useEffect(() => {
    if (!enabled || !view) return;
    const controller = new AbortController();
    const { signal } = controller;
    const params = filterParams(filters);
    params.set('bbox', view.bbox);
    (async () => {
      const grid = await api<{ clusters: GridCluster[] }>(`/api/spots/clusters?${params}&zoom=${view.zoom}`, {
        signal,
      });
      if (!grid.ok) return;
      const inView = grid.data.clusters.reduce((n, c) => n + c.count, 0);
      if (inView > VIEW_SPOTS || clustersOnly)
        return setContent({ kind: 'clusters', clusters: grid.data.clusters });
      const list = await api<{ spots: Spot[] }>(`/api/spots?${params}&limit=${VIEW_SPOTS}`, { signal });
      if (list.ok) setContent({ kind: 'spots', spots: list.data.spots });
    })().catch(() => {
      // a newer view replaced this one
    });
    return () => controller.abort();
  }, [enabled, view, filters, clustersOnly]);

  return { content, setView };
}
