import { useEffect, useRef, useState } from 'preact/hooks';
import type { ReportInput } from '../../../../common/report.ts';
import { answer, client } from '../../lib/api.ts';
import { describeFailure } from '../../lib/failures.ts';
import { t } from '../../lib/i18n.ts';
import type { Spot } from '../../lib/types.ts';
import { clearDraft, loadDraft, type ReportDraft, readyReport, saveDraft } from './report-draft.ts';
import { noteSent } from './sent-reports.ts';

/**
 * The report being written, kept on the phone with every change (report-draft.ts); `discard` starts
 * a new one, and `onDiscard` is told (the map takes its pin away).
 */
export function useDraft(onDiscard: () => void) {
  const [draft, setDraft] = useState<ReportDraft>(loadDraft);
  return {
    draft,
    update: (change: Partial<ReportDraft>) =>
      setDraft((d) => {
        const next = { ...d, ...change };
        saveDraft(next);
        return next;
      }),
    discard: () => {
      clearDraft();
      setDraft(loadDraft());
      onDiscard();
    },
  };
}

/** Sends a report the page's check found ready (report-draft.ts); one taken is noted as sent. */
export async function sendReport(body: ReportInput) {
  const res = await answer(client.POST('/api/spots', { body }));
  if (res.ok) noteSent(res.data.spot, res.data.pending);
  return res;
}

/** How long to wait before trying again when a kept report found the phone offline. */
const OFFLINE_RETRY_MS = 60_000;

interface Waiting {
  /** The kept report went out: published, or held for a moderator. */
  onSent(spot: Spot, pending: boolean): void;
  /** It was refused for a while again, or found no connection: it waits until `sendAt`. */
  onWaitAgain(sendAt: number): void;
  /** It was refused for good (the rules, the server): it stays a draft, with what to tell the user. */
  onFailed(message: string): void;
}

/**
 * A report the user kept to be sent once a rate limit's wait is over (`draft.send_at`) is sent by the
 * page itself when that time comes, while the page is open (at once after a reload past it). The
 * draft stays on the phone until the server takes it.
 */
export function useWaitingReport(draft: ReportDraft, on: Waiting): void {
  const latest = useRef({ draft, on });
  latest.current = { draft, on };
  const sendAt = draft.send_at;
  useEffect(() => {
    if (sendAt === undefined) return;
    const timer = setTimeout(
      async () => {
        const { draft: now, on: to } = latest.current;
        const ready = await readyReport(now);
        if (now.send_at !== sendAt) return;
        if (ready === 'offline') return to.onWaitAgain(Date.now() + OFFLINE_RETRY_MS);
        if (!ready) return to.onFailed(t('report.waitingFix'));
        const res = await sendReport(ready);
        if (res.ok) return to.onSent(res.data.spot, res.data.pending);
        if (res.status === 429) return to.onWaitAgain(Date.now() + (res.retryAfter ?? 60) * 1000);
        if (res.offline || res.status === 503) return to.onWaitAgain(Date.now() + OFFLINE_RETRY_MS);
        to.onFailed(describeFailure(res));
      },
      Math.max(0, sendAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [sendAt]);
}
