import { useEffect, useState } from 'preact/hooks';
import { answer, client } from '../lib/api.ts';
import { describeFailure } from '../lib/failures.ts';
import { type StringKey, t } from '../lib/i18n.ts';
import type { Settings } from '../lib/types.ts';
import { Field, Notice } from '../lib/ui.tsx';

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
