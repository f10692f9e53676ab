/**
 * Outbound HTTP for the map services and the SMS gateway. Only clients/ calls fetch: every call has
 * a timeout and the identifying User-Agent their usage policies ask for.
 */
export class UpstreamError extends Error {
  constructor(
    readonly service: string,
    readonly reason: 'unreachable' | 'timeout' | 'bad-status' | 'garbage' | 'open' | 'busy',
    detail: string,
  ) {
    super(`${service}: ${reason} (${detail})`);
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

async function fetchJson(
  service: string,
  url: string,
  init: { method?: string; body?: string; headers: Record<string, string> },
  opts: { userAgent: string; timeoutMs: number },
): Promise<UpstreamResponse> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { ...init.headers, 'user-agent': opts.userAgent, accept: 'application/json' },
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
 */
export class UpstreamGuard {
  private failures = 0;
  private openUntil = 0;
  private trialRunning = false;
  private inFlight = 0;

  constructor(
    readonly service: string,
    private readonly opts: GuardOptions,
  ) {}

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.openUntil === 0) return 'closed';
    return Date.now() < this.openUntil ? 'open' : 'half-open';
  }

  /** Whether a call now would be let through (callers that wait their turn first ask this). */
  get accepting(): boolean {
    return this.refusal() === undefined;
  }

  private refusal(): UpstreamError | undefined {
    const state = this.state;
    if (state === 'open' || (state === 'half-open' && this.trialRunning)) {
      return new UpstreamError(this.service, 'open', 'failing; not asked for a while');
    }
    if (this.inFlight >= this.opts.maxInFlight) {
      return new UpstreamError(this.service, 'busy', `${this.inFlight} calls in flight`);
    }
    return undefined;
  }

  async run<T>(call: () => Promise<T>): Promise<T> {
    const refused = this.refusal();
    if (refused) throw refused;
    const state = this.state;
    const trial = state === 'half-open';
    if (trial) this.trialRunning = true;
    this.inFlight++;
    try {
      const result = await call();
      this.failures = 0;
      this.openUntil = 0;
      return result;
    } catch (err) {
      if (err instanceof UpstreamError) {
        this.failures++;
        if (trial || this.failures >= this.opts.failuresToOpen)
          this.openUntil = Date.now() + this.opts.openMs;
      } else {
        this.failures = 0;
        this.openUntil = 0;
      }
      throw err;
    } finally {
      this.inFlight--;
      if (trial) this.trialRunning = false;
    }
  }
}
