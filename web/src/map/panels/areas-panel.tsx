import { useEffect, useState } from 'preact/hooks';
import { describeFailure } from '../../lib/failures.ts';
import { formatBytes, formatDateTime } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import { Notice } from '../../lib/ui.tsx';
import {
  AREAS_BUDGET_BYTES,
  AreaFailure,
  type AreaPlan,
  type KeptArea,
  keepArea,
  keptAreas,
  keptBytes,
  NoRoomError,
  offlineAreasSupported,
  planArea,
  removeArea,
} from '../hooks/offline-areas.ts';

type Saving = { done: number; total: number };

/**
 * "Keep this area offline": the view's size before anything is downloaded, its progress while it
 * is, and the areas kept on the phone, each with a way to remove it (docs/web.md).
 */
export function AreasPanel(props: {
  /** The map's view when the panel opened. */
  view: { bbox: string; zoom: number } | undefined;
  basemap: boolean;
  online: boolean;
}) {
  const [areas, setAreas] = useState<KeptArea[]>();
  const [plan, setPlan] = useState<AreaPlan>();
  const [saving, setSaving] = useState<Saving>();
  /** Whether an area is being removed (its tiles are deleted one by one first). */
  const [removing, setRemoving] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string }>();
  const supported = offlineAreasSupported();

  useEffect(() => {
    if (!supported) return;
    // A storage that refuses (a quota, a browser error) says so, rather than the list not showing.
    keptAreas().then(setAreas, () => setMessage({ kind: 'error', text: t('areas.listFailed') }));
  }, [supported]);

  useEffect(() => {
    if (!supported || !props.view || !props.online) return;
    let live = true;
    planArea(props.view.bbox, props.view.zoom, props.basemap)
      .then((p) => live && setPlan(p))
      .catch((err) => live && setMessage({ kind: 'error', text: failureText(err) }));
    return () => {
      live = false;
    };
  }, [supported, props.view, props.basemap, props.online]);

  if (!supported) return <Notice kind="info">{t('areas.unsupported')}</Notice>;

  const name = plan?.name ?? t('areas.unnamed');
  const keep = async () => {
    if (!plan) return;
    setMessage(undefined);
    setSaving({ done: 0, total: plan.urls.length });
    try {
      await keepArea(plan, name, (done, total) => setSaving({ done, total }));
      setAreas(await keptAreas());
      setMessage({ kind: 'ok', text: t('areas.kept', { name }) });
    } catch (err) {
      setMessage({ kind: 'error', text: failureText(err) });
    } finally {
      setSaving(undefined);
    }
  };
  const remove = async (area: KeptArea) => {
    setMessage(undefined);
    setRemoving(true);
    try {
      await removeArea(area.id);
    } catch {
      setMessage({ kind: 'error', text: t('areas.removeFailed', { name: area.name }) });
    } finally {
      // What is kept now, whether the removal finished or stopped part way.
      setAreas(await keptAreas().catch(() => areas));
      setRemoving(false);
    }
  };

  return (
    <div class="areas">
      <p>{t('areas.explain')}</p>
      {!props.basemap && <Notice kind="info">{t('areas.noBasemap')}</Notice>}
      {!props.online ? (
        <Notice kind="info">{t('areas.offline')}</Notice>
      ) : plan ? (
        <div class="area-plan">
          <p id="area-estimate">{t('areas.estimate', { name, size: formatBytes(plan.bytes) })}</p>
          <button type="button" class="primary" disabled={saving !== undefined} onClick={() => void keep()}>
            {t('areas.keep')}
          </button>
          {saving && (
            <p role="status">
              <progress max={saving.total} value={saving.done} aria-label={t('areas.keep')} />{' '}
              {t('areas.saving', { done: saving.done, total: saving.total })}
            </p>
          )}
        </div>
      ) : (
        !message && <p class="muted">{t('common.loading')}</p>
      )}
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <h3>{t('areas.listHeading')}</h3>
      {areas && areas.length === 0 && <p class="muted">{t('areas.none')}</p>}
      {areas && areas.length > 0 && (
        <>
          <ul class="kept-areas">
            {areas.map((area) => (
              <li key={area.id}>
                <span>
                  <strong>{area.name}</strong>
                  <br />
                  <span class="muted">
                    {t('areas.item', { size: formatBytes(area.bytes), when: formatDateTime(area.savedAt) })}
                  </span>
                </span>
                <button
                  type="button"
                  class="secondary"
                  aria-label={t('areas.removeLabel', { name: area.name })}
                  disabled={removing}
                  onClick={() => void remove(area)}
                >
                  {t('areas.remove')}
                </button>
              </li>
            ))}
          </ul>
          <p class="muted">
            {t('areas.used', {
              used: formatBytes(keptBytes(areas)),
              budget: formatBytes(AREAS_BUDGET_BYTES),
            })}
          </p>
        </>
      )}
    </div>
  );
}

function failureText(err: unknown): string {
  if (err instanceof NoRoomError) return t('areas.noRoom');
  if (err instanceof AreaFailure) return describeFailure(err.failure);
  return t('areas.failed');
}
