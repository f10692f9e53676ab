import type { Db } from '../db/db.ts';
import { claimOneTimeJob, oneTimeJobDone } from '../db/one-time-jobs.sql.ts';
import { redactPhoneNumbers } from './redact.ts';
import { redactReport } from './spots.service.ts';
import { flagNotesAfter, setFlagNote, setSpotTexts, spotTextsAfter } from './spots.sql.ts';

/**
 * Raised when the redaction learns to catch more (version 2: numbers dressed up with invisible
 * characters, other scripts' digits, unusual separators, right-to-left overrides; version 3: any
 * punctuation or symbol between groups, a letter O for a zero, groups written last first, and no
 * invisible format character stored at all). Text stored before is redacted again once per
 * database, so what the old rules let through does not stay.
 */
const REDACTION_VERSION = 3;
const BATCH = 1000;

/** Redacts stored spot texts and flag notes again under the current rules; returns rows changed. */
export async function redactStoredTextOnce(db: Db): Promise<number> {
  const job = `redaction_v${REDACTION_VERSION}`;
  if (await oneTimeJobDone(db, job)) return 0;
  let changed = 0;
  for (let after = 0; ; ) {
    const rows = await spotTextsAfter(db, after, BATCH);
    for (const row of rows) {
      const clean = redactReport(row);
      if (clean.title !== row.title || clean.description !== row.description || clean.area !== row.area) {
        await setSpotTexts(db, clean);
        changed++;
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
        changed++;
      }
    }
    if (rows.length < BATCH) break;
    after = (rows.at(-1) as { id: number }).id;
  }
  // Marked at the end: a run cut short starts again (redacting twice changes nothing).
  await claimOneTimeJob(db, job);
  return changed;
}
