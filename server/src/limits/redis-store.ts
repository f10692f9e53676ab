import { type ChainableCommander, Redis } from 'ioredis';
import type { CounterStore, Hit } from './counter-store.ts';
import type { WindowCounts } from './sliding-window.ts';

/**
 * One atomic script per request, counting each of its keys (one per policy) in its own window.
 * Time comes from the Redis server, so instances whose clocks disagree still agree on windows. One
 * hash per key holds the window counts; it expires two windows after the first hit of its latest
 * window.
 */
const HIT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local out = {}
local count = #KEYS
for i, key in ipairs(KEYS) do
  local windowMs = tonumber(ARGV[i])
  local n = tonumber(ARGV[count + i])
  local idx = math.floor(now / windowMs)
  local current = redis.call('HINCRBY', key, idx, n)
  local previous = tonumber(redis.call('HGET', key, idx - 1) or '0')
  if current == n then
    redis.call('HDEL', key, idx - 2)
    redis.call('PEXPIRE', key, windowMs * 2)
  end
  out[#out + 1] = current
  out[#out + 1] = previous
end
out[#out + 1] = now
return out
`;

export const REDIS_KEY_PREFIX = 'hatari:rl:';

type HitArgs = [numberOfKeys: number, ...keysThenWindowsThenCounts: Array<string | number>];
type RedisWithHit = Redis & {
  rateLimitHitAll(...args: HitArgs): Promise<number[]>;
};

interface Pending {
  args: HitArgs;
  resolve: (out: number[]) => void;
  reject: (err: Error) => void;
}

export class RedisStore implements CounterStore {
  readonly name = 'redis';
  private readonly redis: RedisWithHit;
  /** Counts asked for since the last write to Redis. */
  private pending: Pending[] = [];

  constructor(url: string, onError: (err: Error) => void, commandTimeoutMs: number) {
    this.redis = new Redis(url, {
      // Fail fast while disconnected: the caller falls back to memory instead of queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: commandTimeoutMs,
      retryStrategy: (times) => Math.min(100 * times, 2000),
    }) as RedisWithHit;
    this.redis.on('error', onError);
    // The number of keys varies, so it is passed first.
    this.redis.defineCommand('rateLimitHitAll', { lua: HIT_SCRIPT });
  }

  async hit(key: string, windowSeconds: number): Promise<WindowCounts> {
    return (await this.hitAll([{ key, windowSeconds }]))[0] as WindowCounts;
  }

  async hitAll(hits: readonly Hit[]): Promise<WindowCounts[]> {
    const out = await this.send([
      hits.length,
      ...hits.map((h) => REDIS_KEY_PREFIX + h.key),
      ...hits.map((h) => h.windowSeconds * 1000),
      ...hits.map((h) => h.n ?? 1),
    ]);
    const nowMs = out[out.length - 1] as number;
    return hits.map((_, i) => ({ current: out[2 * i] as number, previous: out[2 * i + 1] as number, nowMs }));
  }

  /**
   * The counts of every request that arrived in one turn of the event loop go to Redis in one write,
   * sent once the turn has read every ready socket (setImmediate): under load a write per request
   * (a system call waking Redis) cost a third of the server's time.
   */
  private send(args: HitArgs): Promise<number[]> {
    return new Promise((resolve, reject) => {
      this.pending.push({ args, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 1) {
      const [only] = batch as [Pending];
      this.redis.rateLimitHitAll(...only.args).then(only.resolve, only.reject);
      return;
    }
    const pipeline = this.redis.pipeline() as ChainableCommander & {
      rateLimitHitAll(...args: HitArgs): unknown;
    };
    for (const p of batch) pipeline.rateLimitHitAll(...p.args);
    pipeline.exec().then(
      (results) =>
        batch.forEach((p, i) => {
          const [err, out] = results?.[i] ?? [new Error('no reply')];
          if (err) p.reject(err);
          else p.resolve(out as number[]);
        }),
      (err: Error) => {
        for (const p of batch) p.reject(err);
      },
    );
  }

  async claimSlot(key: string, intervalMs: number): Promise<boolean> {
    return (await this.redis.set(`hatari:slot:${key}`, '1', 'PX', intervalMs, 'NX')) === 'OK';
  }

  ready(timeoutMs: number): Promise<boolean> {
    if (this.redis.status === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.redis.once('ready', onReady);
    });
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
