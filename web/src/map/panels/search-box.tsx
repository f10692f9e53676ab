import { formatDistance } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import type { Place, Spot, SpotSummary } from '../../lib/types.ts';
import { useSearch } from '../hooks/use-search.ts';

interface Props {
  id: string;
  label: string;
  onSpot(spot: SpotSummary): void;
  onPlace(place: Place): void;
  /** The spots on the phone, searched when there is no connection. */
  saved?: () => Spot[];
}

/** A search field with its results under it: spots first, then places with the spots near them. */
export function SearchBox({ id, label, onSpot, onPlace, saved }: Props) {
  const { state, type, clear } = useSearch(saved);
  const { result } = state;
  const chooseSpot = (spot: SpotSummary) => {
    clear();
    onSpot(spot);
  };
  const choosePlace = (place: Place) => {
    clear();
    onPlace(place);
  };
  const open = result !== undefined || state.placesLoading;
  return (
    <div class="search">
      <label for={id} class="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        placeholder={t('search.short')}
        autocomplete="off"
        enterkeyhint="search"
        maxLength={100}
        value={state.query}
        onInput={(e) => type(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Escape' && clear()}
      />
      {open && (
        <section class="search-results" aria-live="polite" aria-label={t('search.results')}>
          {result && result.spots.length === 0 && result.places.length === 0 && !state.placesLoading && (
            <p class="muted">{t('search.nothing')}</p>
          )}
          {result && result.spots.length > 0 && (
            <ul class="result-list" aria-label={t('search.spots')}>
              {result.spots.map((s) => (
                <li key={`s${s.id}`}>
                  <button type="button" class="result spot-hit" onClick={() => chooseSpot(s)}>
                    <span class={`dot sev-${s.severity}`} aria-hidden="true">
                      {s.severity}
                    </span>
                    <span class="hit-text">
                      <strong>{s.title}</strong>
                      <small>
                        {t('search.kind.spot')}
                        {s.area && ` · ${s.area}`}
                      </small>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {result && result.places.length > 0 && (
            <ul class="result-list" aria-label={t('search.places')}>
              {result.places.map((p) => (
                <li key={`p${p.lat},${p.lng}`}>
                  <button type="button" class="result place-hit" onClick={() => choosePlace(p)}>
                    <span class="pin" aria-hidden="true" />
                    <span class="hit-text">
                      <strong>{p.name}</strong>
                      <small>
                        {t('search.kind.place')}
                        {p.detail && ` · ${p.detail}`}
                      </small>
                    </span>
                  </button>
                  {p.nearby.length > 0 && (
                    <ul class="nearby" aria-label={t('search.nearby', { place: p.name })}>
                      {p.nearby.map((n) => (
                        <li key={n.id}>
                          <button type="button" class="result" onClick={() => chooseSpot(n)}>
                            <span class={`dot sev-${n.severity}`} aria-hidden="true" />
                            <span>
                              {n.title} <small>({formatDistance(n.distance_m)})</small>
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
          {state.placesLoading && <p class="muted">{t('search.lookingUpPlaces')}</p>}
          {state.note && <p class="muted">{t(`search.note.${state.note}`)}</p>}
        </section>
      )}
    </div>
  );
}
