import { useEffect, useState } from 'preact/hooks';
import { api } from '../lib/api.ts';
import { describeFailure } from '../lib/failures.ts';
import { formatDateTime } from '../lib/format.ts';
import { t } from '../lib/i18n.ts';
import type { LogEntry } from '../lib/types.ts';
import { Notice } from '../lib/ui.tsx';

export function AuditLog() {
  const [entries, setEntries] = useState<LogEntry[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    void api<{ entries: LogEntry[] }>('/api/mod/log').then((res) =>
      res.ok ? setEntries(res.data.entries) : setError(describeFailure(res)),
    );
  }, []);
  if (error) return <Notice kind="error">{error}</Notice>;
  if (!entries) return <p class="muted">{t('common.loading')}</p>;
  return (
    <table class="log">
      <caption>{t('mod.tab.log')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('mod.log.when')}</th>
          <th scope="col">{t('mod.log.who')}</th>
          <th scope="col">{t('mod.log.what')}</th>
          <th scope="col">{t('mod.log.spot')}</th>
          <th scope="col">{t('mod.log.detail')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e, i) => (
          <tr key={i}>
            <td>{formatDateTime(e.at)}</td>
            <td>{e.actor ?? '—'}</td>
            <td>{e.action}</td>
            <td>{e.spot_id ?? ''}</td>
            <td>
              <code>{e.detail == null ? '' : JSON.stringify(e.detail)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
