import { type Category, type ReportField, TEXT_LIMITS, type TimeOfDay } from '../../../common/domain.ts';
import { insideRegion } from '../../../common/region.ts';

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

/** A draft the server would take: its place, category and time of day chosen. */
export type ReadyDraft = ReportDraft & {
  point: NonNullable<ReportDraft['point']>;
  category: Category;
  time_of_day: TimeOfDay;
};

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

/** What the server counts as a character: text is NFC-normalised and trimmed first. */
const length = (s: string) => s.normalize('NFC').trim().length;

/** A host name with a dot and a top-level domain, as the server's rule wants (docs/api.md). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

function validSource(raw: string): boolean {
  const s = raw.trim();
  if (!s) return true;
  if (s.length > TEXT_LIMITS.sourceUrl) return false;
  try {
    const url = new URL(s);
    return (url.protocol === 'http:' || url.protocol === 'https:') && DOMAIN.test(url.hostname);
  } catch {
    return false;
  }
}

function validDate(s: string): boolean {
  if (!s) return true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/**
 * The fields that the server would refuse, by the same rules (lengths, ranges, links, dates, the
 * place inside the region), so a report that cannot succeed is never sent and never uses up one of the
 * visitor's few reports an hour. Each field maps to a problem the form names in the user's language.
 */
export function draftProblems(d: ReportDraft): Partial<Record<DraftField, DraftProblem>> {
  const problems: Partial<Record<DraftField, DraftProblem>> = {};
  if (!d.point) problems.lat = 'noLocation';
  else if (!insideRegion(d.point.lat, d.point.lng)) problems.lat = 'lat';
  const title = length(d.title);
  if (title < TEXT_LIMITS.titleMin || title > TEXT_LIMITS.title) problems.title = 'title';
  if (!d.category) problems.category = 'category';
  if (!(Number.isInteger(d.severity) && d.severity >= 1 && d.severity <= 5)) problems.severity = 'severity';
  if (!d.time_of_day) problems.time_of_day = 'time_of_day';
  if (length(d.area) > TEXT_LIMITS.area) problems.area = 'area';
  if (length(d.description) > TEXT_LIMITS.description) problems.description = 'description';
  if (!validDate(d.incident_date)) problems.incident_date = 'incident_date';
  if (!validSource(d.source_url)) problems.source_url = 'source_url';
  return problems;
}

/** The draft, typed as ready, when the server's rules find nothing to refuse in it. */
export function readyDraft(d: ReportDraft): ReadyDraft | undefined {
  return Object.keys(draftProblems(d)).length === 0 ? (d as ReadyDraft) : undefined;
}
