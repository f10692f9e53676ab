import { ExpectedError } from './expected-error.ts';

export class QueueFullError extends ExpectedError {}

/**
 * At most `limit` tasks at once; the rest wait their turn in arrival order, at most `maxWaiting` of
 * them: beyond that a task is refused at once (QueueFullError) rather than kept waiting.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFullError('too many tasks waiting');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Whether a task started now would be refused: every place taken and the queue full. */
  get full(): boolean {
    return this.running >= this.limit && this.waiting.length >= this.maxWaiting;
  }
}
