import { useEffect, useRef } from 'preact/hooks';
import { PANEL_TITLE, type Panel } from './panels.ts';
import { spotIdInAddress, spotPath } from './shared-link.ts';

/**
 * What the map page's address says (docs/web.md, "The address"): the open spot as its own path
 * (`/spots/12`, what is shared), and the panel open and the list in place of the map in the hash
 * (`/#route`, `/#list`, `/#list/filters`). Opening a panel, a spot or the list adds an entry to the
 * browser's history, so a phone's back button closes what was opened and forward opens it again.
 */
export interface Address {
  spotId: number | undefined;
  /** The panel open, other than a spot's (its path says it). */
  panel: Exclude<Panel, 'spot'> | undefined;
  list: boolean;
}

/** Panels an address names: not the one that says a report is held (it is news of a moment). */
const ADDRESSED = new Set<Panel>(
  (Object.keys(PANEL_TITLE) as Panel[]).filter((p) => p !== 'spot' && p !== 'held'),
);

function readAddress(): Address {
  const parts = location.hash.slice(1).split('/');
  const panel = parts.find((p) => ADDRESSED.has(p as Panel)) as Address['panel'];
  return { spotId: spotIdInAddress(), panel, list: parts.includes('list') };
}

/**
 * The address the page opens on: all it says but a report, which is not reopened by a reload or a
 * link (its place is shown and picked on the map, not made yet); its draft waits for Report.
 */
export function openingAddress(): Address {
  const a = readAddress();
  return a.panel === 'report' ? { ...a, panel: undefined } : a;
}

function addressText(a: Address): string {
  const hash = [a.list ? 'list' : '', a.panel && ADDRESSED.has(a.panel) ? a.panel : '']
    .filter(Boolean)
    .join('/');
  return `${a.spotId ? spotPath(a.spotId) : '/'}${hash ? `#${hash}` : ''}`;
}

const currentText = () => `${location.pathname}${location.search}${location.hash}`;

/**
 * Keeps the address in step with `address` (the page's state), and follows the browser's back and
 * forward: `follow` is called with the address gone back or forward to. The first address written
 * replaces the one the page opened on (an older form of a spot's link becomes its path); a change
 * of the page's state adds an entry, and one that follows the history replaces it.
 */
export function useAddress(address: Address, follow: (to: Address) => void) {
  const text = addressText(address);
  const shown = useRef(text);
  shown.current = text;
  const written = useRef(false);
  /** The state is changing to follow the history: its address replaces, never adds. */
  const following = useRef(false);
  const latest = useRef(follow);
  latest.current = follow;
  useEffect(() => {
    const onPop = () => {
      const to = readAddress();
      following.current = addressText(to) !== shown.current;
      latest.current(to);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    const replace = !written.current || following.current;
    written.current = true;
    following.current = false;
    if (text === currentText()) return;
    if (replace) history.replaceState(null, '', text);
    else history.pushState(null, '', text);
  }, [text]);
}
