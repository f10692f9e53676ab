import type { Policy } from './policies.ts';

/** What a store returns for one hit: the counts of the current and previous fixed windows. */
export interface WindowCounts {
  /** Hits in the current window, this one included. */
  current: number;
  previous: number;
  /** The store's clock (ms since epoch) when it counted: windows are aligned to it. */
  nowMs: number;
}

export interface Decision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
  /** Seconds until one more request would be admitted (0 when it would be now). */
  retryAfterSeconds: number;
  windowSeconds: number;
}

/** The sliding window's count: the current window's hits plus the overlapping share of the previous. */
export function estimate(counts: WindowCounts, windowSeconds: number): number {
  const windowMs = windowSeconds * 1000;
  return counts.previous * (1 - (counts.nowMs % windowMs) / windowMs) + counts.current;
}

/**
 * Sliding window counter (docs/api.md, "Rate limits": windows slide): the previous window's count is weighted by
 * the share of it that still overlaps the sliding window, so there is no double burst at a window
 * boundary. Every request counts, rejected ones too, so retrying in a tight loop keeps a client out.
 */
export function decide(policy: Pick<Policy, 'limit' | 'windowSeconds'>, counts: WindowCounts): Decision {
  const windowMs = policy.windowSeconds * 1000;
  const elapsed = counts.nowMs % windowMs;
  const count = estimate(counts, policy.windowSeconds);
  const allowed = count <= policy.limit;
  return {
    allowed,
    limit: policy.limit,
    remaining: Math.max(0, Math.floor(policy.limit - count)),
    resetSeconds: Math.max(1, Math.ceil((windowMs - elapsed) / 1000)),
    retryAfterSeconds: Math.ceil(waitForNextAdmission(policy.limit, windowMs, elapsed, counts) / 1000),
    windowSeconds: policy.windowSeconds,
  };
}

/** Milliseconds until a further request (counted on top of these) would fit under the limit. */
function waitForNextAdmission(limit: number, windowMs: number, elapsed: number, c: WindowCounts): number {
  const room = limit - c.current - 1; // what the weighted previous window may still weigh
  if (room >= 0) {
    if (c.previous <= room) return 0;
    // previous * (1 - x / W) <= room  =>  x >= W * (1 - room / previous)
    return Math.max(0, windowMs * (1 - room / c.previous) - elapsed);
  }
  // Not before the next window, where this window becomes the weighted previous one:
  // current * (1 - y / W) + 1 <= limit  =>  y >= W * (1 - (limit - 1) / current)
  const intoNext = limit >= 1 ? windowMs * (1 - (limit - 1) / c.current) : windowMs;
  return windowMs - elapsed + Math.max(0, intoNext);
}
