import type { Ref } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type Category, REPORT_FIELDS, TEXT_LIMITS, type TimeOfDay } from '../../../../common/domain.ts';
import { region } from '../../../../common/region.ts';
import { answer, client } from '../../lib/api.ts';
import { describeFailure, waitText } from '../../lib/failures.ts';
import { formatTime } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';
import { CategoryOptions, SeverityOptions, TimeOfDayOptions } from '../../lib/spot-options.tsx';
import type { Spot } from '../../lib/types.ts';
import { describedBy, Field, Notice, useBusy, useShowMessage } from '../../lib/ui.tsx';
import { useNearby } from '../hooks/use-nearby.ts';
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
  const send = useSend(draft, onReported);
  const { failure, setFailure, fromServer, setFromServer } = send;
  const failureBox = useRef<HTMLDivElement>(null);

  // The rules come in a chunk of their own: asked for as the form opens, checked with once here.
  const [, setRulesLoaded] = useState(false);
  useEffect(() => {
    void loadReportRules().then(() => setRulesLoaded(true));
  }, []);
  const problems = draftProblems(draft);
  const shown: Partial<Record<DraftField, string>> = {};
  for (const f of FIELDS) {
    const p = fromServer[f] ?? ((send.tried || touched.has(f)) && problems[f]);
    if (p) shown[f] = message(p);
  }

  // A refusal is announced where the user is looking: beside Send, in view, with focus on it.
  useShowMessage(failureBox, failure);

  const change = (field: DraftField, patch: Partial<ReportDraft>) => {
    setFromServer(({ [field]: _, ...rest }) => rest);
    setFailure(undefined);
    onDraft(patch);
  };
  const leave = (field: DraftField) => () => setTouched((s) => new Set(s).add(field));

  const fields: FieldsProps = { draft, shown, change, leave };
  const { point } = draft;
  const nearby = useNearby(point);

  async function confirmInstead(id: number) {
    setFailure(undefined);
    const confirmed = await confirmSpot(id);
    if ('spot' in confirmed) onConfirmedInstead(confirmed.spot);
    else setFailure({ text: confirmed.failure });
  }

  const waitingUntil = draft.send_at && formatTime(draft.send_at);

  return (
    <form ref={send.form} class="report-form" onSubmit={send.submit} noValidate>
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
          {...textInput(fields, 'title')}
          {...describedBy('report-title', shown.title, 'hint')}
        />
      </Field>
      <ChoiceFields {...fields} />
      {point && <PinMap point={point} spots={nearby?.spots ?? []} />}
      <MoreDetails {...fields} open={send.more} onOpen={send.setMore} />
      {failure && (
        <SendFailure
          box={failureBox}
          failure={failure}
          onLater={(sendAt) => {
            onDraft({ send_at: sendAt });
            setFailure(undefined);
          }}
        />
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
        <button type="submit" class="primary" disabled={send.busy}>
          {send.busy ? t('form.sending') : t('report.submit')}
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

/**
 * Sending the draft: checked with the server's rules first (a report that cannot succeed is never
 * sent), the server's refusals kept by field; after a refusal, what hides a field to fix is opened
 * and the first one to fix takes the focus. A rate limit's answer offers a later send.
 */
function useSend(draft: ReportDraft, onReported: Props['onReported']) {
  const [tried, setTried] = useState(false);
  const [fromServer, setFromServer] = useState<DraftProblems>({});
  const { busy, message: failure, setMessage: setFailure, run } = useBusy<Failure>();
  const [more, setMore] = useState(() => MORE.some((f) => draft[f]));
  const form = useRef<HTMLFormElement>(null);
  const focusFirst = useRef(false);
  useEffect(() => {
    if (!focusFirst.current) return;
    focusFirst.current = false;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .location.invalid button');
    first?.focus();
    first?.scrollIntoView({ block: 'center' });
  });
  const refused = (fields: DraftProblems) => {
    if (MORE.some((f) => fields[f])) setMore(true);
    focusFirst.current = true;
  };

  async function submit(e: Event) {
    e.preventDefault();
    setFailure(undefined);
    setTried(true);
    const ready = await readyReport(draft);
    if (ready === 'offline') return setFailure({ text: t('report.offlineKept') });
    if (!ready) return refused(draftProblems(draft));
    const res = await run(() => sendReport(ready));
    // Undefined: a send is on its way already.
    if (!res) return;
    if (res.ok) return onReported(res.data.spot, res.data.pending);
    if (res.status === 400 && res.issues?.length) {
      const fields = problemsOf(res.issues, (text) => setFailure({ text }));
      setFromServer(fields);
      refused(fields);
    } else if (res.status === 429) {
      const wait = res.retryAfter ?? 3600;
      setFailure({ text: t('report.tooMany', { wait: waitText(wait) }), sendAt: Date.now() + wait * 1000 });
    } else if (res.offline) setFailure({ text: t('report.offlineKept') });
    else setFailure({ text: describeFailure(res) });
  }
  return { form, tried, fromServer, setFromServer, failure, setFailure, busy, more, setMore, submit };
}

/** "Still dangerous" on a spot already there instead of reporting it again: the spot as it now stands. */
async function confirmSpot(id: number): Promise<{ spot: Spot } | { failure: string }> {
  const path = { id: String(id) };
  const res = await answer(client.POST('/api/spots/{id}/vote', { params: { path }, body: { value: 1 } }));
  if (res.ok) return { spot: res.data.spot };
  if (res.status === 409) {
    // Said before from this phone: the spot as it stands.
    const spot = await answer(client.GET('/api/spots/{id}', { params: { path } }));
    if (spot.ok) return { spot: spot.data.spot };
  }
  return { failure: describeFailure(res) };
}

/** What a group of the form's fields needs: the draft, the problems shown, how a field changes or is left. */
interface FieldsProps {
  draft: ReportDraft;
  shown: Partial<Record<DraftField, string>>;
  change(field: DraftField, patch: Partial<ReportDraft>): void;
  leave(field: DraftField): () => void;
}

const left = (max: number, value: string) => t('form.charsLeft', { n: max - value.length });

/** A free-text field's value and handlers. */
const textInput = (p: FieldsProps, field: 'title' | 'area' | 'description' | 'source_url') => ({
  value: p.draft[field],
  onInput: (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
    p.change(field, { [field]: e.currentTarget.value }),
  onBlur: p.leave(field),
});

/** The category, severity and time of day: chosen from lists. */
function ChoiceFields(p: FieldsProps) {
  return (
    <>
      <div class="row two">
        <Field id="report-category" label={t('report.category')} error={p.shown.category}>
          <select
            id="report-category"
            required
            value={p.draft.category}
            onChange={(e) => p.change('category', { category: e.currentTarget.value as Category })}
            onBlur={p.leave('category')}
            {...describedBy('report-category', p.shown.category)}
          >
            <option value="">{t('form.choose')}</option>
            <CategoryOptions />
          </select>
        </Field>
        <Field id="report-severity" label={t('report.severity')} error={p.shown.severity}>
          <select
            id="report-severity"
            required
            value={p.draft.severity || ''}
            onChange={(e) => p.change('severity', { severity: Number(e.currentTarget.value) })}
            onBlur={p.leave('severity')}
            {...describedBy('report-severity', p.shown.severity)}
          >
            <option value="">{t('form.choose')}</option>
            <SeverityOptions />
          </select>
        </Field>
      </div>
      <Field id="report-time" label={t('report.timeOfDay')} error={p.shown.time_of_day}>
        <select
          id="report-time"
          required
          value={p.draft.time_of_day}
          onChange={(e) => p.change('time_of_day', { time_of_day: e.currentTarget.value as TimeOfDay })}
          onBlur={p.leave('time_of_day')}
          {...describedBy('report-time', p.shown.time_of_day)}
        >
          <option value="">{t('form.choose')}</option>
          <TimeOfDayOptions />
        </select>
      </Field>
    </>
  );
}

/** The optional fields, folded under "More details". */
function MoreDetails(p: FieldsProps & { open: boolean; onOpen(open: boolean): void }) {
  return (
    <details
      class="more-details"
      open={p.open}
      onToggle={(e) => p.onOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>{t('report.more')}</summary>
      <Field
        id="report-area"
        label={t('report.area')}
        error={p.shown.area}
        hint={left(TEXT_LIMITS.area, p.draft.area)}
      >
        <input
          id="report-area"
          maxLength={TEXT_LIMITS.area}
          {...textInput(p, 'area')}
          {...describedBy('report-area', p.shown.area, 'hint')}
        />
      </Field>
      <Field
        id="report-description"
        label={t('report.description')}
        error={p.shown.description}
        hint={left(TEXT_LIMITS.description, p.draft.description)}
      >
        <textarea
          id="report-description"
          rows={3}
          maxLength={TEXT_LIMITS.description}
          {...textInput(p, 'description')}
          {...describedBy('report-description', p.shown.description, 'hint')}
        />
      </Field>
      <Field id="report-date" label={t('report.incidentDate')} error={p.shown.incident_date}>
        <input
          id="report-date"
          type="date"
          max={today()}
          value={p.draft.incident_date}
          onInput={(e) => p.change('incident_date', { incident_date: e.currentTarget.value })}
          onBlur={p.leave('incident_date')}
          {...describedBy('report-date', p.shown.incident_date)}
        />
      </Field>
      <Field
        id="report-source"
        label={t('report.source')}
        error={p.shown.source_url}
        hint={t('report.sourceHint')}
      >
        <input
          id="report-source"
          type="url"
          inputMode="url"
          maxLength={TEXT_LIMITS.sourceUrl}
          placeholder="https://"
          {...textInput(p, 'source_url')}
          {...describedBy('report-source', p.shown.source_url, 'hint')}
        />
      </Field>
    </details>
  );
}

/** Why the last send failed, beside Send; when a rate limit said when, a way to send it then. */
function SendFailure(p: { box: Ref<HTMLDivElement>; failure: Failure; onLater(sendAt: number): void }) {
  const { failure } = p;
  return (
    <div ref={p.box} class="form-failure" tabIndex={-1}>
      <Notice kind="error">{failure.text}</Notice>
      {failure.sendAt && (
        <button type="button" onClick={() => p.onLater(failure.sendAt as number)}>
          {t('report.sendLater', { time: formatTime(failure.sendAt) })}
        </button>
      )}
    </div>
  );
}
