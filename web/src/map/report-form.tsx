import { useEffect, useRef, useState } from 'preact/hooks';
import {
  type Category,
  insideUganda,
  REPORT_FIELDS,
  type ReportField,
  TEXT_LIMITS,
  type TimeOfDay,
} from '../../../common/domain.ts';
import { api } from '../lib/api.ts';
import { describeFailure, waitText } from '../lib/failures.ts';
import { t } from '../lib/i18n.ts';
import { CategoryOptions, SeverityOptions, TimeOfDayOptions } from '../lib/spot-options.tsx';
import type { Spot } from '../lib/types.ts';
import { describedBy, Field, Notice } from '../lib/ui.tsx';

/** The fields the form shows a message under: the location's is shown once, under the latitude. */
type FieldName = Exclude<ReportField, 'lng'>;
const FIELDS = REPORT_FIELDS.filter((f): f is FieldName => f !== 'lng');

interface Props {
  point: { lat: number; lng: number } | undefined;
  picking: boolean;
  onPickOnMap(): void;
  onUseGps(): void;
  gpsError: string | undefined;
  onReported(spot: Spot, pending: boolean): void;
}

const today = () => new Date().toISOString().slice(0, 10);

export function ReportForm({ point, picking, onPickOnMap, onUseGps, gpsError, onReported }: Props) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [area, setArea] = useState('');
  const [category, setCategory] = useState<Category | ''>('');
  const [severity, setSeverity] = useState(0);
  const [timeOfDay, setTimeOfDay] = useState<TimeOfDay>('any');
  const [incidentDate, setIncidentDate] = useState('');
  const [sourceUrl, setSourceUrl] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // After a failed send, take the user to the first field to fix (it may be scrolled out of view).
  useEffect(() => {
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .location.invalid button');
    first?.focus();
    first?.scrollIntoView({ block: 'center' });
  }, [errors]);

  async function submit(e: Event) {
    e.preventDefault();
    setFailure(undefined);
    const local: Partial<Record<FieldName, string>> = {};
    if (!point) local.lat = t('report.error.noLocation');
    else if (!insideUganda(point.lat, point.lng)) local.lat = t('report.error.lat');
    if (!category) local.category = t('report.error.category');
    if (!severity) local.severity = t('report.error.severity');
    setErrors(local);
    if (Object.keys(local).length || !point) return;
    setBusy(true);
    const res = await api<{ spot: Spot; pending: boolean }>('/api/spots', {
      method: 'POST',
      body: {
        title,
        description,
        area,
        category,
        severity,
        time_of_day: timeOfDay,
        incident_date: incidentDate || null,
        source_url: sourceUrl.trim() || null,
        lat: point.lat,
        lng: point.lng,
      },
    });
    setBusy(false);
    if (res.ok) {
      onReported(res.data.spot, res.data.pending);
      return;
    }
    if (res.status === 400 && res.issues?.length) {
      const fromApi: Partial<Record<FieldName, string>> = {};
      for (const issue of res.issues) {
        const field = String(issue.path?.[0] ?? '');
        const name = (field === 'lng' ? 'lat' : field) as FieldName;
        if (FIELDS.includes(name)) fromApi[name] ??= t(`report.error.${name}`);
        else setFailure(issue.message);
      }
      setErrors(fromApi);
    } else if (res.status === 429)
      setFailure(t('report.tooMany', { wait: waitText(res.retryAfter ?? 3600) }));
    else setFailure(describeFailure(res));
  }

  const left = (max: number, value: string) => t('form.charsLeft', { n: max - value.length });
  return (
    <form ref={form} class="report-form" onSubmit={submit} noValidate>
      <Notice kind="info">{t('report.placesNotPeople')}</Notice>
      <div class={`field location${errors.lat ? ' invalid' : ''}`}>
        <span class="label" id="report-location-label">
          {t('report.location')}
        </span>
        <p id="report-location">
          {point ? `${point.lat.toFixed(5)}, ${point.lng.toFixed(5)}` : t('report.noLocation')}
        </p>
        <div class="row">
          <button type="button" class="secondary" aria-pressed={picking} onClick={onPickOnMap}>
            {picking ? t('report.tapNow') : t('report.tapMap')}
          </button>
          <button type="button" class="secondary" onClick={onUseGps}>
            {t('report.useGps')}
          </button>
        </div>
        {gpsError && <small class="field-error">{gpsError}</small>}
        {errors.lat && (
          <small id="report-lat-error" class="field-error" role="alert">
            {errors.lat}
          </small>
        )}
      </div>
      <Field
        id="report-title"
        label={t('report.title')}
        error={errors.title}
        hint={left(TEXT_LIMITS.title, title)}
      >
        <input
          id="report-title"
          required
          minLength={TEXT_LIMITS.titleMin}
          maxLength={TEXT_LIMITS.title}
          value={title}
          onInput={(e) => setTitle(e.currentTarget.value)}
          {...describedBy('report-title', errors.title, 'hint')}
        />
      </Field>
      <Field id="report-category" label={t('report.category')} error={errors.category}>
        <select
          id="report-category"
          required
          value={category}
          onChange={(e) => setCategory(e.currentTarget.value as Category)}
          {...describedBy('report-category', errors.category)}
        >
          <option value="">{t('form.choose')}</option>
          <CategoryOptions />
        </select>
      </Field>
      <Field id="report-severity" label={t('report.severity')} error={errors.severity}>
        <select
          id="report-severity"
          required
          value={severity || ''}
          onChange={(e) => setSeverity(Number(e.currentTarget.value))}
          {...describedBy('report-severity', errors.severity)}
        >
          <option value="">{t('form.choose')}</option>
          <SeverityOptions />
        </select>
      </Field>
      <Field id="report-time" label={t('report.timeOfDay')} error={errors.time_of_day}>
        <select
          id="report-time"
          value={timeOfDay}
          onChange={(e) => setTimeOfDay(e.currentTarget.value as TimeOfDay)}
        >
          <TimeOfDayOptions />
        </select>
      </Field>
      <Field
        id="report-area"
        label={t('report.area')}
        error={errors.area}
        hint={left(TEXT_LIMITS.area, area)}
      >
        <input
          id="report-area"
          maxLength={TEXT_LIMITS.area}
          value={area}
          onInput={(e) => setArea(e.currentTarget.value)}
          {...describedBy('report-area', errors.area, 'hint')}
        />
      </Field>
      <Field
        id="report-description"
        label={t('report.description')}
        error={errors.description}
        hint={left(TEXT_LIMITS.description, description)}
      >
        <textarea
          id="report-description"
          rows={4}
          maxLength={TEXT_LIMITS.description}
          value={description}
          onInput={(e) => setDescription(e.currentTarget.value)}
          {...describedBy('report-description', errors.description, 'hint')}
        />
      </Field>
      <Field id="report-date" label={t('report.incidentDate')} error={errors.incident_date}>
        <input
          id="report-date"
          type="date"
          max={today()}
          value={incidentDate}
          onInput={(e) => setIncidentDate(e.currentTarget.value)}
          {...describedBy('report-date', errors.incident_date)}
        />
      </Field>
      <Field
        id="report-source"
        label={t('report.source')}
        error={errors.source_url}
        hint={t('report.sourceHint')}
      >
        <input
          id="report-source"
          type="url"
          inputMode="url"
          maxLength={TEXT_LIMITS.sourceUrl}
          placeholder="https://"
          value={sourceUrl}
          onInput={(e) => setSourceUrl(e.currentTarget.value)}
          {...describedBy('report-source', errors.source_url, 'hint')}
        />
      </Field>
      {failure && <Notice kind="error">{failure}</Notice>}
      <button type="submit" class="primary" disabled={busy}>
        {busy ? t('form.sending') : t('report.submit')}
      </button>
    </form>
  );
}
