import { useEffect, useRef, useState } from 'preact/hooks';
import { answer, client, type Fetched } from '../lib/api.ts';
import { describeFailure } from '../lib/failures.ts';
import { currentLang, t } from '../lib/i18n.ts';
import { pageSettings } from '../lib/page-config.ts';
import type { OnCall } from '../lib/types.ts';
import { Field, Notice, useBusy } from '../lib/ui.tsx';
import {
  PushRefused,
  phoneKey,
  subscribeThisBrowser,
  thisBrowserEndpoint,
} from '../map/hooks/push-alerts.ts';
import type { AreaMap } from './area-map.ts';

type Message = { kind: 'ok' | 'error'; text: string };
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * A moderator's on call (docs/moderators.md, "On call"): on duty, quiet hours, pages on this phone
 * (Web Push) or by SMS, and the areas they cover, drawn as the view of a map.
 */
export function OnCallPanel() {
  const [onCall, setOnCall] = useState<OnCall>();
  /** This browser's push subscription, if it has one (for place alerts, pages, or both). */
  const [browser, setBrowser] = useState<{ endpoint: string; key: string }>();
  const know = async (endpoint: string | undefined) =>
    setBrowser(endpoint === undefined ? undefined : { endpoint, key: await phoneKey(endpoint) });
  const { busy, message, setMessage, run } = useBusy<Message>();

  async function call(request: () => Promise<Fetched<OnCall, unknown>>, done?: string) {
    const res = await run(() => answer(request()));
    if (!res) return;
    if (res.ok) {
      setOnCall(res.data);
      if (done) setMessage({ kind: 'ok', text: done });
    } else setMessage({ kind: 'error', text: describeFailure(res) });
  }
  useEffect(() => {
    void call(() => client.GET('/api/mod/on-call'));
    void thisBrowserEndpoint().then(know);
  }, []);

  if (!onCall) return message ? <Notice kind="error">{message.text}</Notice> : null;
  const quiet = onCall.quiet_hours;
  // Pages come here only when the server has this browser among the moderator's phones.
  const here = browser && onCall.phones.includes(browser.key) ? browser.endpoint : undefined;

  async function pageHere(publicKey: string) {
    try {
      const subscription = await subscribeThisBrowser(publicKey);
      await know(subscription.endpoint);
      await call(
        () => client.POST('/api/mod/on-call/phones', { body: { subscription, lang: currentLang() } }),
        t('mod.onCall.pagedHere'),
      );
    } catch (err) {
      if (!(err instanceof PushRefused)) throw err;
      setMessage({ kind: 'error', text: t('mod.onCall.pushRefused') });
    }
  }
  async function stopHere(endpoint: string) {
    await call(
      () => client.DELETE('/api/mod/on-call/phones', { body: { endpoint } }),
      t('mod.onCall.stoppedHere'),
    );
  }

  return (
    <section class="on-call" aria-labelledby="on-call-heading">
      <h2 id="on-call-heading">{t('mod.onCall.heading')}</h2>
      <p class="muted">{t('mod.onCall.intro')}</p>
      <label class="check">
        <input
          type="checkbox"
          checked={onCall.on_duty}
          disabled={busy}
          onChange={(e) =>
            void call(
              () => client.PATCH('/api/mod/on-call', { body: { on_duty: e.currentTarget.checked } }),
              t('mod.saved'),
            )
          }
        />{' '}
        {t('mod.onCall.onDuty')}
      </label>
      <fieldset class="quiet-hours">
        <legend>{t('mod.onCall.quiet')}</legend>
        <QuietHours
          value={quiet}
          busy={busy}
          onSave={(quiet_hours) =>
            void call(() => client.PATCH('/api/mod/on-call', { body: { quiet_hours } }), t('mod.saved'))
          }
        />
      </fieldset>
      <p>{t('mod.onCall.phones', { n: onCall.phones.length })}</p>
      {here ? (
        <button type="button" disabled={busy} onClick={() => void stopHere(here)}>
          {t('mod.onCall.stopHere')}
        </button>
      ) : (
        <button
          type="button"
          class="primary"
          disabled={busy}
          onClick={() => void pageHere(onCall.push_public_key)}
        >
          {t('mod.onCall.pageHere')}
        </button>
      )}
      {onCall.sms.available && (
        <SmsNumber
          shown={onCall.sms.number}
          busy={busy}
          onSave={(phone) =>
            void call(() => client.PATCH('/api/mod/on-call', { body: { phone } }), t('mod.saved'))
          }
        />
      )}
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <Areas onCall={onCall} busy={busy} call={call} />
    </section>
  );
}

