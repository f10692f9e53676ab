import {
  type BulkheadPolicy,
  bulkhead,
  type CircuitBreakerPolicy,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleType,
} from 'cockatiel';
import { type Clock, systemClock } from '../util/clock.ts';
/**
 * Outbound HTTP for the map services, the SMS gateway and push services. Only clients/ calls fetch: every call has
 * a timeout and the identifying User-Agent their usage policies ask for.
 */
export class UpstreamError extends Error {
  readonly service: string;
  readonly reason: 'unreachable' | 'timeout' | 'bad-status' | 'garbage' | 'open' | 'busy';

  constructor(
    service: string,
    reason: 'unreachable' | 'timeout' | 'bad-status' | 'garbage' | 'open' | 'busy',
    detail: string,
  ) {
    super(`${service}: ${reason} (${detail})`);
    this.service = service;
    this.reason = reason;
  }
}

export interface UpstreamResponse {
  status: number;
  body: unknown;
}

export function getJson(
  service: string,
  url: string,
  opts: { userAgent: string; timeoutMs: number },
): Promise<UpstreamResponse> {
  return fetchJson(service, url, { headers: {} }, opts);
}

/** A form-encoded POST (the SMS gateway's messaging API) with its own headers, answered in JSON. */
export function postForm(
  service: string,
  url: string,
  form: Record<string, string>,
  opts: { userAgent: string; timeoutMs: number; headers: Record<string, string> },
): Promise<UpstreamResponse> {
  return fetchJson(
    service,
    url,
    {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { ...opts.headers, 'content-type': 'application/x-www-form-urlencoded' },
    },
    opts,
  );
}

/**
 * A POST of raw bytes (a Web Push message, encrypted) with its own headers. Only the status is
 * read; the body is dropped unread.
 */
export async function postBytes(
  service: string,
  url: string,
  body: Uint8Array,
  opts: { userAgent: string; timeoutMs: number; headers: Record<string, string> },
): Promise<number> {
  // A redirect is never followed: the body goes only where the caller named (a push endpoint
  // redirecting elsewhere would aim the server's requests at a site of the sender's choosing).
  const res = await call(
    service,
    url,
    { method: 'POST', body: new Uint8Array(body), headers: opts.headers, redirect: 'manual' },
    opts,
  );
  await res.body?.cancel().catch(() => {});
  return res.status;
}

async function call(
  service: string,
  url: string,
  init: {
    method?: string;
    body?: string | Uint8Array<ArrayBuffer>;
    headers: Record<string, string>;
    redirect?: 'manual';
  },
  opts: { userAgent: string; timeoutMs: number },
): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      headers: { ...init.headers, 'user-agent': opts.userAgent },
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (err) {
    const name = (err as Error).name;
    throw new UpstreamError(
      service,
      name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable',
      (err as Error).message,
    );
  }
}

async function fetchJson(
  service: string,
  url: string,
  init: { method?: string; body?: string; headers: Record<string, string> },
  opts: { userAgent: string; timeoutMs: number },
): Promise<UpstreamResponse> {
  const res = await call(
    service,
    url,
    { ...init, headers: { ...init.headers, accept: 'application/json' } },
    opts,
  );
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new UpstreamError(service, 'timeout', (err as Error).message);
  }
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    throw new UpstreamError(service, res.ok ? 'garbage' : 'bad-status', `HTTP ${res.status}, not JSON`);
  }
}

export interface GuardOptions {
  /** Calls in flight at once from this instance; more are refused at once ('busy'). */
  maxInFlight: number;
  /** Failures in a row that open the circuit. */
  failuresToOpen: number;
  /** How long an open circuit refuses calls before one trial call is let through. */
  openMs: number;
}

/**
 * A circuit breaker with a cap on calls in flight, one per map service per instance. When the
 * service is down, hangs or answers garbage, a few failures in a row open the circuit: calls are
 * refused at once ('open') instead of each waiting out its timeout, so requests do not pile up
 * behind a broken service. After `openMs` one trial call goes through; its success closes the
 * circuit, its failure opens it again. Answers the service gave (such as "no route") are successes.
 *
 * cockatiel's circuit breaker (consecutive failures) and bulkhead (no queue) do the work; this keeps
 * the answers the routes and health read: the state, whether a call would be let through, and why
 * not. While the trial is out, other calls are refused at once (cockatiel would make them wait on it).
 * How long the circuit stays open is read from `clock` (cockatiel reads the machine's time, so it is
 * told to let a trial through as soon as this guard does): tests move a clock instead of waiting.
 */
export class UpstreamGuard {
  private readonly breaker: CircuitBreakerPolicy;
  private readonly slots: BulkheadPolicy;
  private openedAt = 0;

  readonly service: string;
  private readonly opts: GuardOptions;
  private readonly clock: Clock;

  constructor(service: string, opts: GuardOptions, clock: Clock = systemClock) {
    this.service = service;
    this.opts = opts;
    this.clock = clock;
    this.breaker = circuitBreaker(handleType(UpstreamError), {
      // The guard keeps the circuit open for openMs itself (refusal()), by its clock.
      halfOpenAfter: 0,
      breaker: new ConsecutiveBreaker(opts.failuresToOpen),
    });
    this.breaker.onBreak(() => {
      this.openedAt = this.clock.now().getTime();
    });
    this.slots = bulkhead(opts.maxInFlight);
  }

  get state(): 'closed' | 'open' | 'half-open' {
    switch (this.breaker.state) {
      case CircuitState.Closed:
        return 'closed';
      case CircuitState.HalfOpen:
        return 'half-open';
      default:
        return this.clock.now().getTime() - this.openedAt < this.opts.openMs ? 'open' : 'half-open';
    }
  }

  /** Whether a call now would be let through (callers that wait their turn first ask this). */
  get accepting(): boolean {
    return this.refusal() === undefined;
  }

  private refusal(): UpstreamError | undefined {
    if (this.state === 'open' || this.breaker.state === CircuitState.HalfOpen) {
      return new UpstreamError(this.service, 'open', 'failing; not asked for a while');
    }
    if (this.slots.executionSlots === 0) {
      return new UpstreamError(this.service, 'busy', `${this.opts.maxInFlight} calls in flight`);
    }
    return undefined;
  }

  async run<T>(call: () => Promise<T>): Promise<T> {
    const refused = this.refusal();
    if (refused) throw refused;
    // What the service answered, even as an error of its own (no route), is a success to the breaker.
    const outcome = await this.slots.execute(() =>
      this.breaker.execute(async () => {
        try {
          return { value: await call() };
        } catch (err) {
          if (err instanceof UpstreamError) throw err;
          return { thrown: err };
        }
      }),
    );
    if ('thrown' in outcome) throw outcome.thrown;
    return outcome.value;
  }
}
