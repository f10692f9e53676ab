import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { InjectOptions } from 'fastify';
import { givenModerator, report, signedIn } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

/**
 * What the tests of one person, one voice share (community-signal.test.ts, coordinated-voting.test.ts):
 * an app with the real limits, a signed-in admin, fresh networks of phones, and their reports,
 * votes and flags. Each file starts its own app.
 */
export let t: TestApp;
export let moderator: string;

export const json = { 'content-type': 'application/json' };
export type Who = { ip: string; ua: string };
export let nextNet = 0;
/** A fresh network (so the real limits of one test do not reach the next), with n phones on it. */
export const network = (phones: number, v6 = false): Who[] => {
  const net = ++nextNet;
  return Array.from({ length: phones }, (_, i) => ({
    ip: v6 ? `2001:db8:${net.toString(16)}:${(i + 1).toString(16)}::1` : `198.18.${net}.1`,
    ua: `Phone ${i}`,
  }));
};

export const send = (who: Who, opts: InjectOptions) =>
  t.inject({
    ...opts,
    remoteAddress: who.ip,
    headers: { ...json, 'user-agent': who.ua, ...(opts.headers ?? {}) },
  });
export const newSpot = async (who: Who, body: Record<string, unknown> = {}) => {
  const res = await send(who, { method: 'POST', url: '/api/spots', payload: report(body) });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().spot as { id: number };
};
export const vote = (who: Who, id: number, value: 1 | -1) =>
  send(who, { method: 'POST', url: `/api/spots/${id}/vote`, payload: { value } });
export const flag = (who: Who, id: number) =>
  send(who, { method: 'POST', url: `/api/spots/${id}/flag`, payload: { reason: 'inaccurate' } });
export const mod = (opts: InjectOptions) =>
  t.inject({
    ...opts,
    headers: { ...(opts.method === 'GET' ? {} : json), cookie: moderator },
    payload: opts.payload === undefined ? undefined : JSON.stringify(opts.payload),
  });
export const spotRow = async (id: number) =>
  (
    await t.db.query<{ confirmations: number; denials: number; status: string; publication: string }>(
      'SELECT confirmations, denials, status, publication FROM spots WHERE id = $1',
      [id],
    )
  )[0];

/** Starts the suite's app before its tests, and stops it after. */
export function useCommunitySignalApp() {
  before(async () => {
    t = await startTestApp({ realLimits: true });
    moderator = await signedIn(t, await givenModerator(t, { role: 'admin' }));
  });
  after(() => t.close());
}
