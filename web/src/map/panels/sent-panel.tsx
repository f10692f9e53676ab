import { useEffect, useState } from 'preact/hooks';
import { answer, client } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import type { Spot } from '../../lib/types.ts';
import { StatusBadge } from '../../lib/ui.tsx';
import { forgetSent, type SentReport, sentReports } from '../report/sent-reports.ts';

/** What became of a sent report, as the public API tells it now. */
type Now = { spot: Spot } | 'notShown' | 'unknown';

/** What the server says of each report now: one read each, when the panel opens. */
function useNow(sent: SentReport[]): Map<number, Now> {
  const [now, setNow] = useState(new Map<number, Now>());
  useEffect(() => {
    for (const { id } of sent) {
      void answer(client.GET('/api/spots/{id}', { params: { path: { id: String(id) } } })).then((res) => {
        // A held report, one a moderator refused and one taken down all answer 404: not public.
        const state: Now = res.ok ? { spot: res.data.spot } : res.status === 404 ? 'notShown' : 'unknown';
        setNow((m) => new Map(m).set(id, state));
      });
    }
  }, [sent]);
  return now;
}

/** What became of one report, in words. */
function Outcome({ report, state }: { report: SentReport; state: Now | undefined }) {
  if (!state) return <>{t('common.loading')}</>;
  if (state === 'unknown') return <>{t('sent.unknown')}</>;
  if (state === 'notShown') return <>{t(report.held ? 'sent.held' : 'sent.gone')}</>;
  // Archived (aged out): its sheet says so, and the map no longer shows it.
  if (state.spot.archived) return <>{t('sent.gone')}</>;
  return (
    <>
      <StatusBadge status={state.spot.status} verified={state.spot.moderator_verified} /> {t('sent.onMap')}
    </>
  );
}

/**
 * "Your reports": the reports sent from this phone (kept on the phone only) and what became of each,
 * so a report held for a moderator is not lost from sight.
 */
export function SentPanel({ onShow }: { onShow(id: number): void }) {
  const [sent, setSent] = useState(sentReports);
  const now = useNow(sent);
  if (!sent.length) return <p class="muted">{t('sent.none')}</p>;
  return (
    <div class="sent">
      <p class="muted">{t('sent.explain')}</p>
      <ul class="sent-list">
        {sent.map((report) => {
          const state = now.get(report.id);
          return (
            <li key={report.id}>
              {state && typeof state === 'object' ? (
                <button type="button" class="link-button" onClick={() => onShow(report.id)}>
                  {state.spot.title}
                </button>
              ) : (
                <strong>{report.title}</strong>
              )}
              <span class="muted"> · {t('sent.when', { when: formatDate(report.sent_at) })}</span>
              <p>
                <Outcome report={report} state={state} />
              </p>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={() => {
          forgetSent();
          setSent([]);
        }}
      >
        {t('sent.forget')}
      </button>
    </div>
  );
}
