import { useEffect, useState } from 'preact/hooks';
import { ROLES, type Role } from '../../../common/domain.ts';
import { answer, client, type Fetched } from '../lib/api.ts';
import type { paths } from '../lib/api-types.ts';
import { describeFailure } from '../lib/failures.ts';
import { type StringKey, t } from '../lib/i18n.ts';
import type { Settings, User } from '../lib/types.ts';
import { Field, Notice } from '../lib/ui.tsx';

/** What a change to a moderator's account sends. */
type UserChange = paths['/api/mod/users/{username}']['patch']['requestBody']['content']['application/json'];

type Message = { kind: 'ok' | 'error'; text: string } | undefined;

/** The settings of earned trust (docs/moderators.md, "Earned trust"): each a number, its field and words. */
type NumberSetting = { [K in keyof Settings]: Settings[K] extends number ? K : never }[keyof Settings];
const NUMBERS: Array<[NumberSetting, string, number, StringKey, StringKey | undefined]> = [
  ['reportBudgetPerHour', 'report-budget', 100_000, 'mod.reportBudget', 'mod.reportBudgetHint'],
  [
    'reportBudgetPerNetworkPerHour',
    'report-budget-network',
    100_000,
    'mod.reportBudgetNetwork',
    'mod.reportBudgetNetworkHint',
  ],
  [
    'reportBudgetPerPlacePerHour',
    'report-budget-place',
    100_000,
    'mod.reportBudgetPlace',
    'mod.reportBudgetPlaceHint',
  ],
  ['standingDays', 'standing-days', 365, 'mod.standingDays', 'mod.standingDaysHint'],
  ['standingActiveDays', 'standing-active-days', 365, 'mod.standingActiveDays', undefined],
  ['alertBudgetPerHour', 'alert-budget', 100_000, 'mod.alertBudget', 'mod.alertBudgetHint'],
];

export function SettingsPanel() {
  const [settings, setSettings] = useState<Settings>();
  const [message, setMessage] = useState<Message>();
  useEffect(() => {
    void answer(client.GET('/api/mod/settings')).then((res) =>
      res.ok ? setSettings(res.data) : setMessage({ kind: 'error', text: describeFailure(res) }),
    );
  }, []);

  async function save(e: Event) {
    e.preventDefault();
    if (!settings) return;
    const res = await answer(client.PUT('/api/mod/settings', { body: settings }));
    if (res.ok) {
      setSettings(res.data);
      setMessage({ kind: 'ok', text: t('mod.saved') });
    } else setMessage({ kind: 'error', text: describeFailure(res) });
  }

  if (!settings)
    return message ? (
      <Notice kind={message.kind}>{message.text}</Notice>
    ) : (
      <p class="muted">{t('common.loading')}</p>
    );
  return (
    <form class="settings" onSubmit={save}>
      <h2>{t('mod.tab.settings')}</h2>
      <label class="check">
        <input
          type="checkbox"
          checked={settings.requireApproval}
          onChange={(e) => setSettings({ ...settings, requireApproval: e.currentTarget.checked })}
        />
        {t('mod.requireApproval')}
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={settings.requireTwoFactor}
          onChange={(e) => setSettings({ ...settings, requireTwoFactor: e.currentTarget.checked })}
        />
        {t('mod.requireTwoFactor')}
      </label>
      <Field id="auto-hide" label={t('mod.autoHide')} hint={t('mod.autoHideHint')}>
        <input
          id="auto-hide"
          type="number"
          min={0}
          max={50}
          value={settings.autoHideFlagThreshold}
          onInput={(e) => setSettings({ ...settings, autoHideFlagThreshold: Number(e.currentTarget.value) })}
        />
      </Field>
      <Field id="hide-budget" label={t('mod.hideBudget')} hint={t('mod.hideBudgetHint')}>
        <input
          id="hide-budget"
          type="number"
          min={0}
          max={1000}
          value={settings.autoHideBudgetPerHour}
          onInput={(e) => setSettings({ ...settings, autoHideBudgetPerHour: Number(e.currentTarget.value) })}
        />
      </Field>
      <Field id="dispute-budget" label={t('mod.disputeBudget')} hint={t('mod.disputeBudgetHint')}>
        <input
          id="dispute-budget"
          type="number"
          min={0}
          max={1000}
          value={settings.disputeBudgetPerHour}
          onInput={(e) => setSettings({ ...settings, disputeBudgetPerHour: Number(e.currentTarget.value) })}
        />
      </Field>
      {NUMBERS.map(([name, id, max, label, hint]) => (
        <Field key={name} id={id} label={t(label)} hint={hint && t(hint)}>
          <input
            id={id}
            type="number"
            min={name === 'standingDays' || name === 'standingActiveDays' ? 1 : 0}
            max={max}
            value={settings[name]}
            onInput={(e) => setSettings({ ...settings, [name]: Number(e.currentTarget.value) })}
          />
        </Field>
      ))}
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <button type="submit" class="primary">
        {t('mod.save')}
      </button>
    </form>
  );
}

