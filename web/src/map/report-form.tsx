import { useEffect, useRef, useState } from 'preact/hooks';
import { type Category, REPORT_FIELDS, TEXT_LIMITS, type TimeOfDay } from '../../../common/domain.ts';
import { region } from '../../../common/region.ts';
import { answer, client } from '../lib/api.ts';
import { describeFailure, waitText } from '../lib/failures.ts';
import { formatTime } from '../lib/format.ts';
import { t } from '../lib/i18n.ts';
import { CategoryOptions, SeverityOptions, TimeOfDayOptions } from '../lib/spot-options.tsx';
import type { Spot } from '../lib/types.ts';
import { describedBy, Field, Notice, useShowMessage } from '../lib/ui.tsx';
import {
  type DraftField,
  type DraftProblem,
  type DraftProblems,
  draftProblems,
  hasContent,
  loadReportRules,
  problemsOf,
  type ReportDraft,
  readyReport,
} from './report-draft.ts';
import { PinMap, ReportLocation, SamePlace } from './report-location.tsx';
import { sendReport } from './report-send.ts';
import { useNearby } from './use-nearby.ts';

const FIELDS = REPORT_FIELDS.filter((f): f is DraftField => f !== 'lng');

/** What went wrong with the last send; `sendAt` when a rate limit says when it can go. */
interface Failure {
  text: string;
  sendAt?: number;
}
/** Optional fields, folded under "More details" unless they hold something or need fixing. */
const MORE = ['area', 'description', 'incident_date', 'source_url'] as const satisfies DraftField[];

interface Props {
  draft: ReportDraft;
  onDraft(change: Partial<ReportDraft>): void;
  onDiscard(): void;
  picking: boolean;
  onPickOnMap(): void;
  onUseGps(): void;
  gpsError: string | undefined;
  onReported(spot: Spot, pending: boolean): void;
  /** An existing spot at the place was confirmed instead of reporting it again. */
  onConfirmedInstead(spot: Spot): void;
}

const today = () => new Date().toISOString().slice(0, 10);
const message = (p: DraftProblem | undefined) =>
  p && t(p === 'noLocation' ? 'report.error.noLocation' : `report.error.${p}`, { country: region().name });

/**
 * The report form. What is typed lives in the draft (kept on the phone); each field is checked by
 * the server's rules as it is typed, once it has been left or a send was tried, and a report that
 * cannot succeed is never sent.
 */
