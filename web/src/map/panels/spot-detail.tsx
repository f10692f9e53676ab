import { useEffect, useState } from 'preact/hooks';
import { lastWordOn } from '../../../../common/confidence.ts';
import {
  FLAG_REASONS,
  type FlagReason,
  STATUS_MARGIN,
  statusFor,
  TEXT_LIMITS,
} from '../../../../common/domain.ts';
import { answer, client } from '../../lib/api.ts';
import { describeFailure } from '../../lib/failures.ts';
import {
  confidenceWords,
  formatAgo,
  formatDate,
  formatDistance,
  formatMonth,
  safeHttpUrl,
} from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import type { Me, Spot } from '../../lib/types.ts';
import { Field, Notice, SeverityBadge, StatusBadge, useBusy } from '../../lib/ui.tsx';
import { sendVote } from '../../lib/vote.ts';
import { useNearby } from '../hooks/use-nearby.ts';
import { ShareButtons } from './share.tsx';

interface Props {
  spot: Spot;
  me: Me;
  onSpotChanged(spot: Spot): void;
  onVoted(id: number, value: 1 | -1): void;
  onFlagged(id: number, hidden: boolean): void;
}

type Message = { kind: 'ok' | 'error' | 'info'; text: string } | undefined;

/** Why the spot has its status, in the votes' words: "3 said still dangerous and 1 not anymore. …" */
function statusWhy({ confirmations: yes, denials: no }: Spot): string {
  const status = statusFor(yes, no);
  return t(`status.why.${status}`, { yes, no, n: STATUS_MARGIN - (yes - no) });
}

/**
 * When it was reported: a seeded spot from the news says so, with its incident's month where known
 * and its source's site, instead of the day it was loaded here.
 */
function reportedWhen(spot: Spot, source: string | undefined): string {
  if (!spot.seeded || !source) return formatAgo(spot.created_at);
  const site = new URL(source).hostname;
  return spot.incident_date
    ? t('detail.inTheNewsIn', { month: formatMonth(spot.incident_date), source: site })
    : t('detail.inTheNews', { source: site });
}

export function SpotDetail({ spot, me, onSpotChanged, onVoted, onFlagged }: Props) {
  const [message, setMessage] = useState<Message>();
  const { busy, run } = useBusy();
  const [flagOpen, setFlagOpen] = useState(false);
  const [flagResult, setFlagResult] = useState<string>();
  const myVote = me.votes[String(spot.id)];
  const flagged = me.flags?.includes(spot.id) ?? false;
  const source = safeHttpUrl(spot.source_url);

  useEffect(() => {
    setMessage(undefined);
    setFlagOpen(false);
    setFlagResult(undefined);
  }, [spot.id]);

  async function vote(value: 1 | -1) {
    const outcome = await run(() => sendVote(spot.id, value));
    if (!outcome) return;
    if (outcome.kind === 'ok') onSpotChanged(outcome.spot);
    if (outcome.kind !== 'error') onVoted(spot.id, value);
    setMessage({ kind: outcome.kind, text: outcome.text });
  }

  return (
    <article class="spot-detail" aria-labelledby="spot-title">
      <h3 id="spot-title">{spot.title}</h3>
      <p class="badges">
        <SeverityBadge severity={spot.severity} />
        <StatusBadge status={spot.status} verified={spot.moderator_verified} />
      </p>
      <p class="muted status-why">{statusWhy(spot)}</p>
      {spot.archived && (
        <p class="notice warn archived-note" role="note">
          {t('detail.archived', { date: formatDate(lastWordOn(spot)) })}
        </p>
      )}
      <fieldset class="vote">
        <legend>{t('detail.isItStillDangerous')}</legend>
        <div class="vote-buttons">
          <button
            type="button"
            class="vote yes"
            aria-pressed={myVote === 1}
            disabled={busy}
            onClick={() => vote(1)}
          >
            {t('detail.stillDangerous')}
          </button>
          <button
            type="button"
            class="vote no"
            aria-pressed={myVote === -1}
            disabled={busy}
            onClick={() => vote(-1)}
          >
            {t('detail.notAnymore')}
          </button>
        </div>
      </fieldset>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {spot.description && <p class="description">{spot.description}</p>}
      <dl class="facts">
        {spot.area && (
          <>
            <dt>{t('report.area')}</dt>
            <dd>{spot.area}</dd>
          </>
        )}
        <dt>{t('report.category')}</dt>
        <dd>{t(`category.${spot.category}`)}</dd>
        <dt>{t('report.severity')}</dt>
        <dd>{t(`severity.${spot.severity}` as 'severity.1')}</dd>
        <dt>{t('report.timeOfDay')}</dt>
        <dd>{t(`time.${spot.time_of_day}`)}</dd>
        {spot.incident_date && (
          <>
            <dt>{t('report.incidentDate')}</dt>
            <dd>{formatDate(spot.incident_date)}</dd>
          </>
        )}
        <dt>{t('detail.confidence')}</dt>
        <dd class="confidence">{confidenceWords(spot)}</dd>
        <dt>{t('detail.votes')}</dt>
        <dd>{t('detail.voteCounts', { yes: spot.confirmations, no: spot.denials })}</dd>
        <dt>{t('detail.lastConfirmed')}</dt>
        <dd>{spot.last_confirmed_at ? formatAgo(spot.last_confirmed_at) : t('detail.never')}</dd>
        <dt>{t('detail.reported')}</dt>
        <dd>{reportedWhen(spot, source)}</dd>
        {source && (
          <>
            <dt>{t('report.source')}</dt>
            <dd>
              <a href={source} target="_blank" rel="noopener noreferrer" class="source-link">
                {new URL(source).hostname}
              </a>
            </dd>
          </>
        )}
      </dl>
      <ShareButtons spot={spot} />
      {flagResult ? (
        <Notice kind="ok">{flagResult}</Notice>
      ) : flagged ? (
        <p class="muted">{t('flag.alreadyFlagged')}</p>
      ) : flagOpen ? (
        <FlagForm
          spot={spot}
          onDone={(result, hidden) => {
            setFlagResult(result);
            onFlagged(spot.id, hidden);
          }}
        />
      ) : (
        <button type="button" class="link-button" onClick={() => setFlagOpen(true)}>
          {t('flag.open')}
        </button>
      )}
    </article>
  );
}