function QuietHours(props: {
  value: OnCall['quiet_hours'];
  busy: boolean;
  onSave(hours: OnCall['quiet_hours']): void;
}) {
  const [from, setFrom] = useState(props.value ? String(props.value.from) : '');
  const [to, setTo] = useState(props.value ? String(props.value.to) : '');
  const select = (id: string, label: string, value: string, set: (v: string) => void) => (
    <Field id={id} label={label}>
      <select id={id} value={value} onChange={(e) => set(e.currentTarget.value)}>
        <option value="">{t('mod.onCall.quietNone')}</option>
        {HOURS.map((h) => (
          <option key={h} value={String(h)}>
            {hourText(h)}
          </option>
        ))}
      </select>
    </Field>
  );
  return (
    <div class="row">
      {select('quiet-from', t('mod.onCall.quietFrom'), from, setFrom)}
      {select('quiet-to', t('mod.onCall.quietTo'), to, setTo)}
      <button
        type="button"
        disabled={props.busy}
        onClick={() => props.onSave(from === '' || to === '' ? null : { from: Number(from), to: Number(to) })}
      >
        {t('mod.onCall.saveQuiet')}
      </button>
    </div>
  );
}

function SmsNumber(props: { shown: string | null; busy: boolean; onSave(phone: string | null): void }) {
  const [phone, setPhone] = useState('');
  return (
    <form
      class="row"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSave(phone.trim() || null);
        setPhone('');
      }}
    >
      <Field
        id="on-call-phone"
        label={t('mod.onCall.sms')}
        hint={props.shown ? t('mod.onCall.smsNow', { number: props.shown }) : undefined}
      >
        <input
          id="on-call-phone"
          type="tel"
          autocomplete="tel"
          value={phone}
          onInput={(e) => setPhone(e.currentTarget.value)}
        />
      </Field>
      <button type="submit" disabled={props.busy}>
        {t('mod.onCall.saveNumber')}
      </button>
    </form>
  );
}

function Areas(props: {
  onCall: OnCall;
  busy: boolean;
  call(request: () => Promise<Fetched<OnCall, unknown>>, done?: string): Promise<void>;
}) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<AreaMap | undefined>(undefined);
  const [name, setName] = useState('');
  const { areas } = props.onCall;
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    let gone = false;
    void import('./area-map.ts').then(({ AreaMap }) => {
      if (gone) return;
      map.current = new AreaMap(el, pageSettings());
      map.current.show(areas);
    });
    return () => {
      gone = true;
      map.current?.remove();
      map.current = undefined;
    };
  }, []);
  useEffect(() => map.current?.show(areas), [areas]);

  function cover(e: Event) {
    e.preventDefault();
    const view = map.current?.view();
    if (!view) return;
    void props.call(
      () => client.POST('/api/mod/on-call/areas', { body: { name: name.trim(), ...view } }),
      t('mod.saved'),
    );
    setName('');
  }
  return (
    <div class="areas">
      <h3>{t('mod.onCall.areas')}</h3>
      {areas.length ? (
        <ul>
          {areas.map((a) => (
            <li key={a.id}>
              {a.name}{' '}
              <button
                type="button"
                class="link-button"
                disabled={props.busy}
                onClick={() =>
                  void props.call(() =>
                    client.DELETE('/api/mod/on-call/areas/{id}', { params: { path: { id: a.id } } }),
                  )
                }
              >
                {t('mod.onCall.removeArea', { name: a.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p class="muted">{t('mod.onCall.noAreas')}</p>
      )}
      <section ref={element} class="area-map" aria-label={t('mod.onCall.mapLabel')} />
      <form class="row" onSubmit={cover}>
        <Field id="area-name" label={t('mod.onCall.areaName')}>
          <input
            id="area-name"
            required
            maxLength={60}
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        </Field>
        <button type="submit" class="primary" disabled={props.busy}>
          {t('mod.onCall.coverView')}
        </button>
      </form>
    </div>
  );
}
