import { deviceSettled } from './device.ts';

/**
 * The page's only door to the server. Every call resolves (never throws) to a result the UI can
 * show: the body on success; otherwise the status, the server's safe message, validation issues,
 * the seconds a rate limit asks us to wait, or that the phone is offline.
 */
interface Issue {
  code?: string;
  path?: (string | number)[];
  message: string;
}

export type ApiResult<T> =
  | { ok: true; status: number; data: T; headers: Headers }
  | {
      ok: false;
      status: number;
      error: string;
      issues?: Issue[];
      retryAfter?: number;
      offline?: boolean;
      data?: T;
    };

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
  const { method = 'GET', signal } = options;
  // The list need not wait; what is this visitor's (its votes, its writes) must.
  if (method !== 'GET' || path.startsWith('/api/me')) await deviceSettled();
  // Every state-changing call is JSON (the moderator API refuses anything else, against CSRF).
  const body = options.body ?? (method === 'GET' ? undefined : {});
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { ok: false, status: 0, error: 'offline', offline: true };
  }
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (response.ok) return { ok: true, status: response.status, data: parsed as T, headers: response.headers };
  const payload = (parsed ?? {}) as { error?: string; issues?: Issue[] };
  const retry = Number(response.headers.get('retry-after'));
  return {
    ok: false,
    status: response.status,
    error: typeof payload.error === 'string' ? payload.error : text.slice(0, 200) || response.statusText,
    issues: Array.isArray(payload.issues) ? payload.issues : undefined,
    retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined,
    offline: response.headers.get('x-hatari-offline') === '1',
    data: parsed as T,
  };
}
