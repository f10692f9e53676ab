import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AltchaChallenge, solveAltcha } from '../test/altcha.ts';
import { report } from '../test/factories.ts';
import { type RunningServer, startServer, stop } from '../test/processes.ts';
import { createFreshDatabase, migratedDataDir, TEST_DATABASE_URL, TEST_REDIS_URL } from '../test/test-db.ts';

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
  /**
   * Where the request comes from: a forwarded address behind the trusted proxy; without one, an
   * address of this machine's loopback network (127.0.0.0/8) the request is sent from, so the
   * server sees its own socket peers on several IPv4 networks.
   */
  ip?: string;
  ua: string;
  cookie?: string;
}

/** A loopback address in the IPv4 /24 numbered `n` (0..65535), to send from without a proxy. */
export const loopbackNetwork = (n: number, host = 7) => `127.${(n >> 8) & 255}.${n & 255}.${host}`;

export async function call(
  c: Client,
  who: Sender,
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { 'user-agent': who.ua, ...extra };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (who.cookie) headers.cookie = who.cookie;
  if (c.proxy && who.ip) headers['x-forwarded-for'] = who.ip;
  const localAddress = !c.proxy && who.ip?.startsWith('127.') ? who.ip : undefined;
  const res = await new Promise<{ status: number; text: string; headers: Headers }>((resolve, reject) => {
    const req = http.request(new URL(path, c.base), { method, headers, localAddress, agent: false }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (d: Buffer) => chunks.push(d));
      r.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) h.set(k, [v].flat().join(', '));
        resolve({ status: r.statusCode ?? 0, text: Buffer.concat(chunks).toString(), headers: h });
      });
      r.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
  let json: Record<string, unknown> = {};
  try {
    json = res.text ? JSON.parse(res.text) : {};
  } catch {}
  return { status: res.status, json, headers: res.headers };
}

export { report };

/**
 * Storage for a server under attack, as environment variables: a fresh PostgreSQL database (the
 * default where tests have one), or embedded storage in a temporary folder. `remove` throws it away.
 * It starts migrated by this checkout's migrations, unless the attacks are replayed against other
 * code (ABUSE_SERVER_DIR): then it starts empty and that code migrates it its own way.
 */
