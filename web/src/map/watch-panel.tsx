import { useEffect, useRef, useState } from 'preact/hooks';
import {
  clockHoursText,
  hoursText,
  region,
  WATCH_CHOICES,
  watchChoiceHours,
} from '../../../common/region.ts';
import { answer, client } from '../lib/api.ts';
import { formatDistance } from '../lib/format.ts';
import { t } from '../lib/i18n.ts';
import { pageSettings } from '../lib/page-config.ts';
import type { PushWatch } from '../lib/types.ts';
import { Notice, useShowMessage } from '../lib/ui.tsx';
import {
  addWatch,
  listWatches,
  type PushProblem,
  PushRefused,
  pushInfo,
  pushSupported,
  stopAll,
  stopWatch,
} from './push-alerts.ts';
import type { RoutePoint } from './route-panel.tsx';

/** What the panel offers to watch: a place (the map's middle, or a place found), or a checked trip. */
export type WatchTarget =
  | { kind: 'place'; lat: number; lng: number; name?: string | undefined }
  | { kind: 'trip'; from: RoutePoint; to: RoutePoint };

/** The hours USSD offers, the same four here: the region's (common/region.ts). */
const hoursChoices = () =>
  WATCH_CHOICES.map((choice) => {
    const hours = watchChoiceHours(choice);
    return { label: t(`watch.hours.${choice}`, hours ? { hours: hoursText(hours) } : {}), hours };
  });
const RADII = [500, 1000, 2000, 5000];

const hoursName = (h: PushWatch['hours']) => {
  const choices = hoursChoices();
  return (choices.find((c) => c.hours?.from === h?.from && c.hours?.to === h?.to) ?? choices[0])?.label ?? '';
};

type Message = { kind: 'ok' | 'error' | 'info'; text: string };

const PROBLEM_TEXT = {
  unsupported: 'watch.unsupported',
  denied: 'watch.denied',
  unreachable: 'watch.unreachable',
} as const;

/** Why push alerts cannot be had here, offering SMS alerts instead where the site has SMS. */
function pushProblemText(why: PushProblem | undefined): string {
  if (!why) return t('watch.failed');
  const sms = pageSettings().sms;
  return sms ? `${t(PROBLEM_TEXT[why])} ${t('watch.bySms', { number: sms.number })}` : t(PROBLEM_TEXT[why]);
}

/**
 * "Alerts on this phone" (docs/web.md): what push alerts send and when, a form to watch the place
 * or trip in view, and what this phone watches, each with a way to stop it, and all in one tap.
 */
