import { confidenceBand } from '../../../../common/confidence.ts';
import { metresBetween } from '../../../../common/geo.ts';
import { formatAgo, formatDistance } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import type { Spot } from '../../lib/types.ts';
import { SeverityBadge, StatusBadge } from '../../lib/ui.tsx';

/**
 * The spots as a plain list: for phones where the map is too heavy, and for screen readers. Most
 * severe first; nearest first, each with its distance, when the phone's position is known.
 */
export function ListView({
  spots,
  here,
  onSpot,
}: {
  spots: Spot[];
  here: { lat: number; lng: number } | undefined;
  onSpot(id: number): void;
}) {
  if (spots.length === 0) return <p class="muted">{t('list.empty')}</p>;
  const listed = here
    ? spots
        .map((s) => ({ ...s, away: metresBetween(here, s) }))
        .sort((a, b) => a.away - b.away || b.severity - a.severity)
    : spots.map((s) => ({ ...s, away: undefined }));
  return (
    <ul class="spot-list">
      {listed.map((s) => (
        <li key={s.id}>
          <button type="button" class="spot-row" onClick={() => onSpot(s.id)}>
            <strong>{s.title}</strong>
            <span class="badges">
              <SeverityBadge severity={s.severity} />
              <StatusBadge status={s.status} verified={s.moderator_verified} />
            </span>
            <small>
              {[
                s.away === undefined ? '' : t('list.away', { distance: formatDistance(s.away) }),
                s.area,
                t(`category.${s.category}`),
                t('list.confirmed', { ago: formatAgo(s.last_confirmed_at ?? s.created_at) }),
                // How sure, in words: a faded row would lose its text's contrast.
                t(`confidence.${confidenceBand(s.confidence)}`),
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