export async function freshStorage(
  kind: 'postgres' | 'embedded' = TEST_DATABASE_URL ? 'postgres' : 'embedded',
): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  const empty = Boolean(process.env.ABUSE_SERVER_DIR);
  if (kind === 'postgres') {
    const fresh = await createFreshDatabase({ empty });
    return { env: { DATABASE_URL: fresh.url }, remove: fresh.dropDatabase };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'hatari-abuse-'));
  if (!empty) await migratedDataDir(dir);
  return { env: { DATA_DIR: dir }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** The set-ups the attacks on the community signal are replayed in. */
export interface Setup {
  name: string;
  proxy: boolean;
  storage: 'embedded' | 'postgres';
}
export const SETUPS: Setup[] = [
  { name: 'embedded, no proxy', proxy: false, storage: 'embedded' },
  { name: 'embedded, trusted proxy', proxy: true, storage: 'embedded' },
  { name: 'PostgreSQL + Redis, trusted proxy', proxy: true, storage: 'postgres' },
  { name: 'PostgreSQL + Redis, no proxy', proxy: false, storage: 'postgres' },
];
/** Why a set-up cannot run here, if it cannot. */
export const setupSkipped = (setup: Setup) =>
  setup.storage === 'postgres' && !(TEST_DATABASE_URL && TEST_REDIS_URL)
    ? 'needs TEST_DATABASE_URL and TEST_REDIS_URL'
    : false;
export const ATTACKED_ADMIN = { username: 'amina', password: 'correct-horse-battery' };

/**
 * The newcomer report budgets off (docs/api.md, "Earned trust"): the attacks on what takes a danger
 * off the map make many reports at one place to attack; the attacks on the budgets themselves run
 * with the defaults (`{}`).
 */
export const NO_REPORT_BUDGETS: Record<string, string> = {
  REPORT_BUDGET_PER_HOUR: '0',
  REPORT_BUDGET_PER_NETWORK_PER_HOUR: '0',
  REPORT_BUDGET_PER_PLACE_PER_HOUR: '0',
};

/**
 * The real server (as `npm start` runs it, with the seed and an admin) in a set-up, on fresh
 * storage, against the fake router at `osrmUrl`; ABUSE_SERVER_DIR runs another checkout's. Its
 * clean-ups are added to `cleanups`.
 */
export async function startAttackedServer(
  setup: Setup,
  osrmUrl: string,
  cleanups: Array<() => Promise<unknown> | unknown>,
  extraEnv: Record<string, string> = NO_REPORT_BUDGETS,
): Promise<{ server: RunningServer; c: Client; databaseUrl?: string }> {
  const env: Record<string, string> = {
    SEED: '1',
    OSRM_URL: osrmUrl,
    NOMINATIM_URL: 'http://127.0.0.1:9',
    ADMIN_USERNAME: ATTACKED_ADMIN.username,
    ADMIN_PASSWORD: ATTACKED_ADMIN.password,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  if (setup.proxy) env.TRUST_PROXY = 'true';
  const storage = await freshStorage(setup.storage);
  cleanups.push(storage.remove);
  Object.assign(env, storage.env);
  if (setup.storage === 'postgres') env.REDIS_URL = TEST_REDIS_URL as string;
  const server = await startServer(env, process.env.ABUSE_SERVER_DIR);
  cleanups.push(() => stop(server.proc));
  return { server, c: { base: server.url, proxy: setup.proxy }, databaseUrl: env.DATABASE_URL };
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

let reads = 0;
/** A new reader each time: the checks of an attack must not spend a visitor's read limit. */
const reader = (): Sender => ({ ua: `reader ${++reads}` });

export async function publicSpots(c: Client): Promise<SpotLite[]> {
  const res = await call(c, reader(), 'GET', '/api/spots?limit=5000');
  return res.json.spots as SpotLite[];
}

export const statsTotal = async (c: Client) =>
  ((await call(c, reader(), 'GET', '/api/stats')).json.totals as { total: number }).total;

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
  const started = performance.now();
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
      f.confirm = { requests: f.requests + 1, seconds: (performance.now() - started) / 1000 };
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
      f.dispute ??= { requests: f.requests, seconds: (performance.now() - started) / 1000 };
    }
  }
  f.seconds = (performance.now() - started) / 1000;
  f.statsAfter = await statsTotal(c);
  return f;
}

/** The spots a route check straight through `spot` (the fake router's straight road) lists as dangers. */
export async function dangersThrough(c: Client, spot: { lat: number; lng: number }): Promise<number[]> {
  const from = `${spot.lat},${(spot.lng - 0.01).toFixed(5)}`;
  const to = `${spot.lat},${(spot.lng + 0.01).toFixed(5)}`;
  const res = await call(c, { ua: `router ${++reads}` }, 'GET', `/api/route?from=${from}&to=${to}`);
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

/** A device credential issued to `who`, as the web page gets one: a challenge asked for, solved and sent. */
export async function device(c: Client, who: Sender): Promise<Sender> {
  const challenge = await call(c, who, 'GET', '/api/device/challenge');
  // Code from before credentials cost work (ABUSE_SERVER_DIR) has no challenge: it is asked without.
  const body =
    challenge.status === 404
      ? undefined
      : challenge.status === 200
        ? { altcha: solveAltcha(challenge.json as unknown as AltchaChallenge) }
        : null;
  if (body === null) return { ...who, cookie: undefined };
  const res = await call(c, who, 'POST', '/api/device', body);
  const value = /hatari_device=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  return { ...who, cookie: value ? `hatari_device=${value}` : undefined };
}

export const isPublic = async (c: Client, id: number) =>
  (await call(c, reader(), 'GET', `/api/spots/${id}`)).status === 200;
