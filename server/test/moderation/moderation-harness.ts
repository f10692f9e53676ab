import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { InjectOptions } from 'fastify';
import { report } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

/**
 * What the moderation tests share (moderation*.test.ts): an app whose first admin comes from
 * ADMIN_USERNAME/ADMIN_PASSWORD, signing in, and calls made with a session. Each file starts its own.
 */
export let t: TestApp;
export const ADMIN = { username: 'amina', password: 'correct horse battery' };
export const MOD = { username: 'okello', password: 'another long secret' };

export const json = { 'content-type': 'application/json' };

export async function signIn(who: { username: string; password: string }): Promise<string> {
  const res = await t.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: who });
  assert.equal(res.statusCode, 200, res.body);
  const cookie = String(res.headers['set-cookie']);
  const token = /hatari_session=([^;]+)/.exec(cookie)?.[1];
  assert.ok(token, `a session cookie: ${cookie}`);
  return `hatari_session=${token}`;
}

export function as(cookie: string, opts: InjectOptions): ReturnType<TestApp['inject']> {
  return t.inject({
    ...opts,
    headers: { ...(opts.method === 'GET' ? {} : json), cookie, ...(opts.headers ?? {}) },
    payload: opts.payload === undefined ? undefined : JSON.stringify(opts.payload),
  });
}

export const newSpot = async (body: Record<string, unknown> = {}) =>
  (await t.inject({ method: 'POST', url: '/api/spots', payload: report(body) })).json();

/** Starts the suite's app before its tests, and stops it after. */
export function useModerationApp() {
  before(async () => {
    t = await startTestApp({ env: { ADMIN_USERNAME: 'Amina', ADMIN_PASSWORD: ADMIN.password } });
  });
  after(() => t.close());
}
