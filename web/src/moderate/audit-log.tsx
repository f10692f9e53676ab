import { useEffect, useState } from 'preact/hooks';
import { networkName } from '../../../common/domain.ts';
import { answer, client } from '../lib/api.ts';
import { describeFailure } from '../lib/failures.ts';
import { formatDateTime } from '../lib/format.ts';
import { hasString, t, tn } from '../lib/i18n.ts';
import type { LogEntry } from '../lib/types.ts';
import { Notice } from '../lib/ui.tsx';

const named = (key: string, raw: string) => (hasString(key) ? t(key) : raw);

/** A field name of a report as the form labels it. */
const fieldLabel = (f: string) =>
  named(
    f === 'time_of_day'
      ? 'report.timeOfDay'
      : f === 'incident_date'
        ? 'report.incidentDate'
        : f === 'source_url'
          ? 'report.source'
          : `report.${f}`,
    f,
  );

/** What a log entry's detail says, in words: never raw codes or JSON. */
function describeDetail(action: string, detail: Record<string, unknown> | null | undefined): string {
  if (!detail) return '';
  const d = detail;
  const parts: string[] = [];
  const num = (v: unknown) => Number(v ?? 0);
  const text = (v: unknown) => String(v ?? '');
  if (d.title !== undefined) parts.push(t('mod.log.d.title', { title: text(d.title) }));
  if (d.username !== undefined) parts.push(t('mod.log.d.account', { name: text(d.username) }));
  if (d.role !== undefined && d.role !== null)
    parts.push(t('mod.log.d.role', { role: named(`mod.role.${text(d.role)}`, text(d.role)) }));
  if (d.password === 'changed') parts.push(t('mod.log.d.password'));
  if (d.twoFactor === 'reset') parts.push(t('mod.log.d.twoFactorReset'));
  if (d.network !== undefined) parts.push(networkName(text(d.network)));
  // A network's votes voided over a period carry `from` and `to` as times; elsewhere `from` is the
  // spot's publication before the decision.
  if (d.to !== undefined)
    parts.push(t('mod.log.d.period', { from: formatDateTime(text(d.from)), to: formatDateTime(text(d.to)) }));
  else if (d.from !== undefined)
    parts.push(t('mod.log.d.from', { state: named(`mod.publication.${text(d.from)}`, text(d.from)) }));
  if (action.startsWith('void') && (d.up !== undefined || d.down !== undefined))
    parts.push(t('mod.log.d.votes', { up: num(d.up), down: num(d.down) }));
  if (action === 'redact-stored')
    parts.push(
      t('mod.log.d.redacted', { spots: num(d.spots), notes: num(d.flagNotes), version: num(d.version) }),
    );
  if (action === 'revert-burst')
    parts.push(t('mod.log.d.reverted', { votes: num(d.votes), flags: num(d.flags) }));
  else if (d.flags !== undefined) parts.push(tn('mod.log.d.flags', num(d.flags)));
  if (d.flagsClosed !== undefined && num(d.flagsClosed) > 0)
    parts.push(tn('mod.log.d.flagsClosed', num(d.flagsClosed)));
  if (Array.isArray(d.fields))
    parts.push(t('mod.log.d.fields', { fields: d.fields.map((f) => fieldLabel(String(f))).join(', ') }));
  if (d.shownAgain) parts.push(t('mod.log.d.shownAgain'));
  if (d.restored) parts.push(t('mod.log.d.restored'));
  if (d.requireApproval !== undefined)
    parts.push(t(d.requireApproval ? 'mod.log.d.approvalOn' : 'mod.log.d.approvalOff'));
  if (d.autoHideFlagThreshold !== undefined)
    parts.push(
      num(d.autoHideFlagThreshold) > 0
        ? tn('mod.log.d.autoHide', num(d.autoHideFlagThreshold))
        : t('mod.log.d.autoHideOff'),
    );
  if (d.autoHideBudgetPerHour !== undefined)
    parts.push(t('mod.log.d.hideBudget', { n: num(d.autoHideBudgetPerHour) }));
  if (d.disputeBudgetPerHour !== undefined)
    parts.push(t('mod.log.d.disputeBudget', { n: num(d.disputeBudgetPerHour) }));
  return parts.join(' · ');
}

export function AuditLog() {
  const [entries, setEntries] = useState<LogEntry[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    void answer(client.GET('/api/mod/log')).then((res) =>
      res.ok ? setEntries(res.data.entries) : setError(describeFailure(res)),
    );
  }, []);
  if (error) return <Notice kind="error">{error}</Notice>;
  if (!entries) return <p class="muted">{t('common.loading')}</p>;
  // One card per entry, what was done first: a phone reads it down the screen, with no table to
  // scroll sideways.
  return (
    <section aria-labelledby="log-heading">
      <h2 id="log-heading">{t('mod.tab.log')}</h2>
      <ol class="log">
        {entries.map((e, i) => {
          const detail = describeDetail(e.action, e.detail as Record<string, unknown> | null);
          return (
            <li key={i} class="log-entry">
              <p class="log-what">
                <strong>{named(`mod.log.action.${e.action}`, e.action)}</strong>
                {e.spot_id !== null && ` · ${t('mod.log.spot')} #${e.spot_id}`}
              </p>
              <p class="muted">
                <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {e.actor ?? '—'}
              </p>
              {detail && <p>{detail}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
