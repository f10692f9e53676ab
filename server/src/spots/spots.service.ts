import type { FastifyBaseLogger } from 'fastify';
import type { ReportInput, Spot } from '../../../common/api.ts';
import { queueAlerts } from '../channels/index.ts';
import type { Db, Queryable } from '../db/db.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Actor } from '../trust/index.ts';
import { reportedConfidence } from './confidence.ts';
import { redactTogether } from './redact.ts';
import { saveReport } from './report.sql.ts';
import { toSpot } from './spot-row.ts';
import type { ListQuery, SpotFilters } from './spots.schema.ts';
import {
  countPublicSpots,
  findNewestPublicSpots,
  findPublicSpotById,
  findPublicSpots,
  type PublicSpotConditions,
  publicSpotsInIdOrder,
  releaseWaitingAlerts,
} from './spots.sql.ts';

/** The free-text fields in the order the page and its card show them. */
export const SHOWN_ORDER = ['title', 'area', 'description'] as const;

/**
 * Phone numbers in the free-text fields become `[removed]` (docs/api.md), the fields read together
 * in the order they are shown: a number split across them is removed from each.
 */
export function redactReport<T extends Pick<ReportInput, (typeof SHOWN_ORDER)[number]>>(input: T): T {
  const clean = redactTogether(SHOWN_ORDER.map((key) => input[key]));
  return { ...input, ...Object.fromEntries(SHOWN_ORDER.map((key, i) => [key, clean[i]])) };
}

/**
 * Saves a report and the reporter's own "still dangerous" vote in one statement (report.sql.ts),
 * published at once or held for review: held when the site setting holds every report, or when the
 * reporter is a newcomer past one of the newcomer budgets (trust's rule). A report published at once
 * goes to partners' webhooks with it; from a reporter with standing, it queues the alerts of the
 * numbers and browsers watching near it before the answer leaves; a newcomer's wait for a second
 * voice (spots.alerts_wait).
 */
export async function reportSpot(
  db: Db,
  input: ReportInput,
  { identity, standing, at }: Actor,
  log: FastifyBaseLogger,
): Promise<{ spot: Spot; pending: boolean }> {
  const clean = redactReport(input);
  const { spot, pending, alertsDue } = await saveReport(db, clean, identity, {
    standing,
    at,
    confidence: reportedConfidence(clean, standing),
  });
  if (alertsDue)
    try {
      await db.transaction(async (tx) => {
        const released = await releaseWaitingAlerts(tx, spot.id);
        if (released) await queueAlerts(tx, toSpot(released), { reporter: identity.visitor, now: at });
      });
    } catch (err) {
      // The report is stored: answer it as saved (a retry would report it twice). Its alerts still
      // wait (alerts_wait), for a confirmation from another network or a moderator's approval.
      log.warn({ err, spot: spot.id }, 'the alerts of a new report could not be queued; they wait');
    }
  return { spot, pending };
}

/**
 * The spot if it is public: on the map (approved) or archived (`archived: true`); pending, hidden
 * and deleted ones are not.
 */
export async function findPublicSpot(db: Queryable, id: number): Promise<Spot | undefined> {
  const row = id > 0 ? await findPublicSpotById(db, id) : undefined;
  return row && toSpot(row);
}

export async function getPublicSpot(db: Db, id: number): Promise<Spot> {
  const spot = await findPublicSpot(db, id);
  if (!spot) throw notFound('Spot not found');
  return spot;
}

const encodeCursor = (s: { severity: number; id: number }) =>
  Buffer.from(`${s.severity}:${s.id}`).toString('base64url');

function decodeCursor(cursor: string): { severity: number; id: number } {
  const m = /^([1-5]):([1-9]\d{0,9})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!m) throw new HttpError(400, 'Invalid cursor: use the next_cursor of a previous answer');
  return { severity: Number(m[1]), id: Number(m[2]) };
}

/** The list filters of a query, as the SQL layer takes them. */
export function filterConditions(q: SpotFilters): PublicSpotConditions {
  return {
    categories: q.category,
    statuses: q.status,
    sinceDays: q.since,
    bbox: q.bbox,
    verifiedOnly: q.verified === '1' || q.verified === 'true',
  };
}

/** The newest public spots matching the conditions, newest first (a feed's entries). */
export async function newestPublicSpots(
  db: Db,
  conditions: PublicSpotConditions,
  limit: number,
): Promise<Spot[]> {
  return (await findNewestPublicSpots(db, conditions, limit)).map(toSpot);
}

/**
 * A page of public spots on the map (not archived) in id order, after or before an id, with how many
 * match in all and whether more lie beyond the page in its direction (OGC API – Features' items).
 */
export async function idPageOfPublicSpots(
  db: Db,
  conditions: Omit<PublicSpotConditions, 'includeArchived'>,
  page: { after?: number; before?: number; limit: number },
): Promise<{ spots: Spot[]; matched: number; beyond: boolean }> {
  const [spots, matched] = await Promise.all([
    publicSpotsInIdOrder(db, conditions, { ...page, limit: page.limit + 1 }),
    countPublicSpots(db, conditions),
  ]);
  const beyond = spots.length > page.limit;
  // One more than asked tells whether a page lies beyond; going back, the extra one is the first.
  const shown = !beyond ? spots : page.before !== undefined ? spots.slice(1) : spots.slice(0, page.limit);
  return { spots: shown, matched, beyond };
}

export async function listPublicSpots(
  db: Db,
  q: ListQuery,
): Promise<{ spots: Spot[]; next_cursor?: string }> {
  const rows = await findPublicSpots(db, {
    ...filterConditions(q),
    includeArchived: q.archived === '1' || q.archived === 'true',
    after: q.cursor ? decodeCursor(q.cursor) : undefined,
    limit: q.limit + 1,
  });
  const page = rows.slice(0, q.limit).map(toSpot);
  const last = page[page.length - 1];
  return rows.length > q.limit && last ? { spots: page, next_cursor: encodeCursor(last) } : { spots: page };
}
