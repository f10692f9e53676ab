import type { FastifyRequest } from 'fastify';
import { FairGate, GateBusyError } from '../util/fair-gate.ts';
import { error } from './api-schema.ts';
import { HttpError } from './errors.ts';

/** The 503 every public read declares: its work found no place in time. */
export const readsBusy = error(
  'Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds',
);

/**
 * What an uncached read costs: `light`, one row by its key (a spot by id, a visitor's own state), little
 * CPU and mostly the round trip; `heavy`, everything else (lists, tiles, clusters, search, stats).
 */
export type ReadCost = 'light' | 'heavy';

/**
 * The bound on uncached public reads (a cache miss, a visitor's own state): however many networks
 * ask, at most `limit` of them query the database at once, so pooled connections stay free for
 * writes and the health check's own connection is never needed for reads. Light reads (one row by
 * its key) have places of their own, `lightLimit`: they cost little CPU and mostly wait on the round
 * trip, so a few places would only slow them, while a list of 500 spots or a street tile keeps a core
 * busy, and more of those at once than there are cores only queue for the CPU, holding every other
 * answer (health included) behind them. While others wait, no wide network holds more than a quarter
 * of the places or of the queue (util/fair-gate.ts); a read that finds no place within five seconds,
 * or a full queue, is answered 503 with Retry-After.
 */
export class PublicReadGate {
  private readonly gates: Record<ReadCost, FairGate>;

  /** `networkOf`: the key places are shared by (the wide network). */
  private readonly networkOf: (request: FastifyRequest) => string;

  constructor(
    opts: { limit: number; lightLimit: number; maxWaiting: number },
    networkOf: (request: FastifyRequest) => string,
  ) {
    this.networkOf = networkOf;
    const gate = (limit: number) =>
      new FairGate({ limit, maxWaiting: opts.maxWaiting, share: 0.25, maxWaitMs: 5000 });
    this.gates = { heavy: gate(opts.limit), light: gate(opts.lightLimit) };
  }

  /** Uncached reads waiting for their place now, by cost. */
  get waiting(): Record<ReadCost, number> {
    return { heavy: this.gates.heavy.load.waiting, light: this.gates.light.load.waiting };
  }

  async run<T>(request: FastifyRequest, task: () => Promise<T>, cost: ReadCost = 'heavy'): Promise<T> {
    try {
      return await this.gates[cost].run(this.networkOf(request), task);
    } catch (err) {
      if (!(err instanceof GateBusyError)) throw err;
      const busy = new HttpError(503, 'The map is busy right now. Please try again in a few seconds.');
      busy.retryAfterSeconds = 2;
      throw busy;
    }
  }
}
