import type { Health } from './health.service.ts';

/**
 * Longer than this without a beat from the server's thread, the health port answers 503: a probe
 * with Docker's 3 s timeout (deploy/Dockerfile) would have had no answer from the main port by then.
 */
export const STALE_MS = 3000;

export interface HealthAnswer {
  status: 200 | 404 | 405 | 503;
  body: string;
}

/**
 * The health port's answer to `method` `url`: the last check the server's thread made, or 503 when
 * its thread has not beaten for `sinceBeatMs` ≥ STALE_MS (then /api/live fails too, as the main port
 * would have stopped answering).
 */
export function healthAnswer(method: string, url: string, last: Health, sinceBeatMs: number): HealthAnswer {
  const path = url.split('?', 1)[0];
  if (path !== '/api/health' && path !== '/api/live') return { status: 404, body: '{"error":"Not found"}' };
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, body: '{"error":"Method not allowed"}' };
  const held = sinceBeatMs >= STALE_MS;
  if (path === '/api/live')
    return held
      ? { status: 503, body: JSON.stringify({ ok: false, error: heldFor(sinceBeatMs) }) }
      : { status: 200, body: '{"ok":true}' };
  const health: Health = held ? { ...last, ok: false, error: heldFor(sinceBeatMs) } : last;
  return { status: health.ok ? 200 : 503, body: JSON.stringify(health) };
}

const heldFor = (ms: number) => `The server's thread has not turned for ${Math.round(ms / 1000)} s`;
