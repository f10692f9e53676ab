import { useEffect, useRef, useState } from 'preact/hooks';
import { confidenceBand } from '../../../../common/confidence.ts';
import { TRAVEL_MODES, type TravelMode } from '../../../../common/domain.ts';
import { answer, client } from '../../lib/api.ts';
import { describeFailure } from '../../lib/failures.ts';
import { formatDistance, formatDuration } from '../../lib/format.ts';
import { t, tn } from '../../lib/i18n.ts';
import type { Route } from '../../lib/types.ts';
import { Notice, useBusy } from '../../lib/ui.tsx';
import { SearchBox } from './search-box.tsx';

export interface RoutePoint {
  lat: number;
  lng: number;
  label: string;
}
export type RouteEnd = 'from' | 'to';

interface Props {
  from: RoutePoint | undefined;
  to: RoutePoint | undefined;
  picking: RouteEnd | undefined;
  onSet(end: RouteEnd, point: RoutePoint | undefined): void;
  onPick(end: RouteEnd): void;
  onGps(end: RouteEnd): void;
  /** The last routes found and the one chosen: kept by the page, so they outlive the panel. */
  result: RouteResult | undefined;
  onResult(result: RouteResult | undefined): void;
  onSpot(id: number): void;
  /** Push alerts for the trip checked. */
  onWatchTrip(): void;
}

export interface RouteResult {
  routes: Route[];
  chosen: number;
}

/**
 * "Safest" only when the first route really is less risky than the next (the page asks for routes
 * by weighted risk, each danger weighed by how sure the map is of it); otherwise a number.
 */
function routeName(routes: Route[], i: number): string {
  const [first, second] = routes;
  if (i === 0 && first && second && first.weighted_risk < second.weighted_risk) return t('route.safest');
  return routes.length === 1 ? t('route.only') : t('route.option', { n: i + 1 });
}

const dangerCount = (n: number) => (n === 0 ? t('route.noDangers') : tn('route.dangers', n));

/** One end of the trip: the point chosen (with a way to change it), or the ways to choose one. */
function RouteEndField(
  props: Pick<Props, 'from' | 'to' | 'picking' | 'onSet' | 'onPick' | 'onGps'> & { end: RouteEnd },
) {
  const { end } = props;
  const point = props[end];
  return (
    <fieldset class="route-end">
      <legend>{t(`route.${end}`)}</legend>
      {point ? (
        <p class="chosen-point">
          <span>{point.label}</span>
          <button type="button" class="link-button" onClick={() => props.onSet(end, undefined)}>
            {t('route.change')}
          </button>
        </p>
      ) : (
        <>
          <SearchBox
            id={`route-${end}`}
            label={t('route.searchPlace')}
            onSpot={(s) => props.onSet(end, { lat: s.lat, lng: s.lng, label: s.title })}
            onPlace={(p) => props.onSet(end, { lat: p.lat, lng: p.lng, label: p.name })}
          />
          <div class="row">
            <button
              type="button"
              class="secondary"
              aria-pressed={props.picking === end}
              onClick={() => props.onPick(end)}
            >
              {props.picking === end ? t('report.tapNow') : t('report.tapMap')}
            </button>
            <button type="button" class="secondary" onClick={() => props.onGps(end)}>
              {t('report.useGps')}
            </button>
          </div>
        </>
      )}
    </fieldset>
  );
}

/**
 * A long route through a dense area can pass thousands of spots; the page asks for the compact
 * answer, which lists the first ones (as many as the server's compact answer holds) and the count.
 */

