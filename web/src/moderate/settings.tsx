import { useEffect, useState } from 'preact/hooks';
import { answer, client } from '../lib/api.ts';
import { describeFailure } from '../lib/failures.ts';
import { type StringKey, t } from '../lib/i18n.ts';
import type { Settings } from '../lib/types.ts';
import { Field, Notice } from '../lib/ui.tsx';

type Message = { kind: 'ok' | 'error'; text: string } | undefined;

/** The settings that are a number: each with its field's id, range and words, shown in this order. */
type NumberSetting = { [K in keyof Settings]: Settings[K] extends number ? K : never }[keyof Settings];
interface NumberField {
  name: NumberSetting;
  id: string;
  min: number;
  max: number;
  label: StringKey;
  hint?: StringKey;
}
const NUMBERS: NumberField[] = [
  {
    name: 'autoHideFlagThreshold',
    id: 'auto-hide',
    min: 0,
    max: 50,
    label: 'mod.autoHide',
    hint: 'mod.autoHideHint',
  },
  {
    name: 'autoHideBudgetPerHour',
    id: 'hide-budget',
    min: 0,
    max: 1000,
    label: 'mod.hideBudget',
    hint: 'mod.hideBudgetHint',
  },
  {
    name: 'disputeBudgetPerHour',
    id: 'dispute-budget',
    min: 0,
    max: 1000,
    label: 'mod.disputeBudget',
    hint: 'mod.disputeBudgetHint',
  },
  // Earned trust (docs/moderators.md, "Earned trust").
  {
    name: 'reportBudgetPerHour',
    id: 'report-budget',
    min: 0,
    max: 100_000,
    label: 'mod.reportBudget',
    hint: 'mod.reportBudgetHint',
  },
  {
    name: 'reportBudgetPerNetworkPerHour',
    id: 'report-budget-network',
    min: 0,
    max: 100_000,
    label: 'mod.reportBudgetNetwork',
    hint: 'mod.reportBudgetNetworkHint',
  },
  {
    name: 'reportBudgetPerPlacePerHour',
    id: 'report-budget-place',
    min: 0,
    max: 100_000,
    label: 'mod.reportBudgetPlace',
    hint: 'mod.reportBudgetPlaceHint',
  },
  {
    name: 'standingDays',
    id: 'standing-days',
    min: 1,
    max: 365,
    label: 'mod.standingDays',
    hint: 'mod.standingDaysHint',
  },
  {
    name: 'standingActiveDays',
    id: 'standing-active-days',
    min: 1,
    max: 365,
    label: 'mod.standingActiveDays',
  },
  {
    name: 'halfLifeDaysSevere',
    id: 'half-life-severe',
    min: 1,
    max: 3650,
    label: 'mod.halfLifeSevere',
    hint: 'mod.halfLifeHint',
  },
  {
    name: 'halfLifeDays',
    id: 'half-life',
    min: 1,
    max: 3650,
    label: 'mod.halfLife',
  },
  {
    name: 'alertBudgetPerHour',
    id: 'alert-budget',
    min: 0,
    max: 100_000,
    label: 'mod.alertBudget',
    hint: 'mod.alertBudgetHint',
  },
  {
    name: 'alertMinConfidence',
    id: 'alert-min-confidence',
    min: 0,
    max: 10,
    label: 'mod.alertMinConfidence',
    hint: 'mod.alertMinConfidenceHint',
  },
  {
    name: 'archiveMonthsSevere',
    id: 'archive-months-severe',
    min: 1,
    max: 120,
    label: 'mod.archiveMonthsSevere',
    hint: 'mod.archiveHint',
  },
  {
    name: 'archiveMonths',
    id: 'archive-months',
    min: 1,
    max: 120,
    label: 'mod.archiveMonths',
  },
  {
    name: 'heldAlertMinutes',
    id: 'held-alert-minutes',
    min: 1,
    max: 1440,
    label: 'mod.heldAlertMinutes',
    hint: 'mod.heldAlertMinutesHint',
  },
  {
    name: 'escalateMinutes',
    id: 'escalate-minutes',
    min: 1,
    max: 1440,
    label: 'mod.escalateMinutes',
    hint: 'mod.escalateMinutesHint',
  },
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
      {NUMBERS.map(({ name, id, min, max, label, hint }) => (
        <Field key={name} id={id} label={t(label)} hint={hint && t(hint)}>
          <input
            id={id}
            type="number"
            min={min}
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