function FlagForm({ spot, onDone }: { spot: Spot; onDone(result: string, hidden: boolean): void }) {
  const spotId = spot.id;
  const [reason, setReason] = useState<FlagReason>('inaccurate');
  const [note, setNote] = useState('');
  /** For a duplicate: which of the spots right there it repeats (asked only once that reason is chosen). */
  const [sameAs, setSameAs] = useState('');
  const nearby = useNearby(reason === 'duplicate' ? spot : undefined);
  const others = nearby?.spots.filter((s) => s.id !== spotId) ?? [];
  const { busy, message: error, setMessage: setError, run } = useBusy();

  async function submit(e: Event) {
    e.preventDefault();
    const res = await run(() =>
      answer(
        client.POST('/api/spots/{id}/flag', {
          params: { path: { id: String(spotId) } },
          body: {
            reason,
            note,
            ...(reason === 'duplicate' && sameAs && { duplicate_of: Number(sameAs) }),
          },
        }),
      ),
    );
    if (!res) return;
    if (res.ok || res.status === 409) {
      const hidden = res.ok && res.data.result === 'hidden';
      onDone(res.ok ? t(hidden ? 'flag.hidden' : 'flag.thanks') : t('flag.alreadyFlagged'), hidden);
    } else setError(describeFailure(res));
  }

  return (
    <form class="flag-form" onSubmit={submit}>
      <Field id="flag-reason" label={t('flag.reason')}>
        <select
          id="flag-reason"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value as FlagReason)}
        >
          {FLAG_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`flag.reason.${r}`)}
            </option>
          ))}
        </select>
      </Field>
      {others.length > 0 && (
        <Field id="flag-same-as" label={t('flag.sameAs')}>
          <select id="flag-same-as" value={sameAs} onChange={(e) => setSameAs(e.currentTarget.value)}>
            <option value="">{t('flag.sameAsUnsure')}</option>
            {others.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.title} · {formatDistance(s.distance_m)}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field
        id="flag-note"
        label={t('flag.note')}
        hint={t('form.charsLeft', { n: TEXT_LIMITS.flagNote - note.length })}
      >
        <textarea
          id="flag-note"
          rows={3}
          maxLength={TEXT_LIMITS.flagNote}
          value={note}
          onInput={(e) => setNote(e.currentTarget.value)}
        />
      </Field>
      {error && <Notice kind="error">{error}</Notice>}
      <button type="submit" class="danger" disabled={busy}>
        {t('flag.send')}
      </button>
    </form>
  );
}
