import { CATEGORIES, TIMES_OF_DAY } from '../../../common/domain.ts';
import { t } from './i18n.ts';

/** The `<option>` lists of a spot's fixed fields, shared by the report form, filters and editor. */
export const CategoryOptions = () => (
  <>
    {CATEGORIES.map((c) => (
      <option key={c} value={c}>
        {t(`category.${c}`)}
      </option>
    ))}
  </>
);

export const SeverityOptions = () => (
  <>
    {[1, 2, 3, 4, 5].map((n) => (
      <option key={n} value={n}>
        {n} · {t(`severity.${n}` as 'severity.1')}
      </option>
    ))}
  </>
);

export const TimeOfDayOptions = () => (
  <>
    {TIMES_OF_DAY.map((x) => (
      <option key={x} value={x}>
        {t(`time.${x}`)}
      </option>
    ))}
  </>
);
