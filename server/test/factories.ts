import type { FastifyRequest, InjectOptions } from 'fastify';
import { SESSION_TTL_SECONDS } from '../src/moderation/auth.service.ts';
import { regionDay } from '../src/trust/index.ts';
import type { Clock } from '../src/util/clock.ts';
import { solveAltcha } from './altcha.ts';
import './loopback-only.ts';
import type { TestApp } from './test-app.ts';

/**
 * A moderator's session cookie for a test that moves the app's clock: sessions end by that clock
 * (SESSION_TTL_SECONDS), so this signs in again once the clock moved within an hour of the end.
 */
export function moderatorSession(
  app: () => Pick<TestApp, 'inject'>,
  clock: Clock,
  who: { username: string; password: string },
): () => Promise<string> {
  let cookie = '';
  let at = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = clock.now().getTime();
    if (now - at < (SESSION_TTL_SECONDS - 3600) * 1000) return cookie;
    const res = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: who,
    });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    cookie = `hatari_session=${/hatari_session=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1]}`;
    at = now;
    return cookie;
  };
}

/** The body of POST /api/device for a new credential: a challenge asked for and solved. */
export async function solvedChallenge(
  t: Pick<TestApp, 'inject'>,
  opts: Pick<InjectOptions, 'remoteAddress' | 'headers'> = {},
): Promise<{ altcha: string }> {
  const res = await t.inject({ method: 'GET', url: '/api/device/challenge', ...opts });
  if (res.statusCode !== 200) throw new Error(`no challenge: ${res.statusCode} ${res.body}`);
  return { altcha: solveAltcha(res.json()) };
}

/**
 * A device credential (as its Cookie header) whose device has standing (docs/api.md, "Earned trust"):
 * recorded as seen over ten days, with agreement. For tests of what a trusted reporter's act does.
 */
export async function deviceWithStanding(t: TestApp): Promise<string> {
  const res = await t.inject({ method: 'POST', url: '/api/device', payload: await solvedChallenge(t) });
  const value = /hatari_device=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1];
  if (!value) throw new Error(`no device credential: ${res.statusCode} ${res.body}`);
  const { visitor } = t.deps.identify({
    cookies: { hatari_device: value },
    headers: {},
    ip: '127.0.0.1',
    socket: {},
  } as unknown as FastifyRequest);
  const now = t.deps.clock.now();
  await t.db.query(
    `INSERT INTO standing (visitor, first_seen, last_seen, days_seen, agreed_at)
     VALUES ($1, $2::date - 10, $2::date, 10, $3)
     ON CONFLICT (visitor) DO UPDATE SET first_seen = EXCLUDED.first_seen, days_seen = 10, agreed_at = $3`,
    [visitor, regionDay(now), now],
  );
  t.deps.standing.forget([visitor]);
  return `hatari_device=${value}`;
}

/** A valid report body; override any field. */
export function report(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Unlit footpath behind the market',
    lat: 0.3136,
    lng: 32.5811,
    category: 'robbery',
    severity: 3,
    time_of_day: 'night',
    ...overrides,
  };
}
