import { useEffect, useRef, useState } from 'preact/hooks';
import { MOD_STATES, type ModAction, type ModState, QUEUE_COUNT_CAP } from '../../../common/domain.ts';
import { answer, client } from '../lib/api.ts';
import { describeFailure } from '../lib/failures.ts';
import { formatDateTime, safeHttpUrl } from '../lib/format.ts';
import { t } from '../lib/i18n.ts';
import type { ModQueue, ModSpot } from '../lib/types.ts';
import { Notice, SeverityBadge, StatusBadge, useBusy } from '../lib/ui.tsx';
import { EditSpot } from './edit-spot.tsx';
import { Networks } from './networks.tsx';
import { SpotMiniMap } from './spot-mini-map.tsx';

/** The queue by state; `revision` changes when the live stream says spots changed (asked again quietly). */
export function Queue({ revision, onSignedOut }: { revision: number; onSignedOut(): void }) {
  const [state, setState] = useState<ModState>('pending');
  /** Only the spots in the moderator's areas (docs/moderators.md, "On call"). */
  const [mine, setMine] = useState(false);
  const [spots, setSpots] = useState<ModSpot[]>();
  const [counts, setCounts] = useState<ModQueue['counts']>();
  const [error, setError] = useState<string>();

  // Each tab's list replaces the last; an answer for a tab left meanwhile is dropped, never shown
  // under the new one. When spots changed (the live stream), the tab is asked again and what it holds
  // now is laid over the list on screen (see `refreshed`).
  const shownState = useRef(`${state} ${mine}`);
  useEffect(() => {
    const controller = new AbortController();
    const sameTab = shownState.current === `${state} ${mine}`;
    if (!sameTab) setSpots(undefined);
    shownState.current = `${state} ${mine}`;
    setError(undefined);
    void answer(
      client.GET('/api/mod/spots', {
        params: { query: { state, areas: mine ? 'mine' : 'all' } },
        signal: controller.signal,
      }),
    )
      .then((res) => {
        if (res.status === 401) return onSignedOut();
        if (res.ok) {
          setSpots((shown) => (sameTab ? refreshed(shown, res.data.spots) : res.data.spots));
          setCounts(res.data.counts);
        } else setError(describeFailure(res));
      })
      .catch(() => {
        // aborted: another tab was chosen
      });
    return () => controller.abort();
  }, [state, mine, revision]);

  const replace = (spot: ModSpot) => setSpots((list) => list?.map((s) => (s.id === spot.id ? spot : s)));
  const drop = (id: number) => setSpots((list) => list?.filter((s) => s.id !== id));

  return (
    <section class="queue" aria-labelledby="queue-heading">
      <h2 id="queue-heading" class="visually-hidden">
        {t('mod.tab.queue')}
      </h2>
      <fieldset class="tabs secondary-tabs">
        <legend class="visually-hidden">{t('mod.queue')}</legend>
        {MOD_STATES.map((s) => (
          <button key={s} type="button" aria-pressed={state === s} onClick={() => setState(s)}>
            {t(`mod.state.${s}`)}
            {counts && (
              <span class="count-badge">
                {counts[s] > QUEUE_COUNT_CAP ? `${QUEUE_COUNT_CAP}+` : counts[s]}
              </span>
            )}
          </button>
        ))}
      </fieldset>
      <label class="check">
        <input type="checkbox" checked={mine} onChange={(e) => setMine(e.currentTarget.checked)} />{' '}
        {t('mod.queue.mine')}
      </label>
      {error && <Notice kind="error">{error}</Notice>}
      {!spots && !error && <p class="muted">{t('common.loading')}</p>}
      {spots?.length === 0 && <p class="muted">{t('mod.empty')}</p>}
      <ul class="mod-spots">
        {spots?.map((s) => (
          <li key={s.id}>
            <ModSpotCard spot={s} onChanged={replace} onDeleted={drop} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ModSpotCard({
  spot,
  onChanged,
  onDeleted,
}: {
  spot: ModSpot;
  onChanged(s: ModSpot): void;
  onDeleted(id: number): void;
}) {
  const [editing, setEditing] = useState(false);
  const { busy, message, setMessage, run } = useBusy<{ kind: 'ok' | 'error'; text: string }>();
  const source = safeHttpUrl(spot.source_url);

  async function act(action: ModAction) {
    const res = await run(() =>
      answer(client.POST(`/api/mod/spots/{id}/${action}`, { params: { path: { id: String(spot.id) } } })),
    );
    if (!res) return;
    if (res.ok) {
      onChanged(res.data.spot);
      setMessage({ kind: 'ok', text: t(`mod.done.${action}`) });
    } else setMessage({ kind: 'error', text: describeFailure(res) });
  }

  async function remove() {
    if (!confirm(t('mod.confirmDelete', { title: spot.title }))) return;
    const res = await answer(
      client.DELETE('/api/mod/spots/{id}', { params: { path: { id: String(spot.id) } } }),
    );
    if (res.ok) onDeleted(spot.id);
    else setMessage({ kind: 'error', text: describeFailure(res) });
  }

  return (
    <article
      class={`mod-spot publication-${spot.auto_hidden ? 'hidden' : spot.publication}`}
      aria-labelledby={`mod-spot-${spot.id}`}
    >
      <h3 id={`mod-spot-${spot.id}`}>
        #{spot.id} {spot.title}
      </h3>
      <p class="badges">
        {/* Flags took it off the map: said so, never "Pending" like a new report. */}
        {spot.auto_hidden ? (
          <span class="badge hidden">{t('mod.autoHidden')}</span>
        ) : (
          <span class={`badge publication ${spot.publication}`}>
            {t(`mod.publication.${spot.publication}`)}
          </span>
        )}
        {spot.review_reason && <span class="badge review">{t(`mod.review.${spot.review_reason}`)}</span>}
        {spot.burst && <span class="badge burst">{t('mod.burst')}</span>}
        {spot.restored_until && (
          <span class="badge verified">
            {t('mod.protectedUntil', { date: formatDateTime(spot.restored_until) })}
          </span>
        )}
        <SeverityBadge severity={spot.severity} />
        <StatusBadge status={spot.status} verified={spot.moderator_verified} />
      </p>
      {editing ? (
        <EditSpot
          spot={spot}
          onSaved={(s) => {
            onChanged(s);
            setEditing(false);
            setMessage({ kind: 'ok', text: t('mod.saved') });
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          {spot.description && <p>{spot.description}</p>}
          <p class="muted">
            {[
              spot.area,
              t(`category.${spot.category}`),
              t(`time.${spot.time_of_day}`),
              formatDateTime(spot.created_at),
            ]
              .filter(Boolean)
              .join(' · ')}{' '}
            · {spot.lat.toFixed(5)}, {spot.lng.toFixed(5)} ·{' '}
            {t('detail.voteCounts', { yes: spot.confirmations, no: spot.denials })}
          </p>
          {source && (
            <p>
              {t('report.source')}:{' '}
              <a href={source} target="_blank" rel="noopener noreferrer">
                {source}
              </a>
            </p>
          )}
        </>
      )}
      {spot.flags.length > 0 && (
        <details open={spot.flag_count > 0}>
          <summary>{t('mod.flags', { n: spot.flag_count })}</summary>
          <ul class="flags">
            {spot.flags.map((f, i) => (
              <li key={i}>
                <strong>{t(`flag.reason.${f.reason}`)}</strong> · {formatDateTime(f.created_at)}
                {f.duplicate_of && (
                  <>
                    {' · '}
                    {t('mod.sameAs')}{' '}
                    <a href={`/spots/${f.duplicate_of.id}`} target="_blank" rel="noopener noreferrer">
                      #{f.duplicate_of.id} {f.duplicate_of.title}
                    </a>
                  </>
                )}
                {f.note && <q>{f.note}</q>}
              </li>
            ))}
          </ul>
        </details>
      )}
      <SpotMiniMap spot={spot} />
      <Networks spot={spot} onChanged={onChanged} />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {!editing && (
        <fieldset class="actions">
          <legend class="visually-hidden">{t('mod.actions')}</legend>
          {(spot.publication === 'pending' || spot.publication === 'rejected') && (
            <button type="button" class="primary" disabled={busy} onClick={() => void act('approve')}>
              {t(spot.auto_hidden ? 'mod.showAgain' : 'mod.approve')}
            </button>
          )}
          {spot.publication === 'archived' && (
            <button type="button" class="primary" disabled={busy} onClick={() => void act('restore')}>
              {t('mod.restore')}
            </button>
          )}
          {spot.publication !== 'rejected' && (
            <button type="button" disabled={busy} onClick={() => void act('reject')}>
              {t('mod.reject')}
            </button>
          )}
          <button
            type="button"
            disabled={busy}
            onClick={() => void act(spot.moderator_verified ? 'unverify' : 'verify')}
          >
            {spot.moderator_verified ? t('mod.unverify') : t('mod.verify')}
          </button>
          {spot.publication === 'approved' && (
            <button type="button" disabled={busy} onClick={() => void act('archive')}>
              {t('mod.archive')}
            </button>
          )}
          {spot.flag_count > 0 && (
            <button type="button" disabled={busy} onClick={() => void act('dismiss-flags')}>
              {t('mod.dismissFlags')}
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => setEditing(true)}>
            {t('mod.edit')}
          </button>
          <button type="button" class="danger" disabled={busy} onClick={() => void remove()}>
            {t('mod.delete')}
          </button>
        </fieldset>
      )}
    </article>
  );
}

/**
 * The tab's list on screen brought up to date: new spots first, the others with their fresh facts;
 * one no longer in the tab (decided here or by another moderator) stays, with what was said of it,
 * until the tab is opened again.
 */
function refreshed(shown: ModSpot[] | undefined, fresh: ModSpot[]): ModSpot[] {
  if (!shown) return fresh;
  const now = new Map(fresh.map((s) => [s.id, s]));
  const known = new Set(shown.map((s) => s.id));
  return [...fresh.filter((s) => !known.has(s.id)), ...shown.map((s) => now.get(s.id) ?? s)];
}
