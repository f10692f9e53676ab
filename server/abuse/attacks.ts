import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFreshDatabase, migratedDataDir, report, TEST_DATABASE_URL } from '../test/helpers.ts';

/**
 * The attacks on the community signal, replayed over HTTP against a running server. Each returns
 * the figures it measured; the tests assert the outcome and print the figures.
 */

export interface Client {
  base: string;
  /** Whether the server trusts X-Forwarded-For (then each "network" below is a forwarded address). */
  proxy: boolean;
}

export interface Sender {
  ip?: string;
  ua: string;
  cookie?: string;
}

export async function call(
  c: Client,
  who: Sender,
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { 'user-agent': who.ua, ...extra };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (who.cookie) headers.cookie = who.cookie;
  if (c.proxy && who.ip) headers['x-forwarded-for'] = who.ip;
  const res = await fetch(`${c.base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {}
  return { status: res.status, json, headers: res.headers };
}

export { report };

/**
 * Storage for a server under attack, as environment variables: a fresh PostgreSQL database (the
 * default where tests have one), or embedded storage in a temporary folder. `remove` throws it away.
 */
export async function freshStorage(
  kind: 'postgres' | 'embedded' = TEST_DATABASE_URL ? 'postgres' : 'embedded',
): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  if (kind === 'postgres') {
    const fresh = await createFreshDatabase();
    return { env: { DATABASE_URL: fresh.url }, remove: fresh.dropDatabase };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'hatari-abuse-'));
  await migratedDataDir(dir);
  return { env: { DATA_DIR: dir }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

interface SpotLite {
  id: number;
  status: string;
  confirmations: number;
  denials: number;
  seeded: boolean;
  lat: number;
  lng: number;
  moderator_verified: boolean;
}

export async function publicSpots(c: Client): Promise<SpotLite[]> {
  const res = await call(c, { ua: 'reader' }, 'GET', '/api/spots?limit=5000');
  return res.json.spots as SpotLite[];
}

export const statsTotal = async (c: Client) =>
  ((await call(c, { ua: 'reader' }, 'GET', '/api/stats')).json.totals as { total: number }).total;

export interface StuffingFigures {
  requests: number;
  seconds: number;
  statusChanges: number;
  refused: number;
  /** Requests and seconds until a new spot was confirmed (undefined: never). */
  confirm?: { requests: number; seconds: number };
  /** Requests and seconds until the first confirmed seeded spot was disputed. */
  dispute?: { requests: number; seconds: number };
  seededDisputed: number;
  seededTotal: number;
  statsBefore: number;
  statsAfter: number;
}

/**
 * Vote stuffing from one address, rotating only the user agent: confirm a new spot, then try to
 * dispute every seeded spot. Bounded: at most `maxRequests` votes.
 */
export async function voteStuffing(c: Client, address: string, maxRequests = 400): Promise<StuffingFigures> {
  let ua = 0;
  const attacker = (): Sender => ({ ip: address, ua: `Attacker/${++ua}` });
  const statsBefore = await statsTotal(c);
  const seeded = (await publicSpots(c)).filter((s) => s.seeded);
  const started = Date.now();
  const f: StuffingFigures = {
    requests: 0,
    seconds: 0,
    statusChanges: 0,
    refused: 0,
    seededDisputed: 0,
    seededTotal: seeded.length,
    statsBefore,
    statsAfter: 0,
  };
  const vote = async (id: number, value: 1 | -1) => {
    f.requests++;
    const res = await call(c, attacker(), 'POST', `/api/spots/${id}/vote`, { value });
    if (res.status === 429) f.refused++;
    return res;
  };

  const made = await call(c, attacker(), 'POST', '/api/spots', report({ title: 'Stuffed spot' }));
  assert.equal(made.status, 201, JSON.stringify(made.json));
  const fresh = (made.json.spot as SpotLite).id;
  for (let i = 0; i < 5 && f.requests < maxRequests; i++) {
    const res = await vote(fresh, 1);
    if (res.status !== 200) break;
    if ((res.json.spot as SpotLite).status === 'confirmed') {
      f.statusChanges++;
      f.confirm = { requests: f.requests + 1, seconds: (Date.now() - started) / 1000 };
      break;
    }
  }
  for (const spot of seeded) {
    let status = spot.status;
    for (let i = 0; i < 12 && status !== 'disputed' && f.requests < maxRequests; i++) {
      const res = await vote(spot.id, -1);
      if (res.status !== 200) break;
      const next = (res.json.spot as SpotLite).status;
      if (next !== status) f.statusChanges++;
      status = next;
    }
    if (status === 'disputed') {
      f.seededDisputed++;
      f.dispute ??= { requests: f.requests, seconds: (Date.now() - started) / 1000 };
    }
  }
  f.seconds = (Date.now() - started) / 1000;
  f.statsAfter = await statsTotal(c);
  return f;
}

/** The spots a route check straight through `spot` (the fake router's straight road) lists as dangers. */
export async function dangersThrough(c: Client, spot: { lat: number; lng: number }): Promise<number[]> {
  const from = `${spot.lat},${(spot.lng - 0.01).toFixed(5)}`;
  const to = `${spot.lat},${(spot.lng + 0.01).toFixed(5)}`;
  const res = await call(c, { ua: 'router' }, 'GET', `/api/route?from=${from}&to=${to}`);
  assert.equal(res.status, 200, JSON.stringify(res.json));
  const routes = res.json.routes as Array<{ summary: string; dangers: Array<{ spot: { id: number } }> }>;
  const straight = routes.find((r) => r.summary === 'Straight Road') ?? routes[0];
  return (straight?.dangers ?? []).map((d) => d.spot.id);
}

export async function signIn(c: Client, username: string, password: string): Promise<Sender> {
  const res = await fetch(`${c.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  assert.equal(res.status, 200);
  const token = /hatari_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  return { ua: 'moderator', cookie: `hatari_session=${token}` };
}

/** A device credential issued to `who`, as the web page gets one. */
export async function device(c: Client, who: Sender): Promise<Sender> {
  const res = await fetch(`${c.base}/api/device`, {
    method: 'POST',
    headers: { 'user-agent': who.ua, ...(c.proxy && who.ip ? { 'x-forwarded-for': who.ip } : {}) },
  });
  const value = /hatari_device=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  return { ...who, cookie: value ? `hatari_device=${value}` : undefined };
}

export const isPublic = async (c: Client, id: number) =>
  (await call(c, { ua: 'reader' }, 'GET', `/api/spots/${id}`)).status === 200;
