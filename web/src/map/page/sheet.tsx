import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../lib/i18n.ts';

/** How much of the map the sheet covers: its header only, about half, or nearly all. */
export type SheetSize = 'peek' | 'half' | 'full';
const SIZES: SheetSize[] = ['peek', 'half', 'full'];
/** A drag shorter than this is a tap on the handle: it steps to the next size. */
const DRAG_PX = 12;

/**
 * The bottom sheet that holds the map's panels, as a non-modal dialog: focus moves into it when it
 * opens and back when it closes, Escape closes it. On a phone it can be dragged by its header, or
 * stepped with its handle, between peek, half and full, so the map above stays usable: a route
 * stays drawn while the sheet is down. On a wide screen it is a side panel of one size.
 */
export function Sheet(props: {
  id: string;
  title: string;
  size: SheetSize;
  onSize(size: SheetSize): void;
  onClose(): void;
  children: ComponentChildren;
}) {
  const { size, onSize } = props;
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const drag = useRef<{ y: number; height: number; moved: boolean }>(undefined);

  // Focus moves to the sheet's title when a panel opens, and back to what opened it when it closes.
  // Focus goes back only if it is still in the sheet (or nowhere): never taken from where the user
  // has already gone, such as the search field.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    const sheet = section.current;
    heading.current?.focus({ preventScroll: true });
    return () => {
      const now = document.activeElement;
      const stillHere = !now || now === document.body || Boolean(sheet?.contains(now));
      if (opener?.isConnected && stillHere && !sheet?.contains(opener)) opener.focus({ preventScroll: true });
    };
  }, [props.id]);

  const next = size === 'full' ? 'half' : size === 'half' ? 'full' : 'half';
  const parent = () => section.current?.parentElement?.getBoundingClientRect().height ?? window.innerHeight;

  function start(e: PointerEvent) {
    if (!section.current || (e.target as HTMLElement).closest('button:not(.sheet-handle)')) return;
    drag.current = { y: e.clientY, height: section.current.getBoundingClientRect().height, moved: false };
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
  }
  function move(e: PointerEvent) {
    const d = drag.current;
    if (!d || !section.current) return;
    const dy = d.y - e.clientY;
    if (Math.abs(dy) > DRAG_PX) d.moved = true;
    if (d.moved) section.current.style.height = `${Math.max(56, Math.min(parent(), d.height + dy))}px`;
  }
  function end(e: PointerEvent) {
    const d = drag.current;
    drag.current = undefined;
    if (!d || !section.current) return;
    section.current.style.height = '';
    if (!d.moved) {
      if ((e.target as HTMLElement).closest('.sheet-handle')) onSize(next);
      return;
    }
    // The nearest size to where the drag ended; a flick past a third of the way counts as a step.
    const share = (d.height + (d.y - e.clientY)) / parent();
    onSize(share < 0.3 ? 'peek' : share < 0.72 ? 'half' : 'full');
  }

  return (
    <section
      ref={section}
      class={`sheet size-${size} ${props.id}`}
      role="dialog"
      aria-labelledby={`${props.id}-title`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          props.onClose();
        }
      }}
    >
      <header class="sheet-head" onPointerDown={start} onPointerMove={move} onPointerUp={end}>
        <button
          type="button"
          class="sheet-handle"
          aria-label={size === 'full' ? t('sheet.smaller') : t('sheet.larger')}
          aria-expanded={size !== 'peek'}
          onKeyDown={(e) => {
            const step = e.key === 'ArrowUp' ? 1 : e.key === 'ArrowDown' ? -1 : 0;
            const to = SIZES[SIZES.indexOf(size) + step];
            if (step && to) {
              e.preventDefault();
              onSize(to);
            }
          }}
          onClick={(e) => {
            // Pointer taps are handled with the drag; this is the keyboard's Enter and Space.
            if (e.detail === 0) onSize(next);
          }}
        />
        <h2 id={`${props.id}-title`} ref={heading} tabIndex={-1}>
          {props.title}
        </h2>
        <button type="button" class="icon-button" onClick={props.onClose} aria-label={t('action.close')}>
          ✕
        </button>
      </header>
      <div class="sheet-body">{props.children}</div>
    </section>
  );
}
