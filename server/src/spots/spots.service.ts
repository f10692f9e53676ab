import type { ReportInput, Spot } from '../../../common/api.ts';
import { queueAlerts, queueSpotEvents } from '../channels/index.ts';
import type { Db, Queryable } from '../db/db.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { readSiteSettings } from '../settings/index.ts';
import { type Actor, newcomerHold, recordReport } from '../trust/index.ts';
import { reportedConfidence } from './confidence.ts';
import { redactTogether } from './redact.ts';
import { toSpot } from './spot-row.ts';
import type { ListQuery, SpotFilters } from './spots.schema.ts';
import {
  countPublicSpots,
  findNewestPublicSpots,
  findPublicSpotById,
  findPublicSpots,
  insertReportedSpot,
  insertReporterVote,
  type PublicSpotConditions,
  publicSpotsInIdOrder,
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
 * Saves a report and the reporter's own "still dangerous" vote in one transaction, published at
 * once or held for review: held when the site setting holds every report, or when the reporter is a
 * newcomer past one of the newcomer budgets (trust/publication.ts). A report published at once from a
 * reporter with standing queues the alerts of the numbers and browsers watching near it; a
 * newcomer's waits for a second voice (spots.alerts_wait).
 */
export async function reportSpot(
  db: Db,
  input: ReportInput,
  { identity, standing, at }: Actor,
): Promise<{ spot: Spot; pending: boolean }> {
  const clean = redactReport(input);
  return db.transaction(async (tx) => {
    const settings = await readSiteSettings(tx);
    const heldBy =
      settings.requireApproval || standing
        ? undefined
        : await newcomerHold(tx, settings, identity, clean, at);
    const pending = settings.requireApproval || heldBy !== undefined;
    const row = await insertReportedSpot(
      tx,
      clean,
      pending ? 'pending' : 'approved',
      !pending && !standing,
      standing,
      { value: reportedConfidence(clean, standing), at },
    );
    await insertReporterVote(tx, row.id, identity);
    // Held by the site setting, a report is none of the newcomer budgets' business.
    if (!settings.requireApproval)
      await recordReport(tx, {
        spotId: row.id,
        at,
        newcomer: !standing,
        heldBy,
        who: identity,
        point: clean,
      });
    const spot = toSpot(row);
    // Published at once: the alerts and partners' webhooks are queued with it, so neither is kept
    // without the other (a newcomer's alerts wait for a second voice; partners hear of every spot).
    if (!pending && standing) await queueAlerts(tx, spot, { reporter: identity.visitor, now: at });
    if (!pending) await queueSpotEvents(tx, 'spot.published', [spot], at);
    return { spot, pending };
  });
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
