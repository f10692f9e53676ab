import type { Db, Queryable } from '../db/db.ts';
import { claimOneTimeJob, oneTimeJobDone } from '../db/one-time-jobs.sql.ts';
import { redactPhoneNumbers } from './redact.ts';
import { redactReport } from './spots.service.ts';
import { flagNotesAfter, setFlagNote, setSpotTexts, spotTextsAfter } from './spots.sql.ts';

/**
 * Raised when the redaction learns to catch more (version 2: numbers dressed up with invisible
 * characters, other scripts' digits, unusual separators, right-to-left overrides; version 3: any
 * punctuation or symbol between groups, a letter O for a zero, groups written last first, and no
 * invisible format character stored at all; version 4: numbers in words, letters for digits,
 * connecting words between groups, and numbers split across a spot's title, area and description).
 * Text stored before is redacted again once per database, so what the old rules let through does
 * not stay.
 */
const REDACTION_VERSION = 4;
const BATCH = 1000;

/** What a run changed: spots whose texts and flag notes whose note lost a number (or a hidden character). */
export interface Redacted {
  version: number;
  spots: number;
  flagNotes: number;
}

/**
 * Redacts stored spot texts and flag notes again under the current rules, once per version; the
 * counts go to `audit` (the moderators' log) in the transaction that marks the job done. Undefined
 * when it had run.
 */
export async function redactStoredTextOnce(
  db: Db,
  audit: (tx: Queryable, counts: Redacted) => Promise<void>,
): Promise<Redacted | undefined> {
  const job = `redaction_v${REDACTION_VERSION}`;
  if (await oneTimeJobDone(db, job)) return undefined;
  const counts: Redacted = { version: REDACTION_VERSION, spots: 0, flagNotes: 0 };
  for (let after = 0; ; ) {
    const rows = await spotTextsAfter(db, after, BATCH);
    for (const row of rows) {
      const clean = redactReport(row);
      if (clean.title !== row.title || clean.description !== row.description || clean.area !== row.area) {
        await setSpotTexts(db, clean);
        counts.spots++;
      }
    }
    if (rows.length < BATCH) break;
    after = (rows.at(-1) as { id: number }).id;
  }
  for (let after = 0; ; ) {
    const rows = await flagNotesAfter(db, after, BATCH);
    for (const row of rows) {
      const note = redactPhoneNumbers(row.note);
      if (note !== row.note) {
        await setFlagNote(db, row.id, note);
        counts.flagNotes++;
      }
    }
    if (rows.length < BATCH) break;
    after = (rows.at(-1) as { id: number }).id;
  }
  // Marked at the end: a run cut short starts again (redacting twice changes nothing).
  // What changed users' texts is audit-logged; a run that changed nothing leaves no entry.
  await db.transaction(async (tx) => {
    if ((await claimOneTimeJob(tx, job)) && counts.spots + counts.flagNotes > 0) await audit(tx, counts);
  });
  return counts;
}
