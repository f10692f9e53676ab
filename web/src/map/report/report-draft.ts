import { type Category, REPORT_FIELDS, type ReportField, type TimeOfDay } from '../../../../common/domain.ts';
import type { ReportInput } from '../../../../common/report.ts';

/**
 * A report being written. It is kept on the phone as it is typed, so nothing is lost to a closed
 * panel, a tapped marker, a reload, a lost connection or a language switch; sending it or
 * discarding it removes it.
 */
export interface ReportDraft {
  point: { lat: number; lng: number } | undefined;
  title: string;
  category: Category | '';
  severity: number;
  /** Empty until chosen: nothing is preset, so a report never goes out with an unchosen answer. */
  time_of_day: TimeOfDay | '';
  area: string;
  description: string;
  incident_date: string;
  source_url: string;
  /** Set when a rate limit refused it and the user kept it to be sent then (ms since the epoch). */
  send_at?: number;
}

const EMPTY_DRAFT: ReportDraft = {
  point: undefined,
  title: '',
  category: '',
  severity: 0,
  time_of_day: '',
  area: '',
  description: '',
  incident_date: '',
  source_url: '',
};

const KEY = 'hatari.reportDraft';

export function loadDraft(): ReportDraft {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<ReportDraft> | null;
    return saved && typeof saved === 'object' ? { ...EMPTY_DRAFT, ...saved } : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(draft: ReportDraft): void {
  try {
    if (hasContent(draft)) localStorage.setItem(KEY, JSON.stringify(draft));
    else localStorage.removeItem(KEY);
  } catch {
    // storage full or blocked: the draft lives as long as the page
  }
}

export const clearDraft = () => saveDraft(EMPTY_DRAFT);

/** Whether anything was typed or chosen. */
export const hasContent = (d: ReportDraft) =>
  Boolean(
    d.point ||
      d.title ||
      d.category ||
      d.severity ||
      d.time_of_day ||
      d.area ||
      d.description ||
      d.incident_date ||
      d.source_url,
  );

/** The fields the form shows a message under: the location's is shown once, as `lat`. */
export type DraftField = Exclude<ReportField, 'lng'>;
export type DraftProblem = DraftField | 'noLocation';
export type DraftProblems = Partial<Record<DraftField, DraftProblem>>;

const DRAFT_FIELDS = new Set<string>(REPORT_FIELDS.filter((f) => f !== 'lng'));

/** What the draft sends: its fields as typed, an empty date or link as none. */
const reportBody = (d: ReportDraft) => ({
  title: d.title,
  description: d.description,
  area: d.area,
  category: d.category,
  severity: d.severity,
  time_of_day: d.time_of_day,
  incident_date: d.incident_date || null,
  source_url: d.source_url.trim() || null,
  lat: d.point?.lat,
  lng: d.point?.lng,
});

/**
 * The fields a set of issues (the page's own, or a 400's) names, each once, the location's as
 * `lat`; `other` gets the message of an issue that names no field.
 */
export function problemsOf(
  issues: readonly { path?: readonly PropertyKey[]; message: string }[],
  other: (message: string) => void = () => undefined,
): DraftProblems {
  const problems: DraftProblems = {};
  for (const issue of issues) {
    const field = String(issue.path?.[0] ?? '');
    const name = (field === 'lng' ? 'lat' : field) as DraftField;
    if (DRAFT_FIELDS.has(name)) problems[name] ??= name;
    else other(issue.message);
  }
  return problems;
}

type Rules = Pick<typeof import('./report-rules.ts'), 'safeParse' | 'reportInput'>;
let rules: Rules | undefined;
let loading: Promise<Rules> | undefined;

/**
 * The server's report rules, loaded once, when a report is first written (report-rules.ts; the
 * service worker keeps them for offline use). A load that failed is tried again next time.
 */
export const loadReportRules = (): Promise<Rules> =>
  (loading ??= import('./report-rules.ts').then(
    ({ safeParse, reportInput }) => {
      rules = { safeParse, reportInput };
      return rules;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  ));

const check = (r: Rules, d: ReportDraft) => r.safeParse(r.reportInput, reportBody(d));

/**
 * The fields that the server would refuse, by the server's own rules (common/report.ts: lengths
 * after its cleaning, ranges, links, dates, the place inside the region), so a report that cannot
 * succeed is never sent and never uses up one of the visitor's few reports an hour. Each field maps
 * to a problem the form names in the user's language. Until the rules have loaded
 * (loadReportRules), only a missing place is known.
 */
export function draftProblems(d: ReportDraft): DraftProblems {
  const result = rules && check(rules, d);
  const problems = !result || result.success ? {} : problemsOf(result.error.issues);
  if (!d.point) problems.lat = 'noLocation';
  return problems;
}

/**
 * The report as the server would take it (its text cleaned as the server cleans it), undefined when
 * the rules refuse it, or 'offline' when they could not be loaded (the site is out of reach).
 */
export async function readyReport(d: ReportDraft): Promise<ReportInput | undefined | 'offline'> {
  const loaded = await loadReportRules().catch(() => undefined);
  if (!loaded) return 'offline';
  const result = check(loaded, d);
  return result.success ? result.data : undefined;
}
