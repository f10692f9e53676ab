import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db.ts';
import { claimOneTimeJob, oneTimeJobDone } from '../db/one-time-jobs.sql.ts';
import type { BackgroundWork } from '../worker-role.ts';
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
export const REDACTION_VERSION = 4;
/**
 * Rows redacted between two reads. The rules cost about 200 µs a spot here, and a request's every
 * await can wait behind a batch: with 100 a batch, /api/health answered in 45 ms at the median while
 * a run went through 1,000,000 spots (1.6 ms after); 25 hold the loop for about 5 ms.
 */
const BATCH = 25;

/** What a run changed: spots whose texts and flag notes whose note lost a number (or a hidden character). */
export interface Redacted {
  version: number;
  spots: number;
  flagNotes: number;
}

type Audit = (tx: Queryable, counts: Redacted) => Promise<void>;

interface RunControl {
  /** Asked before each batch: a run stopped leaves the job undone, for the next run to start again. */
  stopped?: () => boolean;
  /** Called after a batch that changed public text (the spots'), for the read caches. */
  changed?: () => void;
  /** Awaited between batches with the time the last one took (the background run's pace). */
  pause?: (busyMs: number) => Promise<void>;
}

/**
 * Walks a table in id order, BATCH rows at a time; `fix` redacts a row and says whether it changed
 * it. How many it changed, or undefined when the run was stopped.
 */
async function walkInBatches<T extends { id: number }>(
  read: (after: number, limit: number) => Promise<T[]>,
  fix: (row: T) => Promise<boolean>,
  { stopped, changed, pause }: Required<RunControl>,
): Promise<number | undefined> {
  let fixed = 0;
  for (let after = 0; ; ) {
    if (stopped()) return undefined;
    const rows = await read(after, BATCH);
    const started = performance.now();
    const before = fixed;
    for (const row of rows) if (await fix(row)) fixed++;
    if (fixed > before) changed();
    if (rows.length < BATCH) return fixed;
    after = (rows.at(-1) as T).id;
    await pause(performance.now() - started);
  }
}

/**
 * Redacts stored spot texts and flag notes again under the current rules, once per version; the
 * counts go to `audit` (the moderators' log) in the transaction that marks the job done. Undefined
 * when it had run, or was stopped.
 */
export async function redactStoredTextOnce(
  db: Db,
  audit: Audit,
  { stopped = () => false, changed = () => {}, pause = async () => {} }: RunControl = {},
): Promise<Redacted | undefined> {
  const job = `redaction_v${REDACTION_VERSION}`;
  if (await oneTimeJobDone(db, job)) return undefined;
  const spots = await walkInBatches(
    (after, limit) => spotTextsAfter(db, after, limit),
    async (row) => {
      const clean = redactReport(row);
      if (clean.title === row.title && clean.description === row.description && clean.area === row.area)
        return false;
      await setSpotTexts(db, clean);
      return true;
    },
    { stopped, changed, pause },
  );
  if (spots === undefined) return undefined;
  // Flag notes are shown to moderators only: no public answer changes with them.
  const flagNotes = await walkInBatches(
    (after, limit) => flagNotesAfter(db, after, limit),
    async (row) => {
      const note = redactPhoneNumbers(row.note);
      if (note === row.note) return false;
      await setFlagNote(db, row.id, note);
      return true;
    },
    { stopped, changed: () => {}, pause },
  );
  if (flagNotes === undefined) return undefined;
  const counts: Redacted = { version: REDACTION_VERSION, spots, flagNotes };
  // Marked at the end: a run cut short starts again (redacting twice changes nothing).
  // What changed users' texts is audit-logged; a run that changed nothing leaves no entry.
  await db.transaction(async (tx) => {
    if ((await claimOneTimeJob(tx, job)) && counts.spots + counts.flagNotes > 0) await audit(tx, counts);
  });
  return counts;
}

/**
 * The redaction run as background work (worker-role.ts), after the server listens: at 1,000,000
 * spots it takes minutes of CPU, during which a start that waited for it answered nothing, health
 * included. It rests between batches as long as each took, so it takes at most half the event loop.
 * Until it ends, text stored under the older rules is served as the older version served it; each
 * batch that changes a spot's text empties the read caches.
 */
export class StoredTextRedaction implements BackgroundWork {
  private running: Promise<void> | undefined;
  private stopping = false;
  private readonly db: Db;
  private readonly audit: Audit;
  private readonly changed: () => void;
  private readonly log: FastifyBaseLogger;

  constructor(db: Db, audit: Audit, changed: () => void, log: FastifyBaseLogger) {
    this.db = db;
    this.audit = audit;
    this.changed = changed;
    this.log = log;
  }

  start(): void {
    this.stopping = false;
    this.running ??= redactStoredTextOnce(this.db, this.audit, {
      stopped: () => this.stopping,
      changed: this.changed,
      pause: (busyMs) => delay(busyMs),
    })
      .then((redacted) => {
        if (redacted) this.log.info(redacted, 'stored text redacted again under the current rules');
      })
      .catch((err) =>
        this.log.error({ err }, 'redacting stored text again failed; the next start tries again'),
      )
      .finally(() => {
        this.running = undefined;
      });
  }

  async close(): Promise<void> {
    this.stopping = true;
    await this.running;
  }
}
