import { formatAgo, staleness } from '../lib/format.ts';
import { t } from '../lib/i18n.ts';
import type { Spot } from '../lib/types.ts';
import { SeverityBadge, StatusBadge } from '../lib/ui.tsx';

/** The spots as a plain list: for phones where the map is too heavy, and for screen readers. */
export function ListView({ spots, onSpot }: { spots: Spot[]; onSpot(id: number): void }) {
  if (spots.length === 0) return <p class="muted">{t('list.empty')}</p>;
  return (
    <ul class="spot-list">
      {spots.map((s) => (
        <li key={s.id} class={staleness(s)}>
          <button type="button" class="spot-row" onClick={() => onSpot(s.id)}>
            <strong>{s.title}</strong>
            <span class="badges">
              <SeverityBadge severity={s.severity} />
              <StatusBadge status={s.status} verified={s.moderator_verified} />
            </span>
            <small>
              {[
                s.area,
                t(`category.${s.category}`),
                t('list.confirmed', { ago: formatAgo(s.last_confirmed_at ?? s.created_at) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </small>
          </button>
        </li>
      ))}
    </ul>
  );
}
