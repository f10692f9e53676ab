import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { answer, client } from '../lib/api.ts';
import { describeFailure } from '../lib/failures.ts';
import { t, useLang } from '../lib/i18n.ts';
import { LanguageSelect } from '../lib/language-select.tsx';
import { solveInWorker } from '../lib/pow.ts';
import type { Alarms, TwoFactorState, User } from '../lib/types.ts';
import { Field, Notice, useBusy } from '../lib/ui.tsx';
import { useVisible } from '../lib/visible.ts';
import { UsersPanel } from './admin.tsx';
import { AlarmsPanel, alarmsWaiting } from './alarms.tsx';
import { AuditLog } from './audit-log.tsx';
import { OnCallPanel } from './on-call.tsx';
import { Queue } from './queue.tsx';
import { SettingsPanel } from './settings.tsx';
import { CodeField, TwoFactorPanel } from './two-factor.tsx';

type Tab = 'queue' | 'alarms' | 'settings' | 'users' | 'log' | 'account';

/** How often a signed-in console asks for alarms, so a burst shows while the moderator works. */
const ALARM_POLL_MS = 30_000;

/** The site's alarms, asked for now and every ALARM_POLL_MS while the page is shown. */
function useAlarms(signedIn: boolean) {
  const [alarms, setAlarms] = useState<Alarms>();
  const load = useCallback(() => {
    if (document.visibilityState === 'hidden') return;
    void answer(client.GET('/api/mod/alarms')).then((res) => res.ok && setAlarms(res.data));
  }, []);
  useEffect(() => {
    if (!signedIn) return;
    load();
    const timer = setInterval(load, ALARM_POLL_MS);
    document.addEventListener('visibilitychange', load);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', load);
    };
  }, [signedIn, load]);
  return { alarms, reload: load };
}

/** Changes heard within this long are answered with one reload of the queue and the alarms. */
const LIVE_GATHER_MS = 1000;

/**
 * The moderators' stream (GET /api/mod/events) while the console is visible: `onChange` once spots
 * changed (a report held, published, hidden...), at most once per LIVE_GATHER_MS, and when a stream
 * opens after another (a reconnect, the console shown again), since what changed meanwhile was not
 * heard.
 */
function useModeratorStream(signedIn: boolean, onChange: () => void) {
  const visible = useVisible();
  const latest = useRef(onChange);
  latest.current = onChange;
  /** A stream was open before: one opening now (a reconnect, the console shown again) missed changes. */
  const streamed = useRef(false);
  useEffect(() => {
    if (!signedIn || !visible || typeof EventSource === 'undefined') return;
    let gathering: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      gathering ??= setTimeout(() => {
        gathering = undefined;
        latest.current();
      }, LIVE_GATHER_MS);
    };
    const source = new EventSource('/api/mod/events');
    source.onopen = () => {
      if (streamed.current) changed();
      streamed.current = true;
    };
    source.addEventListener('queue', changed);
    source.addEventListener('reload', changed);
    return () => {
      source.close();
      clearTimeout(gathering);
    };
  }, [signedIn, visible]);
}

