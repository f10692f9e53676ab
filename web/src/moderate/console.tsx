import { useEffect, useState } from 'preact/hooks';
import { api } from '../lib/api.ts';
import { describeFailure } from '../lib/failures.ts';
import { t, useLang } from '../lib/i18n.ts';
import { LanguageSelect } from '../lib/language-select.tsx';
import type { User } from '../lib/types.ts';
import { Field, Notice } from '../lib/ui.tsx';
import { SettingsPanel, UsersPanel } from './admin.tsx';
import { AuditLog } from './audit-log.tsx';
import { Queue } from './queue.tsx';

type Tab = 'queue' | 'settings' | 'users' | 'log';

/** The moderator console at /moderate: sign in, then the queue, the log and (for admins) the site. */
export function Console() {
  useLang();
  const [user, setUser] = useState<User | null>();
  const [tab, setTab] = useState<Tab>('queue');

  useEffect(() => {
    void api<{ user: User }>('/api/auth/session').then((res) => setUser(res.ok ? res.data.user : null));
  }, []);

  async function signOut() {
    await api('/api/auth/logout', { method: 'POST' });
    setUser(null);
  }

  if (user === undefined) return <p class="boot">{t('common.loading')}</p>;
  const tabs: Tab[] = user?.role === 'admin' ? ['queue', 'log', 'settings', 'users'] : ['queue', 'log'];
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
            <button key={name} type="button" aria-pressed={tab === name} onClick={() => setTab(name)}>
              {t(`mod.tab.${name}`)}
            </button>
          ))}
        </nav>
      )}
      <main>
        {!user && <SignIn onSignedIn={setUser} />}
        {user && tab === 'queue' && <Queue onSignedOut={() => setUser(null)} />}
        {user && tab === 'log' && <AuditLog />}
        {user && tab === 'settings' && <SettingsPanel />}
        {user && tab === 'users' && <UsersPanel me={user.username} />}
      </main>
      <footer class="muted">
        <a href="/">{t('mod.backToMap')}</a>
      </footer>
    </div>
  );
}

function SignIn({ onSignedIn }: { onSignedIn(user: User): void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    setBusy(true);
    const res = await api<{ user: User }>('/api/auth/login', {
      method: 'POST',
      body: { username, password },
    });
    setBusy(false);
    if (res.ok) onSignedIn(res.data.user);
    else setError(res.status === 401 ? t('mod.badLogin') : describeFailure(res));
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
      {error && <Notice kind="error">{error}</Notice>}
      <button type="submit" class="primary" disabled={busy}>
        {t('mod.signIn')}
      </button>
    </form>
  );
}
