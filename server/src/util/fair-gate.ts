import { ExpectedError } from './expected-error.ts';

export class GateBusyError extends ExpectedError {}

export interface FairGateOptions {
  /** Tasks running at once, over every key. */
  limit: number;
  /** Tasks waiting for a place, over every key; beyond it a task is refused at once. */
  maxWaiting: number;
  /** The part of the places (and of the queue) one key may hold. */
  share?: number;
  /** How long a task may wait for a place before it is refused. */
  maxWaitMs?: number;
}

interface Waiter {
  key: string;
  start: () => void;
  refuse: (why: string) => void;
}

/**
 * At most `limit` tasks at once, shared fairly between keys (networks): while tasks wait, a free place
 * goes to the first waiting task whose key runs fewer than `share` of the places, so a crowd from one
 * network waits behind itself while everyone else's tasks go on. Places nobody else waits for are not
 * left idle: a key may use more than its share until another key's task waits (one phone loading the
 * dozen tiles of its view gets them at once). The queue is shared the same way: one key may fill it
 * while alone, and a task of another key arriving at a full queue takes the place of the newest task
 * of the key holding more than `share` of it. A task that cannot start within `maxWaitMs`, or finds
 * the queue full of keys within their share, is refused with GateBusyError.
 *
 * Written here rather than taken from a library: p-limit and p-queue bound tasks in all, not per key;
 * bottleneck (last released 2019) can chain a limiter per key to a global one, but then each key has a
 * queue of its own, with no bound on their sum, and the waiting is split across two schedulers.
 */
export class FairGate {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly waitingBy = new Map<string, number>();
  private readonly queue: Waiter[] = [];
  private readonly perKey: number;
  private readonly perKeyWaiting: number;
  private readonly maxWaitMs: number;

  private readonly opts: FairGateOptions;

  constructor(opts: FairGateOptions) {
    this.opts = opts;
    const share = opts.share ?? 0.25;
    this.perKey = Math.max(1, Math.floor(opts.limit * share));
    this.perKeyWaiting = Math.max(1, Math.floor(opts.maxWaiting * share));
    this.maxWaitMs = opts.maxWaitMs ?? 2000;
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if (this.running < this.opts.limit && (this.queue.length === 0 || this.underShare(key))) this.take(key);
    else await this.wait(key);
    try {
      return await task();
    } finally {
      this.running--;
      bump(this.runningBy, key, -1);
      this.startWaiting();
    }
  }

  /** Tasks running and waiting now (for tests and the benchmark's report). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  private underShare(key: string): boolean {
    return (this.runningBy.get(key) ?? 0) < this.perKey;
  }

  private take(key: string) {
    this.running++;
    bump(this.runningBy, key, 1);
  }

  private wait(key: string): Promise<void> {
    if (this.queue.length >= this.opts.maxWaiting && !this.pushOut(key)) {
      return Promise.reject(new GateBusyError('every place and the queue are taken'));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        key,
        start: () => {
          clearTimeout(timer);
          resolve();
        },
        refuse: (why) => {
          clearTimeout(timer);
          reject(new GateBusyError(why));
        },
      };
      const timer = setTimeout(() => {
        if (this.remove(waiter)) waiter.refuse(`no place within ${this.maxWaitMs} ms`);
      }, this.maxWaitMs);
      this.queue.push(waiter);
      bump(this.waitingBy, key, 1);
    });
  }

  /**
   * A full queue takes a task of a key holding less than its share of it by refusing the newest task
   * of the key holding the most, when that one holds more than its share: alone, one network may fill
   * the queue; once others wait, its excess makes room for them.
   */
  private pushOut(key: string): boolean {
    if ((this.waitingBy.get(key) ?? 0) >= this.perKeyWaiting) return false;
    let largest: string | undefined;
    for (const [k, n] of this.waitingBy) if (n > (this.waitingBy.get(largest ?? '') ?? 0)) largest = k;
    if (largest === undefined || (this.waitingBy.get(largest) ?? 0) <= this.perKeyWaiting) return false;
    const newest = this.queue.findLast((w) => w.key === largest);
    if (!newest || !this.remove(newest)) return false;
    newest.refuse('its place in the queue went to another network');
    return true;
  }

  private remove(waiter: Waiter): boolean {
    const at = this.queue.indexOf(waiter);
    if (at < 0) return false;
    this.queue.splice(at, 1);
    bump(this.waitingBy, waiter.key, -1);
    return true;
  }

  /**
   * Gives free places to the first waiting tasks whose keys run under their share; when every waiting
   * key is at its share, to the first waiting task, so no place stays idle while tasks wait.
   */
  private startWaiting() {
    while (this.running < this.opts.limit && this.queue.length > 0) {
      const at = this.queue.findIndex((w) => this.underShare(w.key));
      const [waiter] = this.queue.splice(Math.max(at, 0), 1) as [Waiter];
      bump(this.waitingBy, waiter.key, -1);
      this.take(waiter.key);
      waiter.start();
    }
  }
}

function bump(counts: Map<string, number>, key: string, by: number) {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
