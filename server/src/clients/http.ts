/**
 * Outbound HTTP for the map services. Only clients/ calls fetch: every call has a timeout and the
 * identifying User-Agent their usage policies ask for.
 */
export class UpstreamError extends Error {
  constructor(
    readonly service: string,
    readonly reason: 'unreachable' | 'timeout' | 'bad-status' | 'garbage',
    detail: string,
  ) {
    super(`${service}: ${reason} (${detail})`);
  }
}

export interface UpstreamResponse {
  status: number;
  body: unknown;
}

export async function getJson(
  service: string,
  url: string,
  opts: { userAgent: string; timeoutMs: number },
): Promise<UpstreamResponse> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { 'user-agent': opts.userAgent, accept: 'application/json' },
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