export function WatchPanel(props: { target: WatchTarget | undefined; online: boolean }) {
  const [info, setInfo] = useState<{
    public_key: string;
    per_day: number;
    max_watches: number;
    min_severity: number;
  }>();
  const [watches, setWatches] = useState<PushWatch[]>();
  const [name, setName] = useState('');
  /** Once the user types a name, the nearest place's name no longer replaces it. */
  const typed = useRef(false);
  const [radius, setRadius] = useState(1000);
  const [hours, setHours] = useState(0);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>();
  const messageBox = useRef<HTMLDivElement>(null);
  useShowMessage(messageBox, message?.kind === 'error' ? message : undefined);
  const supported = pushSupported();
  const target = props.target;

  useEffect(() => {
    if (!supported || !props.online) return;
    void pushInfo().then((res) => res.ok && setInfo(res.data));
    void listWatches().then(setWatches);
  }, [supported, props.online]);

  // A place without a name is named after the nearest place the map knows.
  useEffect(() => {
    if (target?.kind !== 'place') return;
    if (target.name) return setName(target.name);
    let live = true;
    void answer(client.GET('/api/nearby', { params: { query: { lat: target.lat, lng: target.lng } } })).then(
      (res) => live && res.ok && res.data.place && setName(res.data.place.name),
    );
    return () => {
      live = false;
    };
  }, [target]);

  if (!supported) return <Notice kind="info">{pushProblemText('unsupported')}</Notice>;
  if (!props.online) return <Notice kind="info">{t('watch.offline')}</Notice>;

  const add = async (e: Event) => {
    e.preventDefault();
    if (!info || !target) return;
    setBusy(true);
    setMessage(undefined);
    const chosen = hoursChoices()[hours]?.hours;
    const place = target.kind === 'trip' ? target.from.label : name.trim() || t('watch.centre');
    try {
      const res = await addWatch(info.public_key, {
        place: place.slice(0, 60),
        ...(target.kind === 'trip'
          ? {
              lat: target.from.lat,
              lng: target.from.lng,
              to: { place: target.to.label.slice(0, 60), lat: target.to.lat, lng: target.to.lng },
            }
          : { lat: target.lat, lng: target.lng, radius_m: radius }),
        ...(chosen ? { hours: chosen } : {}),
      });
      if (res.ok) {
        setMessage({ kind: 'ok', text: t('watch.added', { place: res.data.watch.place }) });
        setWatches(await listWatches());
      } else if (res.status === 409)
        setMessage({ kind: 'error', text: t('watch.full', { max: info.max_watches }) });
      else setMessage({ kind: 'error', text: t('watch.failed') });
    } catch (err) {
      setMessage({ kind: 'error', text: pushProblemText(err instanceof PushRefused ? err.why : undefined) });
    } finally {
      setBusy(false);
    }
  };

  const stop = async (w: PushWatch) => {
    await stopWatch(w.id);
    setWatches(await listWatches());
  };
  const stopEverything = async () => {
    if (await stopAll()) {
      setWatches([]);
      setMessage({ kind: 'ok', text: t('watch.stopped') });
    } else setMessage({ kind: 'error', text: t('watch.failed') });
  };

  return (
    <div class="watch">
      {info && (
        <p>
          {t('watch.explain', {
            severity: info.min_severity,
            perDay: info.per_day,
            quiet: clockHoursText(region().quietHours),
          })}
        </p>
      )}
      <p class="muted">{t('watch.privacy')}</p>
      {target && (
        <form class="watch-form" onSubmit={(e) => void add(e)}>
          {target.kind === 'trip' ? (
            <p>
              <strong>{t('watch.trip', { from: target.from.label, to: target.to.label })}</strong>
            </p>
          ) : (
            <>
              <label for="watch-place">{t('watch.place')}</label>
              <input
                id="watch-place"
                value={name}
                maxLength={60}
                placeholder={t('watch.centre')}
                onInput={(e) => {
                  typed.current = true;
                  setName((e.target as HTMLInputElement).value);
                }}
              />
              <label for="watch-radius">{t('watch.radius')}</label>
              <select
                id="watch-radius"
                value={radius}
                onChange={(e) => setRadius(Number((e.target as HTMLSelectElement).value))}
              >
                {RADII.map((m) => (
                  <option key={m} value={m}>
                    {formatDistance(m)}
                  </option>
                ))}
              </select>
            </>
          )}
          <label for="watch-hours">{t('watch.hours')}</label>
          <select
            id="watch-hours"
            value={hours}
            onChange={(e) => setHours(Number((e.target as HTMLSelectElement).value))}
          >
            {hoursChoices().map(({ label }, i) => (
              <option key={label} value={i}>
                {label}
              </option>
            ))}
          </select>
          <button type="submit" class="primary" disabled={busy || !info}>
            {t('watch.add')}
          </button>
        </form>
      )}
      {message && (
        <div ref={messageBox} class="watch-message" tabIndex={-1}>
          <Notice kind={message.kind}>{message.text}</Notice>
        </div>
      )}
      <h3>{t('watch.listHeading')}</h3>
      {watches && watches.length === 0 && <p class="muted">{t('watch.none')}</p>}
      {watches && watches.length > 0 && (
        <>
          <ul class="kept-areas">
            {watches.map((w) => (
              <li key={w.id}>
                <span>
                  <strong>{w.place}</strong>
                  <br />
                  <span class="muted">
                    {w.trip
                      ? t('watch.itemTrip', { hours: hoursName(w.hours) })
                      : t('watch.itemPlace', {
                          radius: formatDistance(w.radius_m),
                          hours: hoursName(w.hours),
                        })}
                  </span>
                </span>
                <button
                  type="button"
                  class="secondary"
                  aria-label={t('watch.stopLabel', { place: w.place })}
                  onClick={() => void stop(w)}
                >
                  {t('watch.stop')}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" class="secondary" onClick={() => void stopEverything()}>
            {t('watch.stopAll')}
          </button>
        </>
      )}
    </div>
  );
}