export function ReportForm({
  draft,
  onDraft,
  onDiscard,
  picking,
  onPickOnMap,
  onUseGps,
  gpsError,
  onReported,
  onConfirmedInstead,
}: Props) {
  const [touched, setTouched] = useState<Set<DraftField>>(() => new Set());
  const [tried, setTried] = useState(false);
  const [fromServer, setFromServer] = useState<DraftProblems>({});
  const [failure, setFailure] = useState<Failure>();
  const [busy, setBusy] = useState(false);
  const [more, setMore] = useState(() => MORE.some((f) => draft[f]));
  const form = useRef<HTMLFormElement>(null);
  const failureBox = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);

  // The rules come in a chunk of their own: asked for as the form opens, checked with once here.
  const [, setRulesLoaded] = useState(false);
  useEffect(() => {
    void loadReportRules().then(() => setRulesLoaded(true));
  }, []);
  const problems = draftProblems(draft);
  const shown: Partial<Record<DraftField, string>> = {};
  for (const f of FIELDS) {
    const p = fromServer[f] ?? ((tried || touched.has(f)) && problems[f]);
    if (p) shown[f] = message(p);
  }

  // After a refused send, open what hides a field to fix and take the user to the first one.
  useEffect(() => {
    if (!focusFirst.current) return;
    focusFirst.current = false;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .location.invalid button');
    first?.focus();
    first?.scrollIntoView({ block: 'center' });
  });

  // A refusal is announced where the user is looking: beside Send, in view, with focus on it.
  useShowMessage(failureBox, failure);

  const change = (field: DraftField, patch: Partial<ReportDraft>) => {
    setFromServer(({ [field]: _, ...rest }) => rest);
    setFailure(undefined);
    onDraft(patch);
  };
  const leave = (field: DraftField) => () => setTouched((s) => new Set(s).add(field));

  async function submit(e: Event) {
    e.preventDefault();
    setFailure(undefined);
    setTried(true);
    const ready = await readyReport(draft);
    if (ready === 'offline') return setFailure({ text: t('report.offlineKept') });
    if (!ready) {
      if (MORE.some((f) => problems[f])) setMore(true);
      focusFirst.current = true;
      return;
    }
    setBusy(true);
    const res = await sendReport(ready);
    setBusy(false);
    if (res.ok) return onReported(res.data.spot, res.data.pending);
    if (res.status === 400 && res.issues?.length) {
      const fields = problemsOf(res.issues, (text) => setFailure({ text }));
      setFromServer(fields);
      if (MORE.some((f) => fields[f])) setMore(true);
      focusFirst.current = true;
    } else if (res.status === 429) {
      const wait = res.retryAfter ?? 3600;
      setFailure({ text: t('report.tooMany', { wait: waitText(wait) }), sendAt: Date.now() + wait * 1000 });
    } else if (res.offline) setFailure({ text: t('report.offlineKept') });
    else setFailure({ text: describeFailure(res) });
  }

  const left = (max: number, value: string) => t('form.charsLeft', { n: max - value.length });
  const text = (field: 'title' | 'area' | 'description' | 'source_url') => ({
    value: draft[field],
    onInput: (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
      change(field, { [field]: e.currentTarget.value }),
    onBlur: leave(field),
  });
  const { point } = draft;
  const nearby = useNearby(point);

  async function confirmInstead(id: number) {
    setFailure(undefined);
    const res = await answer(
      client.POST('/api/spots/{id}/vote', { params: { path: { id: String(id) } }, body: { value: 1 } }),
    );
    if (res.ok) return onConfirmedInstead(res.data.spot);
    if (res.status === 409) {
      const spot = await answer(client.GET('/api/spots/{id}', { params: { path: { id: String(id) } } }));
      if (spot.ok) return onConfirmedInstead(spot.data.spot);
    }
    setFailure({ text: describeFailure(res) });
  }

  const waitingUntil = draft.send_at && formatTime(draft.send_at);

  return (
    <form ref={form} class="report-form" onSubmit={submit} noValidate>
      <ReportLocation
        point={point}
        nearby={nearby}
        picking={picking}
        onPickOnMap={onPickOnMap}
        onUseGps={onUseGps}
        gpsError={gpsError}
        error={shown.lat}
      />
      {nearby && nearby.spots.length > 0 && (
        <SamePlace spots={nearby.spots} onConfirm={(id) => void confirmInstead(id)} />
      )}
      <Notice kind="info">{t('report.placesNotPeople')}</Notice>
      <Field
        id="report-title"
        label={t('report.title')}
        error={shown.title}
        hint={left(TEXT_LIMITS.title, draft.title)}
      >
        <input
          id="report-title"
          required
          minLength={TEXT_LIMITS.titleMin}
          maxLength={TEXT_LIMITS.title}
          {...text('title')}
          {...describedBy('report-title', shown.title, 'hint')}
        />
      </Field>
      <div class="row two">
        <Field id="report-category" label={t('report.category')} error={shown.category}>
          <select
            id="report-category"
            required
            value={draft.category}
            onChange={(e) => change('category', { category: e.currentTarget.value as Category })}
            onBlur={leave('category')}
            {...describedBy('report-category', shown.category)}
          >
            <option value="">{t('form.choose')}</option>
            <CategoryOptions />
          </select>
        </Field>
        <Field id="report-severity" label={t('report.severity')} error={shown.severity}>
          <select
            id="report-severity"
            required
            value={draft.severity || ''}
            onChange={(e) => change('severity', { severity: Number(e.currentTarget.value) })}
            onBlur={leave('severity')}
            {...describedBy('report-severity', shown.severity)}
          >
            <option value="">{t('form.choose')}</option>
            <SeverityOptions />
          </select>
        </Field>
      </div>
      <Field id="report-time" label={t('report.timeOfDay')} error={shown.time_of_day}>
        <select
          id="report-time"
          required
          value={draft.time_of_day}
          onChange={(e) => change('time_of_day', { time_of_day: e.currentTarget.value as TimeOfDay })}
          onBlur={leave('time_of_day')}
          {...describedBy('report-time', shown.time_of_day)}
        >
          <option value="">{t('form.choose')}</option>
          <TimeOfDayOptions />
        </select>
      </Field>
      {point && <PinMap point={point} spots={nearby?.spots ?? []} />}
      <details
        class="more-details"
        open={more}
        onToggle={(e) => setMore((e.currentTarget as HTMLDetailsElement).open)}
      >
        <summary>{t('report.more')}</summary>
        <Field
          id="report-area"
          label={t('report.area')}
          error={shown.area}
          hint={left(TEXT_LIMITS.area, draft.area)}
        >
          <input
            id="report-area"
            maxLength={TEXT_LIMITS.area}
            {...text('area')}
            {...describedBy('report-area', shown.area, 'hint')}
          />
        </Field>
        <Field
          id="report-description"
          label={t('report.description')}
          error={shown.description}
          hint={left(TEXT_LIMITS.description, draft.description)}
        >
          <textarea
            id="report-description"
            rows={3}
            maxLength={TEXT_LIMITS.description}
            {...text('description')}
            {...describedBy('report-description', shown.description, 'hint')}
          />
        </Field>
        <Field id="report-date" label={t('report.incidentDate')} error={shown.incident_date}>
          <input
            id="report-date"
            type="date"
            max={today()}
            value={draft.incident_date}
            onInput={(e) => change('incident_date', { incident_date: e.currentTarget.value })}
            onBlur={leave('incident_date')}
            {...describedBy('report-date', shown.incident_date)}
          />
        </Field>
        <Field
          id="report-source"
          label={t('report.source')}
          error={shown.source_url}
          hint={t('report.sourceHint')}
        >
          <input
            id="report-source"
            type="url"
            inputMode="url"
            maxLength={TEXT_LIMITS.sourceUrl}
            placeholder="https://"
            {...text('source_url')}
            {...describedBy('report-source', shown.source_url, 'hint')}
          />
        </Field>
      </details>
      {failure && (
        <div ref={failureBox} class="form-failure" tabIndex={-1}>
          <Notice kind="error">{failure.text}</Notice>
          {failure.sendAt && (
            <button
              type="button"
              onClick={() => {
                onDraft({ send_at: failure.sendAt });
                setFailure(undefined);
              }}
            >
              {t('report.sendLater', { time: formatTime(failure.sendAt) })}
            </button>
          )}
        </div>
      )}
      {waitingUntil && (
        <div class="waiting-report">
          <Notice kind="info">{t('report.waiting', { time: waitingUntil })}</Notice>
          <button type="button" class="link-button" onClick={() => onDraft({ send_at: undefined })}>
            {t('report.waitingCancel')}
          </button>
        </div>
      )}
      <div class="form-actions">
        <button type="submit" class="primary" disabled={busy}>
          {busy ? t('form.sending') : t('report.submit')}
        </button>
        {hasContent(draft) && (
          <button type="button" class="link-button" onClick={onDiscard}>
            {t('report.discard')}
          </button>
        )}
      </div>
      {hasContent(draft) && <p class="muted draft-note">{t('report.draftKept')}</p>}
    </form>
  );
}
