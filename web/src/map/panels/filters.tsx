import { CATEGORIES, type Category, STATUSES, type Status, TIMES_OF_DAY } from '../../../../common/domain.ts';
import { asMarker } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import { SeverityOptions } from '../../lib/spot-options.tsx';
import type { Spot, TileMarker } from '../../lib/types.ts';

export interface Filters {
  categories: Category[];
  minSeverity: number;
  statuses: Status[];
  /** `day` shows spots dangerous by day (and at any time); `night` likewise. */
  timeOfDay: 'all' | 'day' | 'night';
  verifiedOnly: boolean;
}

export const NO_FILTERS: Filters = {
  categories: [],
  minSeverity: 1,
  statuses: [],
  timeOfDay: 'all',
  verifiedOnly: false,
};

/** Whether a spot (or a tile's marker, whose `verified` is the spot's moderator_verified) passes. */
export function markerMatches(s: TileMarker, f: Filters): boolean {
  return (
    (f.categories.length === 0 || f.categories.includes(s.category)) &&
    s.severity >= f.minSeverity &&
    (f.statuses.length === 0 || f.statuses.includes(s.status)) &&
    (f.timeOfDay === 'all' || s.time_of_day === 'any' || s.time_of_day === f.timeOfDay) &&
    (!f.verifiedOnly || s.verified)
  );
}

export function filterSpots(spots: Spot[], f: Filters): Spot[] {
  return spots.filter((s) => markerMatches(asMarker(s), f));
}

export const activeFilterCount = (f: Filters) =>
  (f.categories.length ? 1 : 0) +
  (f.minSeverity > 1 ? 1 : 0) +
  (f.statuses.length ? 1 : 0) +
  (f.timeOfDay !== 'all' ? 1 : 0) +
  (f.verifiedOnly ? 1 : 0);

const toggle = <T,>(list: T[], item: T) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

export function FilterPanel(props: {
  filters: Filters;
  shown: number;
  total: number;
  onChange(f: Filters): void;
}) {
  const { filters: f, onChange } = props;
  return (
    <form class="filters" onSubmit={(e) => e.preventDefault()}>
      <p class="muted" aria-live="polite">
        {t('filters.showing', { shown: props.shown, total: props.total })}
      </p>
      <fieldset>
        <legend>{t('report.category')}</legend>
        <div class="chips">
          {CATEGORIES.map((c) => (
            <label key={c} class="chip">
              <input
                type="checkbox"
                checked={f.categories.includes(c)}
                onChange={() => onChange({ ...f, categories: toggle(f.categories, c) })}
              />
              {t(`category.${c}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div class="field">
        <label for="filter-severity">{t('filters.minSeverity')}</label>
        <select
          id="filter-severity"
          value={f.minSeverity}
          onChange={(e) => onChange({ ...f, minSeverity: Number(e.currentTarget.value) })}
        >
          <SeverityOptions />
        </select>
      </div>
      <fieldset>
        <legend>{t('filters.status')}</legend>
        <div class="chips">
          {STATUSES.map((s) => (
            <label key={s} class="chip">
              <input
                type="checkbox"
                checked={f.statuses.includes(s)}
                onChange={() => onChange({ ...f, statuses: toggle(f.statuses, s) })}
              />
              {t(`status.${s}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div class="field">
        <label for="filter-time">{t('filters.time')}</label>
        <select
          id="filter-time"
          value={f.timeOfDay}
          onChange={(e) => onChange({ ...f, timeOfDay: e.currentTarget.value as Filters['timeOfDay'] })}
        >
          <option value="all">{t('filters.anyTime')}</option>
          {TIMES_OF_DAY.filter((x) => x !== 'any').map((x) => (
            <option key={x} value={x}>
              {t(`time.${x}`)}
            </option>
          ))}
        </select>
      </div>
      <label class="check">
        <input
          type="checkbox"
          checked={f.verifiedOnly}
          onChange={(e) => onChange({ ...f, verifiedOnly: e.currentTarget.checked })}
        />
        {t('filters.verifiedOnly')}
      </label>
      <button type="button" class="secondary" onClick={() => onChange(NO_FILTERS)}>
        {t('filters.reset')}
      </button>
    </form>
  );
}
