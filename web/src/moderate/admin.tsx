import { useEffect, useState } from 'preact/hooks';
import { ROLES, type Role } from '../../../common/domain.ts';
import { answer, client, type Fetched } from '../lib/api.ts';
import type { paths } from '../lib/api-types.ts';
import { describeFailure } from '../lib/failures.ts';
import { t } from '../lib/i18n.ts';
import type { User } from '../lib/types.ts';
import { Field, Notice } from '../lib/ui.tsx';

/** What a change to a moderator's account sends. */
type UserChange = paths['/api/mod/users/{username}']['patch']['requestBody']['content']['application/json'];

type Message = { kind: 'ok' | 'error'; text: string } | undefined;

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
