import { useState } from 'preact/hooks';
import { answer, client } from '../lib/api.ts';
import { describeFailure } from '../lib/failures.ts';
import { formatDateTime, formatDuration } from '../lib/format.ts';
import { t } from '../lib/i18n.ts';
import type { Alarms, Burst, HeldReports } from '../lib/types.ts';
import { Notice, useBusy } from '../lib/ui.tsx';

/** A date-time input's value (local time, to the minute) and back. */
const toInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromInput = (value: string) => new Date(value).toISOString();

/** How many alarms wait for a moderator: the bursts, and the held reports as one. */
export const alarmsWaiting = (alarms?: Alarms) =>
  (alarms?.bursts.length ?? 0) + (alarms?.held_reports ? 1 : 0);

/**
 * The site budgets of the hour, the reports the newcomer budgets hold (one action approves or rejects
 * them whole), and the bursts across networks that wait for a moderator: each burst's window,
 * networks and spots, and one action that reverts it (or keeps it).
 */
export function AlarmsPanel({ alarms, onChanged }: { alarms?: Alarms; onChanged(): void }) {
  // What the last action did: said here, since its burst leaves the list when it is done.
  const [done, setDone] = useState<string>();
  if (!alarms) return <p class="muted">{t('common.loading')}</p>;
  const { hides, disputes, reports, alerts } = alarms.budgets;
  const finished = (text: string) => {
    setDone(text);
    onChanged();
  };
  return (
    <section class="alarms" aria-labelledby="alarms-heading">
      <h2 id="alarms-heading">{t('mod.tab.alarms')}</h2>
      <ul class="budgets">
        <li class={hides.used >= hides.per_hour ? 'spent' : undefined}>
          {t('mod.alarm.hides', { used: hides.used, budget: hides.per_hour })}
        </li>
        <li class={disputes.used >= disputes.per_hour ? 'spent' : undefined}>
          {t('mod.alarm.disputes', { used: disputes.used, budget: disputes.per_hour })}
        </li>
        <li class={reports.per_hour > 0 && reports.used >= reports.per_hour ? 'spent' : undefined}>
          {t('mod.alarm.reports', { used: reports.used, budget: reports.per_hour })}
        </li>
        <li class={alerts.used >= alerts.per_hour ? 'spent' : undefined}>
          {t('mod.alarm.alerts', { used: alerts.used, budget: alerts.per_hour })}
        </li>
      </ul>
      <DecisionTimes decisions={alarms.decisions} />
      {done && <Notice kind="ok">{done}</Notice>}
      {alarms.held_reports && <HeldCard held={alarms.held_reports} onDone={finished} />}
      {alarms.bursts.length === 0 && <p class="muted">{t('mod.alarm.none')}</p>}
      <ul class="bursts">
        {alarms.bursts.map((b) => (
          <li key={b.from}>
            <BurstCard burst={b} onDone={finished} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How soon moderators decide (median, 90th percentile): whether they keep up. */
function DecisionTimes({ decisions }: { decisions: Alarms['decisions'] }) {
  const line = (times: Alarms['decisions']['alarms'], key: 'held' | 'alarms') =>
    times.median_seconds === null || times.p90_seconds === null
      ? t(`mod.decisions.${key}None`)
      : t(`mod.decisions.${key}`, {
          median: formatDuration(times.median_seconds),
          p90: formatDuration(times.p90_seconds),
          n: times.decided,
        });
  return (
    <section class="decision-times" aria-labelledby="decisions-heading">
      <h3 id="decisions-heading">{t('mod.decisions.heading', { days: decisions.days })}</h3>
      <p>{line(decisions.held_reports, 'held')}</p>
      <p>{line(decisions.alarms, 'alarms')}</p>
    </section>
  );
}

/** The reports the newcomer budgets hold: why, from where, and one decision for them all. */
function HeldCard({ held, onDone }: { held: HeldReports; onDone(text: string): void }) {
  const { busy, message: error, setMessage: setError, run } = useBusy();
  async function decide(action: 'approve' | 'reject') {
    if (action === 'reject' && !confirm(t('mod.held.confirmReject'))) return;
    const period = { body: { from: held.from, to: held.to } };
    const res = await run(() =>
      answer(
        action === 'approve'
          ? client.POST('/api/mod/held-reports/approve', period)
          : client.POST('/api/mod/held-reports/reject', period),
      ),
    );
    if (!res) return;
    if (!res.ok) return setError(describeFailure(res));
    onDone(t(action === 'approve' ? 'mod.held.approved' : 'mod.held.rejected', { n: res.data.spots }));
  }
  return (
    <article class="burst-card held-card" aria-labelledby="held-heading">
      <h3 id="held-heading">{t('mod.held.title', { n: held.reports })}</h3>
      <p>{t('mod.held.window', { from: formatDateTime(held.from), to: formatDateTime(held.to) })}</p>
      <p>{t('mod.held.why', held.by)}</p>
      <details open>
        <summary>{t('mod.held.networks', { n: held.networks.length })}</summary>
        <ul class="burst-spots">
          {held.networks.map((n) => (
            <li key={n.label}>
              {n.label}: {t('mod.held.reportsCount', { n: n.reports })}
            </li>
          ))}
        </ul>
      </details>
      <details open>
        <summary>{t('mod.held.places', { n: held.places.length })}</summary>
        <ul class="burst-spots">
          {held.places.map((p) => (
            <li key={`${p.lat},${p.lng}`}>
              {p.area ? `${p.area} ` : ''}({p.lat.toFixed(4)}, {p.lng.toFixed(4)}):{' '}
              {t('mod.held.reportsCount', { n: p.reports })}
            </li>
          ))}
        </ul>
      </details>
      {error && <Notice kind="error">{error}</Notice>}
      <p class="actions">
        <button type="button" class="primary" disabled={busy} onClick={() => void decide('approve')}>
          {t('mod.held.approve')}
        </button>
        <button type="button" disabled={busy} onClick={() => void decide('reject')}>
          {t('mod.held.reject')}
        </button>
      </p>
    </article>
  );
}

function BurstCard({ burst, onDone }: { burst: Burst; onDone(text: string): void }) {
  const [from, setFrom] = useState(toInput(burst.from));
  const [to, setTo] = useState(toInput(burst.to));
  const [left, setLeft] = useState<Set<string>>(new Set());
  const { busy, message: error, setMessage: setError, run } = useBusy();
  const id = `burst-${Date.parse(burst.from)}`;
  const chosen = burst.networks.filter((n) => !left.has(n.key)).map((n) => n.key);

  async function send(action: 'revert' | 'keep') {
    if (action === 'revert' && !confirm(t('mod.alarm.confirmRevert'))) return;
    const period = { from: fromInput(from), to: fromInput(to) };
    if (action === 'keep') {
      const kept = await run(() => answer(client.POST('/api/mod/bursts/keep', { body: period })));
      if (!kept) return;
      return kept.ok ? onDone(t('mod.alarm.kept')) : setError(describeFailure(kept));
    }
    const body = left.size ? { ...period, networks: chosen } : period;
    const res = await run(() => answer(client.POST('/api/mod/bursts/revert', { body })));
    if (!res) return;
    if (!res.ok) return setError(describeFailure(res));
    onDone(t('mod.alarm.reverted', { ...res.data }));
  }

  const toggle = (key: string) =>
    setLeft((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <article class="burst-card" aria-labelledby={id}>
      <h3 id={id}>
        {t('mod.alarm.window', { from: formatDateTime(burst.from), to: formatDateTime(burst.to) })}
      </h3>
      <p>
        {t('mod.alarm.figures', {
          denials: burst.denials,
          flags: burst.flags,
          hidden: burst.hidden,
          disputed: burst.disputed,
        })}
        {burst.refused > 0 && <> · {t('mod.alarm.refused', { n: burst.refused })}</>}
        {burst.held > 0 && <> · {t('mod.alarm.held', { n: burst.held })}</>}
        {burst.budget_spent && (
          <>
            {' '}
            <span class="badge burst">{t('mod.alarm.budgetSpent')}</span>
          </>
        )}
      </p>
      <fieldset class="burst-networks">
        <legend>{t('mod.alarm.networks', { n: burst.networks.length })}</legend>
        {burst.networks.map((n) => (
          <label key={n.key} class="check">
            <input type="checkbox" checked={!left.has(n.key)} onChange={() => toggle(n.key)} />
            {n.label}: {t('mod.alarm.networkActs', { denials: n.denials, flags: n.flags })}
            {n.refused_spots > 0 && <> · {t('mod.alarm.networkRefused', { n: n.refused_spots })}</>}
          </label>
        ))}
      </fieldset>
      <details open>
        <summary>{t('mod.alarm.spots', { n: burst.spots.length })}</summary>
        <ul class="burst-spots">
          {burst.spots.map((s) => (
            <li key={s.id}>
              #{s.id} {s.title} · {t(`mod.publication.${s.publication}`)}
              {s.auto_hidden && <> · {t('mod.autoHidden')}</>} · {t(`status.${s.status}`)} ·{' '}
              {t('mod.alarm.spotActs', { denials: s.denials, flags: s.flags, refused: s.refused })}
            </li>
          ))}
        </ul>
      </details>
      <div class="burst-window">
        <label>
          {t('mod.alarm.from')}{' '}
          <input type="datetime-local" value={from} onInput={(e) => setFrom(e.currentTarget.value)} />
        </label>
        <label>
          {t('mod.alarm.to')}{' '}
          <input type="datetime-local" value={to} onInput={(e) => setTo(e.currentTarget.value)} />
        </label>
      </div>
      {error && <Notice kind="error">{error}</Notice>}
      <p class="actions">
        <button
          type="button"
          class="primary"
          disabled={busy || chosen.length === 0}
          onClick={() => void send('revert')}
        >
          {t('mod.alarm.revert')}
        </button>
        <button type="button" disabled={busy} onClick={() => void send('keep')}>
          {t('mod.alarm.keep')}
        </button>
      </p>
    </article>
  );
}