/** The moderator console at /moderate: sign in, then the queue, the log and (for admins) the site. */
export function Console() {
  useLang();
  const [user, setUser] = useState<User | null>();
  const [twoFactor, setTwoFactor] = useState<TwoFactorState>();
  // A page opens the console at its alarm (/moderate#alarms); the tab shown is kept in the address.
  const [tab, setShownTab] = useState<Tab>(() => (location.hash.slice(1) as Tab) || 'queue');
  const setTab = (name: Tab) => {
    setShownTab(name);
    history.replaceState(null, '', `#${name}`);
  };
  // A page tapped while the console is open navigates it to its alarm without loading it again.
  useEffect(() => {
    const follow = () => setShownTab((location.hash.slice(1) as Tab) || 'queue');
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  // While the site requires a second factor this session lacks, setting one up is all it may do.
  const heldBack = Boolean(twoFactor?.required && !twoFactor.session);
  const { alarms, reload } = useAlarms(Boolean(user) && !heldBack);
  const waiting = alarmsWaiting(alarms);
  /** Bumped when the stream says spots changed: the queue asks its list again. */
  const [revision, setRevision] = useState(0);
  useModeratorStream(Boolean(user) && !heldBack, () => {
    reload();
    setRevision((n) => n + 1);
  });

  const loadSession = useCallback(
    () =>
      void answer(client.GET('/api/auth/session')).then((res) => {
        setUser(res.ok ? res.data.user : null);
        setTwoFactor(res.ok ? res.data.two_factor : undefined);
      }),
    [],
  );
  useEffect(loadSession, []);

  async function signOut() {
    await answer(client.POST('/api/auth/logout'));
    setUser(null);
  }

  if (user === undefined) return <p class="boot">{t('common.loading')}</p>;
  const tabs: Tab[] = heldBack
    ? ['account']
    : user?.role === 'admin'
      ? ['queue', 'alarms', 'log', 'settings', 'users', 'account']
      : ['queue', 'alarms', 'log', 'account'];
  const shown = tabs.includes(tab) ? tab : (tabs[0] as Tab);
  return (
    <div class="console">
      <header class="console-head">
        <h1>{t('mod.heading')}</h1>
        <LanguageSelect />
        {user && (
          <span class="who">
            {t('mod.signedInAs', { name: user.username, role: t(`mod.role.${user.role}`) })}{' '}
            <button type="button" class="link-button" onClick={() => void signOut()}>
              {t('mod.signOut')}
            </button>
          </span>
        )}
      </header>
      {user && (
        <nav class="tabs" aria-label={t('mod.sections')}>
          {tabs.map((name) => (
            <button key={name} type="button" aria-pressed={shown === name} onClick={() => setTab(name)}>
              {t(`mod.tab.${name}`)}
              {name === 'alarms' && waiting > 0 && <span class="count-badge">{waiting}</span>}
            </button>
          ))}
        </nav>
      )}
      {user && waiting > 0 && shown !== 'alarms' && (
        <div class="alarm-banner" role="alert">
          {t('mod.alarm.banner', { n: waiting })}{' '}
          <button type="button" class="primary" onClick={() => setTab('alarms')}>
            {t('mod.alarm.open')}
          </button>
        </div>
      )}
      <main>
        {!user && <SignIn onSignedIn={loadSession} />}
        {user && shown === 'alarms' && <AlarmsPanel alarms={alarms} onChanged={reload} />}
        {user && shown === 'queue' && <Queue revision={revision} onSignedOut={() => setUser(null)} />}
        {user && shown === 'log' && <AuditLog />}
        {user && shown === 'settings' && <SettingsPanel />}
        {user && shown === 'users' && <UsersPanel me={user.username} />}
        {user && shown === 'account' && !heldBack && <OnCallPanel />}
        {user && shown === 'account' && twoFactor && (
          <TwoFactorPanel state={twoFactor} onChanged={loadSession} />
        )}
      </main>
      <footer class="muted">
        <a href="/">{t('mod.backToMap')}</a>
      </footer>
    </div>
  );
}

function SignIn({ onSignedIn }: { onSignedIn(): void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState<string>();
  const { busy, message: error, setMessage: setError, run } = useBusy();
  const [checking, setChecking] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    const body = code === undefined ? { username, password } : { username, password, code };
    const res = await run(async () => {
      const first = await answer(client.POST('/api/auth/login', { body }));
      // Many attempts were made at the account: the browser pays the work it asks for, once, and asks again.
      const work =
        first.status === 401 && first.data && 'proof_of_work' in first.data
          ? first.data.proof_of_work
          : undefined;
      if (!work) return first;
      setChecking(true);
      const altcha = await solveInWorker(work);
      setChecking(false);
      return altcha ? answer(client.POST('/api/auth/login', { body: { ...body, altcha } })) : first;
    });
    // Undefined: an attempt is on its way already.
    if (!res) return;
    if (res.ok) return onSignedIn();
    if (res.status === 401 && res.data && 'two_factor' in res.data && res.data.two_factor) {
      // Name and password were right: the account asks for its code.
      setError(code === undefined ? undefined : t('mod.2fa.wrongCode'));
      setCode('');
    } else setError(res.status === 401 ? t('mod.badLogin') : describeFailure(res));
  }

  return (
    <form class="sign-in" onSubmit={submit}>
      <h2>{t('mod.signIn')}</h2>
      <Field id="username" label={t('mod.username')}>
        <input
          id="username"
          autocomplete="username"
          required
          value={username}
          onInput={(e) => setUsername(e.currentTarget.value)}
        />
      </Field>
      <Field id="password" label={t('mod.password')}>
        <input
          id="password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
      </Field>
      {code !== undefined && <CodeField value={code} onInput={setCode} />}
      {checking && (
        <p class="muted" role="status">
          {t('mod.checkingBrowser')}
        </p>
      )}
      {error && <Notice kind="error">{error}</Notice>}
      <button type="submit" class="primary" disabled={busy}>
        {t('mod.signIn')}
      </button>
    </form>
  );
}
