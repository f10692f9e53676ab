import { type BulkheadPolicy, bulkhead } from 'cockatiel';
import { ExpectedError } from './expected-error.ts';

/** A key's turns: who runs, who waits, and a failure the waiting share. */
interface Turns {
  turns: BulkheadPolicy;
  tasks: number;
  /** Tasks of the key that have arrived, numbered. */
  arrivals: number;
  /** A shared failure, and the last arrival it applies to (those waiting when it happened). */
  failed?: { err: unknown; before: number };
}

/** A task that found no turn: too many waiting for its key, or its wait ran out. */
export class NoTurnError extends ExpectedError {}

/**
 * Tasks of one key (a spot's id) run one at a time, the rest waiting in memory in arrival order:
 * writes to one spot hold at most one database connection between them, so a spot whose row another
 * holds locked cannot take the pool's connections from the writes to every other spot. A task waits
 * at most `maxWaitMs` for its turn and at most `maxWaiting` wait per key; past either it is refused
 * (NoTurnError) without having started. A task that started is never cut short.
 *
 * cockatiel's bulkhead (one place, a bounded queue) keeps each key's turns; this class keeps one per
 * key only while tasks of that key run or wait.
 */
export class KeyedQueue {
  private readonly keys = new Map<string | number, Turns>();
  private readonly maxWaiting: number;
  private readonly maxWaitMs: number;
  private readonly sharedFailure: (err: unknown) => boolean;

  /**
   * `sharedFailure`: an error a task failed with that the tasks waiting behind it would meet too (a
   * lock not granted in time): they fail with it at once instead of each waiting for it in turn.
   */
  constructor(maxWaiting: number, maxWaitMs: number, sharedFailure: (err: unknown) => boolean = () => false) {
    this.maxWaiting = maxWaiting;
    this.maxWaitMs = maxWaitMs;
    this.sharedFailure = sharedFailure;
  }

  async run<T>(key: string | number, task: () => Promise<T>): Promise<T> {
    const entry = this.keys.get(key) ?? { turns: bulkhead(1, this.maxWaiting), tasks: 0, arrivals: 0 };
    this.keys.set(key, entry);
    entry.tasks++;
    const arrival = ++entry.arrivals;
    const gaveUp = new AbortController();
    let refuse = (_err: NoTurnError) => {};
    const refused = new Promise<never>((_, reject) => (refuse = reject));
    const timer = setTimeout(() => {
      gaveUp.abort();
      refuse(new NoTurnError('waited too long for its turn'));
    }, this.maxWaitMs);
    try {
      if (entry.turns.executionSlots === 0 && entry.turns.queueSlots === 0)
        throw new NoTurnError('too many waiting for their turn');
      const ran = entry.turns.execute(async () => {
        clearTimeout(timer);
        if (entry.failed && arrival <= entry.failed.before) throw entry.failed.err;
        try {
          return await task();
        } catch (err) {
          if (this.sharedFailure(err)) entry.failed = { err, before: entry.arrivals };
          throw err;
        }
      }, gaveUp.signal);
      // A task given up on is skipped when its turn comes (its signal is aborted).
      ran.catch(() => {});
      return await Promise.race([ran, refused]);
    } finally {
      clearTimeout(timer);
      if (--entry.tasks === 0) this.keys.delete(key);
    }
  }

  /** Keys with tasks running or waiting (for tests: none are kept once done). */
  get size(): number {
    return this.keys.size;
  }
}
