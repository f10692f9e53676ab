import { useRef, useState } from 'preact/hooks';
import { answer, client, type Fetched } from '../lib/api.ts';
import { describeFailure } from '../lib/failures.ts';
import { t } from '../lib/i18n.ts';
import type { TwoFactorState } from '../lib/types.ts';
import { Field, Notice, useBusy } from '../lib/ui.tsx';

type Message = { kind: 'ok' | 'error' | 'warn'; text: string } | undefined;
interface Setup {
  secret: string;
  uri: string;
  qr_svg: string;
}

/**
 * A moderator's two-step sign-in: set up an authenticator app (scan the QR code or type the secret,
 * then confirm a code), see the recovery codes once, or turn it off with the password and a code.
 */
export function TwoFactorPanel({ state, onChanged }: { state: TwoFactorState; onChanged(): void }) {
  const [setup, setSetup] = useState<Setup>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recovery, setRecovery] = useState<string[]>();
  const { busy, message, setMessage, run } = useBusy<Message>();

  async function call<T, E>(request: () => Promise<Fetched<T, E>>): Promise<T | undefined> {
    const res = await run(() => answer(request()));
    if (!res) return undefined;
    if (res.ok) return res.data;
    setMessage({ kind: 'error', text: describeFailure(res) });
    return undefined;
  }

  async function start() {
    setMessage(undefined);
    const started = await call(() => client.POST('/api/auth/two-factor/setup'));
    if (started) setSetup(started);
  }

  async function confirm(e: Event) {
    e.preventDefault();
    const on = await call(() => client.POST('/api/auth/two-factor/enable', { body: { code } }));
    if (!on) return;
    setRecovery(on.recovery_codes);
    setSetup(undefined);
    setCode('');
    onChanged();
  }

  async function turnOff(e: Event) {
    e.preventDefault();
    const res = await answer(client.POST('/api/auth/two-factor/disable', { body: { password, code } }));
    if (!res.ok) return setMessage({ kind: 'error', text: describeFailure(res) });
    setPassword('');
    setCode('');
    setMessage({ kind: 'ok', text: t('mod.2fa.off') });
    onChanged();
  }

  return (
    <section class="two-factor" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">{t('mod.2fa.heading')}</h2>
      {state.required && !state.session && <Notice kind="warn">{t('mod.2fa.requiredNotice')}</Notice>}
      <p>{state.enabled ? t('mod.2fa.isOn') : t('mod.2fa.isOff')}</p>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {recovery && (
        <div class="recovery">
          <p>{t('mod.2fa.recoveryIntro')}</p>
          <ul class="recovery-codes">
            {recovery.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!setup && (
        <button
          type="button"
          class={state.enabled ? undefined : 'primary'}
          disabled={busy}
          onClick={() => void start()}
        >
          {state.enabled ? t('mod.2fa.replace') : t('mod.2fa.setUp')}
        </button>
      )}
      {setup && (
        <form class="two-factor-setup" onSubmit={confirm}>
          {/* The app may be on this very phone, which cannot scan its own screen: a link opens it. */}
          <p>
            <a class="button" href={setup.uri}>
              {t('mod.2fa.openApp')}
            </a>
          </p>
          <p>{t('mod.2fa.scan')}</p>
          <img
            class="qr"
            width={200}
            height={200}
            alt={t('mod.2fa.qrAlt')}
            src={`data:image/svg+xml;base64,${btoa(setup.qr_svg)}`}
          />
          <SecretKey secret={setup.secret} />
          <CodeField value={code} onInput={setCode} />
          <button type="submit" class="primary" disabled={busy}>
            {t('mod.2fa.confirm')}
          </button>
        </form>
      )}
      {state.enabled && !state.required && !setup && (
        <form class="two-factor-off" onSubmit={turnOff}>
          <h3>{t('mod.2fa.turnOff')}</h3>
          <Field id="off-password" label={t('mod.password')}>
            <input
              id="off-password"
              type="password"
              autocomplete="current-password"
              required
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
            />
          </Field>
          <CodeField value={code} onInput={setCode} id="off-code" />
          <button type="submit" disabled={busy}>
            {t('mod.2fa.turnOff')}
          </button>
        </form>
      )}
    </section>
  );
}

/**
 * The key to type into an app, in groups of four that never break across lines, and a button that
 * copies it whole (or, where the browser allows no clipboard, selects it for the phone's own Copy).
 */
function SecretKey({ secret }: { secret: string }) {
  const [said, setSaid] = useState<string>();
  const code = useRef<HTMLElement>(null);
  const groups = secret.match(/.{1,4}/g) ?? [];
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setSaid(t('mod.2fa.copied'));
    } catch {
      if (code.current) getSelection()?.selectAllChildren(code.current);
      setSaid(t('mod.2fa.selected'));
    }
  }
  return (
    <>
      <p>
        {t('mod.2fa.orType')}{' '}
        <code class="secret" ref={code}>
          {groups.flatMap((g, i) => [i > 0 ? ' ' : '', <span key={i}>{g}</span>])}
        </code>{' '}
        <button type="button" onClick={() => void copy()}>
          {t('mod.2fa.copy')}
        </button>
      </p>
      {said && (
        <p class="muted" role="status">
          {said}
        </p>
      )}
    </>
  );
}

/** The one-time code: digits from an app, or a recovery code (so not digits only). */
export function CodeField({
  value,
  onInput,
  id = 'code',
}: {
  value: string;
  onInput(v: string): void;
  id?: string;
}) {
  return (
    <Field id={id} label={t('mod.2fa.code')} hint={t('mod.2fa.codeHint')}>
      <input
        id={id}
        autocomplete="one-time-code"
        required
        maxLength={40}
        value={value}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
    </Field>
  );
}
