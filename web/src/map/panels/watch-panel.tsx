import { useEffect, useRef, useState } from 'preact/hooks';
import {
  clockHoursText,
  hoursText,
  region,
  WATCH_CHOICES,
  watchChoiceHours,
} from '../../../../common/region.ts';
import { answer, client } from '../../lib/api.ts';
import { formatDistance } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import { pageSettings } from '../../lib/page-config.ts';
import type { PushWatch } from '../../lib/types.ts';
import { Notice, useBusy, useShowMessage } from '../../lib/ui.tsx';
import {
  addWatch,
  listWatches,
  type PushProblem,
  PushRefused,
  pushInfo,
  pushSupported,
  stopAll,
  stopWatch,
} from '../hooks/push-alerts.ts';
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
 * What POST /api/push/watches is sent for the target: a place (named as typed, else "the map's
 * centre") within the radius, or a trip from its start to its end; and the hours chosen.
 */
function watchRequest(target: WatchTarget, name: string, radius: number, hoursIndex: number) {
  const chosen = hoursChoices()[hoursIndex]?.hours;
  const place = target.kind === 'trip' ? target.from.label : name.trim() || t('watch.centre');
  return {
    place: place.slice(0, 60),
    ...(target.kind === 'trip'
      ? {
          lat: target.from.lat,
          lng: target.from.lng,
          to: { place: target.to.label.slice(0, 60), lat: target.to.lat, lng: target.to.lng },
        }
      : { lat: target.lat, lng: target.lng, radius_m: radius }),
    ...(chosen ? { hours: chosen } : {}),
  };
}

/** The site's push rules and key, and what this phone watches, asked for while it can have them. */
function usePushWatches(can: boolean) {
  const [info, setInfo] = useState<{
    public_key: string;
    per_day: number;
    max_watches: number;
    min_severity: number;
  }>();
  const [watches, setWatches] = useState<PushWatch[]>();
  useEffect(() => {
    if (!can) return;
    void pushInfo().then((res) => res.ok && setInfo(res.data));
    void listWatches().then(setWatches);
  }, [can]);
  return { info, watches, setWatches };
}

/**
 * The name a watched place goes by: its own, else the nearest place the map knows, unless the user
 * typed one first (the answer may come after they started typing).
 */
function usePlaceName(target: WatchTarget | undefined) {
  const [name, setName] = useState('');
  const typed = useRef(false);
  useEffect(() => {
    typed.current = false;
    if (target?.kind !== 'place') return;
    if (target.name) return setName(target.name);
    let live = true;
    void answer(client.GET('/api/nearby', { params: { query: { lat: target.lat, lng: target.lng } } })).then(
      (res) => live && !typed.current && res.ok && res.data.place && setName(res.data.place.name),
    );
    return () => {
      live = false;
    };
  }, [target]);
  const type = (value: string) => {
    typed.current = true;
    setName(value);
  };
  return [name, type] as const;
}

/**
 * "Alerts on this phone" (docs/web.md): what push alerts send and when, a form to watch the place
 * or trip in view, and what this phone watches, each with a way to stop it, and all in one tap.
 */
export function WatchPanel(props: { target: WatchTarget | undefined; online: boolean }) {
  const supported = pushSupported();
  const { info, watches, setWatches } = usePushWatches(supported && props.online);
  const target = props.target;
  const [name, setName] = usePlaceName(target);
  const [radius, setRadius] = useState(1000);
  const [hours, setHours] = useState(0);
  const { busy, message, setMessage, run } = useBusy<Message>();
  const messageBox = useRef<HTMLDivElement>(null);
  useShowMessage(messageBox, message?.kind === 'error' ? message : undefined);

  if (!supported) return <Notice kind="info">{pushProblemText('unsupported')}</Notice>;
  if (!props.online) return <Notice kind="info">{t('watch.offline')}</Notice>;

  const add = async (e: Event) => {
    e.preventDefault();
    if (!info || !target) return;
    await run(async () => {
      try {
        const res = await addWatch(info.public_key, watchRequest(target, name, radius, hours));
        if (res.ok) {
          setMessage({ kind: 'ok', text: t('watch.added', { place: res.data.watch.place }) });
          setWatches(await listWatches());
        } else if (res.status === 409)
          setMessage({ kind: 'error', text: t('watch.full', { max: info.max_watches }) });
        else setMessage({ kind: 'error', text: t('watch.failed') });
      } catch (err) {
        setMessage({
          kind: 'error',
          text: pushProblemText(err instanceof PushRefused ? err.why : undefined),
        });
      }
    });
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
                onInput={(e) => setName((e.target as HTMLInputElement).value)}
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
        <WatchList watches={watches} onStop={(w) => void stop(w)} onStopAll={() => void stopEverything()} />
      )}
    </div>
  );
}

/** What this phone watches, each with a way to stop it, and a way to stop them all. */
function WatchList(props: { watches: PushWatch[]; onStop(w: PushWatch): void; onStopAll(): void }) {
  return (
    <>
      <ul class="kept-areas">
        {props.watches.map((w) => (
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
              onClick={() => props.onStop(w)}
            >
              {t('watch.stop')}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" class="secondary" onClick={props.onStopAll}>
        {t('watch.stopAll')}
      </button>
    </>
  );
}
