import type { StringKey } from '../../lib/i18n.ts';
import type { SheetSize } from './sheet.tsx';

/** The sheets the map page opens over the map (beside it on a wide screen). */
export type Panel =
  | 'spot'
  | 'report'
  | 'route'
  | 'filters'
  | 'stats'
  | 'sos'
  | 'held'
  | 'areas'
  | 'watch'
  | 'sent';

/** How far each panel opens: forms take the screen, what goes with the map leaves it half visible. */
export const OPEN_SIZE: Record<Panel, SheetSize> = {
  spot: 'half',
  // Half (on a phone 70 % for this panel, map.css): the map above it shows the pin, which can be
  // dragged while the form is open, and the form's first fields show.
  report: 'half',
  route: 'half',
  filters: 'half',
  stats: 'full',
  sos: 'half',
  held: 'half',
  areas: 'half',
  watch: 'half',
  sent: 'half',
};

/** Each panel's heading. */
export const PANEL_TITLE: Record<Panel, StringKey> = {
  spot: 'detail.heading',
  report: 'report.heading',
  route: 'route.heading',
  filters: 'filters.heading',
  stats: 'stats.heading',
  sos: 'sos.heading',
  held: 'report.heading',
  areas: 'areas.heading',
  watch: 'watch.heading',
  sent: 'sent.heading',
};
