/**
 * The map's markers and clusters as one stop in the tab order (a roving tabindex, as in WAI-ARIA's
 * toolbar pattern): Tab enters them at the one last focused, else the first; the arrow keys move
 * between them; Enter or Space opens the focused one as a tap does. So the page's own controls are
 * not buried behind dozens of marker stops (Leaflet puts every icon in the tab order by itself), and
 * every marker can be opened without a pointer. A redraw (a pan's new tile, a live change) makes new
 * icons: the focus, and the tab stop, stay on the same spot's new icon (its `data-key`), or on the
 * cluster's that holds it when a redraw draws it in one (`data-holds`).
 */
export function keyboardMarkers(pane: HTMLElement): void {
  const ICON = '.leaflet-marker-icon';
  let current: HTMLElement | undefined;
  /** The spot the tab stop is on, kept while a redraw has taken its icon away. */
  let stopKey: string | undefined;
  /** The icon that has the focus. */
  let focused: HTMLElement | undefined;
  /** The spot whose icon a redraw took away with the focus: focused again once drawn. */
  let wanted: string | undefined;
  const icons = () => [...pane.querySelectorAll<HTMLElement>(ICON)];
  const settle = () => {
    const all = icons();
    if (focused && !focused.isConnected) {
      // A cluster's icon names no spot of its own: it had the focus for the spot the stop is on.
      wanted = focused.dataset.key ?? stopKey;
      focused = undefined;
    }
    // The clusters draw many markers a few at a time (chunkedLoading): a spot's new icon may come
    // in a later batch than its old one went. A spot drawn inside a cluster is reached through the
    // cluster's icon.
    const keyed = (key: string | undefined) =>
      key
        ? (all.find((el) => el.dataset.key === key) ??
          all.find((el) => el.dataset.holds?.split(' ').includes(key)))
        : undefined;
    if (!current?.isConnected || (stopKey && current.dataset.key !== stopKey))
      current = keyed(stopKey) ?? all[0];
    for (const el of all) {
      const index = el === current ? 0 : -1;
      if (el.tabIndex !== index) el.tabIndex = index;
      if (el.getAttribute('role') !== 'button') el.setAttribute('role', 'button');
    }
    const again = keyed(wanted);
    if (!again) return;
    // Unless the user has gone on meanwhile, the focus was left on the page's body.
    const onBody = () => (document.activeElement ?? document.body) === document.body;
    if (onBody()) again.focus();
    // An icon not yet laid out takes no focus: tried again at the next redraw.
    if (!onBody()) wanted = undefined;
  };
  const iconOf = (target: EventTarget | null) =>
    target instanceof HTMLElement ? (target.closest<HTMLElement>(ICON) ?? undefined) : undefined;
  const onFocus = (e: FocusEvent) => {
    const el = iconOf(e.target);
    focused = el;
    if (!el) return;
    // The stop's own icon names its spot too (the first one focused is the stop already).
    if (el === current) {
      stopKey = el.dataset.key ?? stopKey;
      return;
    }
    current = el;
    stopKey = el.dataset.key;
    settle();
  };
  // The user went on to something else: a spot redrawn later takes no focus back.
  document.addEventListener('focusin', (e) => {
    if (!iconOf(e.target)) wanted = undefined;
  });
  const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  const onKey = (e: KeyboardEvent) => {
    const el = iconOf(e.target);
    if (!el) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      e.stopPropagation();
      el.click();
      return;
    }
    const step = STEPS[e.key];
    if (!step) return;
    e.preventDefault();
    e.stopPropagation();
    const all = icons();
    all[(all.indexOf(el) + step + all.length) % all.length]?.focus();
  };
  // The map lives as long as the page: nothing here is ever taken down.
  new MutationObserver(settle).observe(pane, { childList: true });
  pane.addEventListener('focusin', onFocus);
  // The focus left the icon, unless the icon was taken away with it.
  pane.addEventListener('focusout', (e) => {
    const el = iconOf(e.target);
    queueMicrotask(() => {
      if (el?.isConnected && focused === el) focused = undefined;
    });
  });
  pane.addEventListener('keydown', onKey);
  settle();
}