export function RoutePanel(props: Props) {
  const [mode, setMode] = useState<TravelMode>('driving');
  const [avoid, setAvoid] = useState(false);
  const routes = props.result?.routes;
  const chosen = props.result?.chosen ?? 0;
  const {
    busy,
    message: problem,
    setMessage: setProblem,
    run,
  } = useBusy<{ kind: 'error' | 'warn'; text: string }>();
  const results = useRef<HTMLOListElement>(null);
  useEffect(() => results.current?.scrollIntoView({ block: 'start' }), [routes]);

  async function check(e: Event) {
    e.preventDefault();
    const { from, to } = props;
    if (!from || !to) {
      setProblem({ kind: 'error', text: t('route.needBoth') });
      return;
    }
    const query = {
      from: `${from.lat},${from.lng}`,
      to: `${to.lat},${to.lng}`,
      mode,
      detail: 'compact',
      order: 'weighted',
      ...(avoid && { avoid: '1' as const }),
    } as const;
    const res = await run(() => answer(client.GET('/api/route', { params: { query } })));
    if (!res) return;
    if (res.ok) {
      // Asked with detail=compact: every route is in brief (the type of the answer allows both forms).
      props.onResult({ routes: res.data.routes.filter((r): r is Route => 'danger_count' in r), chosen: 0 });
      return;
    }
    // The routes found before stay drawn and listed: a failure here says so and changes nothing else.
    if (res.status === 502) setProblem({ kind: 'warn', text: t('route.serviceDown') });
    else if (res.status === 404) setProblem({ kind: 'error', text: t('route.noRoute') });
    else setProblem({ kind: 'error', text: describeFailure(res) });
  }

  const choose = (i: number) => {
    if (routes) props.onResult({ routes, chosen: i });
  };

  return (
    <div class="route-panel">
      <form onSubmit={check}>
        {(['from', 'to'] as const).map((end) => (
          <RouteEndField key={end} end={end} {...props} />
        ))}
        <fieldset class="modes">
          <legend>{t('route.mode')}</legend>
          <div class="chips">
            {TRAVEL_MODES.map((value) => (
              <label key={value} class="chip">
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                />
                {t(`route.mode.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <label class="check">
          <input type="checkbox" checked={avoid} onChange={(e) => setAvoid(e.currentTarget.checked)} />
          {t('route.avoid')}
        </label>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('route.checking') : t('route.check')}
        </button>
      </form>
      {problem && <Notice kind={problem.kind}>{problem.text}</Notice>}
      {routes && routes.length > 0 && (
        <ol ref={results} class="routes" aria-label={t('route.results')}>
          {routes.map((r, i) => (
            <li key={i} class={i === chosen ? 'chosen' : ''}>
              <button
                type="button"
                class="route-summary"
                aria-pressed={i === chosen}
                onClick={() => choose(i)}
              >
                <strong>
                  {routeName(routes, i)}
                  {r.detour ? ` · ${t('route.detour')}` : ''}
                </strong>
                <span>
                  {formatDistance(r.distance)} · {formatDuration(r.duration)} · {dangerCount(r.danger_count)}
                  {r.danger_count > 0 && ` · ${t('route.risk', { n: r.weighted_risk })}`}
                </span>
                {r.summary && <small>{r.summary}</small>}
              </button>
              {i === chosen && r.dangers.length > 0 && (
                <ul class="dangers">
                  {r.dangers.map((d) => (
                    <li key={d.id}>
                      <button type="button" class="result" onClick={() => props.onSpot(d.id)}>
                        <span class={`dot sev-${d.severity}`} aria-hidden="true" />
                        <span>
                          {t('route.dangerAt', {
                            along: formatDistance(d.along),
                            off: formatDistance(d.distance),
                          })}
                          : <strong>{d.title}</strong>{' '}
                          <small class="muted">({t(`confidence.${confidenceBand(d.confidence)}`)})</small>
                        </span>
                      </button>
                    </li>
                  ))}
                  {r.danger_count > r.dangers.length && (
                    <li class="muted">{t('route.moreDangers', { n: r.danger_count - r.dangers.length })}</li>
                  )}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {routes?.some((r) => r.danger_count > 0) && <p class="muted">{t('route.riskExplained')}</p>}
      {routes && (
        <p class="route-after">
          <button type="button" class="secondary" onClick={props.onWatchTrip}>
            {t('watch.forTrip')}
          </button>
          <button type="button" class="link-button" onClick={() => props.onResult(undefined)}>
            {t('route.clear')}
          </button>
        </p>
      )}
    </div>
  );
}
