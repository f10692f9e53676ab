import { type BulkheadPolicy, bulkhead } from 'cockatiel';
import { ExpectedError } from './expected-error.ts';

export class QueueFullError extends ExpectedError {}

/**
 * At most `limit` tasks at once; the rest wait their turn in arrival order, at most `maxWaiting` of
 * them: beyond that a task is refused at once (QueueFullError) rather than kept waiting.
 * cockatiel's bulkhead does the counting; a refusal is decided before the task is handed to it, so
 * that no error a task throws is taken for one.
 */
export class Semaphore {
  private readonly slots: BulkheadPolicy;

  // Unbounded in effect; a finite number, so that the bulkhead can say how many wait.
  private readonly maxWaiting: number;

  constructor(limit: number, maxWaiting = Number.MAX_SAFE_INTEGER) {
    this.maxWaiting = maxWaiting;
    this.slots = bulkhead(limit, maxWaiting);
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.full) return Promise.reject(new QueueFullError('too many tasks waiting'));
    return this.slots.execute(() => task());
  }

  get queued(): number {
    return this.maxWaiting - this.slots.queueSlots;
  }

  /** Whether a task started now would be refused: every place taken and the queue full. */
  get full(): boolean {
    return this.slots.executionSlots === 0 && this.slots.queueSlots === 0;
  }
}
