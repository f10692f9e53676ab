import { useState } from 'preact/hooks';
import { TEXT_LIMITS } from '../../../common/domain.ts';
import { answer, client } from '../lib/api.ts';
import { describeFailure } from '../lib/failures.ts';
import { t } from '../lib/i18n.ts';
import { CategoryOptions, SeverityOptions, TimeOfDayOptions } from '../lib/spot-options.tsx';
import type { ModSpot, ReportFields } from '../lib/types.ts';
import { Field, Notice } from '../lib/ui.tsx';

type Draft = Omit<ReportFields, 'incident_date' | 'source_url'> & {
  incident_date: string;
  source_url: string;
};

/** The spot's fields as the form edits them (no date or source: empty text). */
const draftOf = (spot: ModSpot): Draft => ({
  title: spot.title,
  description: spot.description,
  area: spot.area,
  category: spot.category,
  severity: spot.severity,
  time_of_day: spot.time_of_day,
  incident_date: spot.incident_date ?? '',
  source_url: spot.source_url ?? '',
  lat: spot.lat,
  lng: spot.lng,
});

/** The fields the draft changed, as the PATCH sends them (an emptied date or source: null). */
function changes(spot: ModSpot, draft: Draft): Record<string, unknown> {
  const before = draftOf(spot);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as (keyof Draft)[]) {
    const optional = key === 'incident_date' || key === 'source_url';
    if (draft[key] !== before[key]) patch[key] = optional && !draft[key] ? null : draft[key];
  }
  return patch;
}

/** Edits a spot's fields; only what changed is sent, under the same rules as a report. */
export function EditSpot({
  spot,
  onSaved,
  onCancel,
}: {
  spot: ModSpot;
  onSaved(s: ModSpot): void;
  onCancel(): void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(spot));
  const [error, setError] = useState<string>();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function save(e: Event) {
    e.preventDefault();
    const patch = changes(spot, draft);
    if (Object.keys(patch).length === 0) return onCancel();
    const res = await answer(
      client.PATCH('/api/mod/spots/{id}', { params: { path: { id: String(spot.id) } }, body: patch }),
    );
    if (res.ok) onSaved(res.data.spot);
    else setError(res.issues?.map((i) => i.message).join(' ') || describeFailure(res));
  }

  const id = (name: string) => `edit-${spot.id}-${name}`;
  return (
    <form class="edit-spot" onSubmit={save}>
      <Field id={id('title')} label={t('report.title')}>
        <input
          id={id('title')}
          maxLength={TEXT_LIMITS.title}
          value={draft.title}
          onInput={(e) => set('title', e.currentTarget.value)}
        />
      </Field>
      <Field id={id('description')} label={t('report.description')}>
        <textarea
          id={id('description')}
          rows={3}
          maxLength={TEXT_LIMITS.description}
          value={draft.description}
          onInput={(e) => set('description', e.currentTarget.value)}
        />
      </Field>
      <Field id={id('area')} label={t('report.area')}>
        <input
          id={id('area')}
          maxLength={TEXT_LIMITS.area}
          value={draft.area}
          onInput={(e) => set('area', e.currentTarget.value)}
        />
      </Field>
      <div class="row">
        <Field id={id('category')} label={t('report.category')}>
          <select
            id={id('category')}
            value={draft.category}
            onChange={(e) => set('category', e.currentTarget.value as Draft['category'])}
          >
            <CategoryOptions />
          </select>
        </Field>
        <Field id={id('severity')} label={t('report.severity')}>
          <select
            id={id('severity')}
            value={draft.severity}
            onChange={(e) => set('severity', Number(e.currentTarget.value))}
          >
            <SeverityOptions />
          </select>
        </Field>
        <Field id={id('time')} label={t('report.timeOfDay')}>
          <select
            id={id('time')}
            value={draft.time_of_day}
            onChange={(e) => set('time_of_day', e.currentTarget.value as Draft['time_of_day'])}
          >
            <TimeOfDayOptions />
          </select>
        </Field>
      </div>
      <div class="row">
        <Field id={id('lat')} label={t('mod.lat')}>
          <input
            id={id('lat')}
            type="number"
            step="any"
            value={draft.lat}
            onInput={(e) => set('lat', Number(e.currentTarget.value))}
          />
        </Field>
        <Field id={id('lng')} label={t('mod.lng')}>
          <input
            id={id('lng')}
            type="number"
            step="any"
            value={draft.lng}
            onInput={(e) => set('lng', Number(e.currentTarget.value))}
          />
        </Field>
      </div>
      <Field id={id('date')} label={t('report.incidentDate')}>
        <input
          id={id('date')}
          type="date"
          value={draft.incident_date}
          onInput={(e) => set('incident_date', e.currentTarget.value)}
        />
      </Field>
      <Field id={id('source')} label={t('report.source')}>
        <input
          id={id('source')}
          type="url"
          maxLength={TEXT_LIMITS.sourceUrl}
          value={draft.source_url}
          onInput={(e) => set('source_url', e.currentTarget.value)}
        />
      </Field>
      {error && <Notice kind="error">{error}</Notice>}
      <div class="actions">
        <button type="submit" class="primary">
          {t('mod.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('action.cancel')}
        </button>
      </div>
    </form>
  );
}