export function UsersPanel({ me }: { me: string }) {
  const [users, setUsers] = useState<User[]>();
  const [message, setMessage] = useState<Message>();
  const [draft, setDraft] = useState({ username: '', password: '', role: 'moderator' as Role });

  const load = () =>
    void answer(client.GET('/api/mod/users')).then((res) =>
      res.ok ? setUsers(res.data.users) : setMessage({ kind: 'error', text: describeFailure(res) }),
    );
  useEffect(load, []);

  async function call(request: Promise<Fetched<unknown, unknown>>) {
    const res = await answer(request);
    if (res.ok) {
      setMessage({ kind: 'ok', text: t('mod.saved') });
      load();
    } else
      setMessage({
        kind: 'error',
        text: res.issues?.map((i) => i.message).join(' ') || describeFailure(res),
      });
    return res.ok;
  }

  const changeUser = (username: string, body: UserChange) =>
    call(client.PATCH('/api/mod/users/{username}', { params: { path: { username } }, body }));

  async function add(e: Event) {
    e.preventDefault();
    if (await call(client.POST('/api/mod/users', { body: draft })))
      setDraft({ username: '', password: '', role: 'moderator' });
  }

  const resetPassword = (username: string) => {
    const password = prompt(t('mod.newPasswordFor', { name: username }));
    if (password) void changeUser(username, { password });
  };

  return (
    <section class="users">
      <h2>{t('mod.tab.users')}</h2>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <table>
        <thead>
          <tr>
            <th scope="col">{t('mod.username')}</th>
            <th scope="col">{t('mod.role')}</th>
            <th scope="col">
              <span class="visually-hidden">{t('mod.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users?.map((u) => (
            <tr key={u.username}>
              <td>{u.username}</td>
              <td>
                <label class="visually-hidden" for={`role-${u.username}`}>
                  {t('mod.role')}
                </label>
                <select
                  id={`role-${u.username}`}
                  value={u.role}
                  onChange={(e) => void changeUser(u.username, { role: e.currentTarget.value as Role })}
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t(`mod.role.${r}`)}
                    </option>
                  ))}
                </select>
              </td>
              <td class="actions">
                <button type="button" onClick={() => resetPassword(u.username)}>
                  {t('mod.resetPassword')}
                </button>
                <button
                  type="button"
                  onClick={() =>
                    confirm(t('mod.confirmResetTwoFactor', { name: u.username })) &&
                    void changeUser(u.username, { resetTwoFactor: true })
                  }
                >
                  {t('mod.resetTwoFactor')}
                </button>
                {u.username !== me && (
                  <button
                    type="button"
                    class="danger"
                    onClick={() =>
                      confirm(t('mod.confirmDeleteUser', { name: u.username })) &&
                      void call(
                        client.DELETE('/api/mod/users/{username}', {
                          params: { path: { username: u.username } },
                        }),
                      )
                    }
                  >
                    {t('mod.delete')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form class="add-user" onSubmit={add}>
        <h3>{t('mod.addUser')}</h3>
        <Field id="new-username" label={t('mod.username')}>
          <input
            id="new-username"
            required
            value={draft.username}
            onInput={(e) => setDraft({ ...draft, username: e.currentTarget.value })}
          />
        </Field>
        <Field id="new-password" label={t('mod.password')} hint={t('mod.passwordHint')}>
          <input
            id="new-password"
            type="password"
            autocomplete="new-password"
            required
            value={draft.password}
            onInput={(e) => setDraft({ ...draft, password: e.currentTarget.value })}
          />
        </Field>
        <Field id="new-role" label={t('mod.role')}>
          <select
            id="new-role"
            value={draft.role}
            onChange={(e) => setDraft({ ...draft, role: e.currentTarget.value as Role })}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`mod.role.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" class="primary">
          {t('mod.addUser')}
        </button>
      </form>
    </section>
  );
}
