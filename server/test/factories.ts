import assert from 'node:assert/strict';
import type { FastifyRequest, InjectOptions } from 'fastify';
import type { ModAction, Role } from '../../common/domain.ts';
import { createUser, SESSION_TTL_SECONDS } from '../src/moderation/auth.service.ts';
import { moderateSpot } from '../src/moderation/mod-spots.service.ts';
import { currentCode } from '../src/moderation/two-factor.ts';
import { readSiteSettings, writeSiteSettings } from '../src/settings/index.ts';
import { regionDay } from '../src/trust/index.ts';
import type { Clock } from '../src/util/clock.ts';
import { solveAltcha } from './altcha.ts';
import type { FakePushService } from './fake-push.ts';
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

/** A spot in the state a test needs, reached as users and moderators reach it (givenSpot). */
export interface SpotState {
  /** The report's fields (report() gives the rest). */
  fields?: Record<string, unknown>;
  /** Held for review, rejected by a moderator or archived by one; approved (on the map) unless said. */
  publication?: 'pending' | 'rejected' | 'archived';
  /** Verified by a moderator. */
  verified?: boolean;
  /** "Still dangerous" votes from this many other phones, besides the reporter's own. */
  confirmations?: number;
  /** "Not anymore" votes from this many other phones. */
  denials?: number;
}

let phonesUsed = 0;
/** A phone of its own (an address never used before by these factories). */
const newPhone = () => {
  phonesUsed++;
  return `100.${64 + ((phonesUsed >> 16) & 63)}.${(phonesUsed >> 8) & 255}.${phonesUsed & 255}`;
};
const FACTORY_MODERATOR = { username: 'factory', role: 'admin' as const };

/**
 * A spot reported, voted on and moderated through the app's own services, not by editing its row:
 * a report through POST /api/spots (held first when `publication` is pending or rejected: the site
 * then holds every report for the moment), votes from phones of their own through the vote
 * endpoint, and moderators' decisions through the moderation service. Returns the spot's id.
 */
export async function givenSpot(t: TestApp, state: SpotState = {}): Promise<number> {
  const held = state.publication === 'pending' || state.publication === 'rejected';
  const before = (await readSiteSettings(t.db)).requireApproval;
  if (held) await writeSiteSettings(t.db, { requireApproval: true });
  const res = await t
    .inject({ method: 'POST', url: '/api/spots', payload: report(state.fields), remoteAddress: newPhone() })
    .finally(() => held && writeSiteSettings(t.db, { requireApproval: before }));
  assert.equal(res.statusCode, 201, res.body);
  const id = (res.json() as { spot: { id: number } }).spot.id;
  const votes = [...Array(state.confirmations ?? 0).fill(1), ...Array(state.denials ?? 0).fill(-1)];
  for (const value of votes) {
    const vote = await t.inject({
      method: 'POST',
      url: `/api/spots/${id}/vote`,
      payload: { value },
      remoteAddress: newPhone(),
    });
    assert.equal(vote.statusCode, 200, vote.body);
  }
  const moderate = (action: ModAction) => moderateSpot(t.db, t.deps.standing, FACTORY_MODERATOR, id, action);
  if (state.publication === 'rejected') await moderate('reject');
  if (state.verified) await moderate('verify');
  if (state.publication === 'archived') await moderate('archive');
  return id;
}

/**
 * A browser watching a place for alerts, as the page sets one up: a subscription of the fake push
 * service (which the app must be started with, as PUSH_SERVICES) and POST /api/push/watches.
 * Returns the subscription, whose messages the fake service receives.
 */
export async function givenWatch(
  t: TestApp,
  push: FakePushService,
  at: { lat: number; lng: number; radius_m?: number; place?: string },
): Promise<ReturnType<FakePushService['subscribe']>> {
  const subscription = push.subscribe();
  const res = await t.inject({
    method: 'POST',
    url: '/api/push/watches',
    payload: { subscription, lang: 'en', place: 'Home', ...at },
    remoteAddress: newPhone(),
  });
  assert.equal(res.statusCode, 201, res.body);
  return subscription;
}

/**
 * Every message of the outbox waiting for a retry is due now, as if its wait were over: the outbox's
 * waits are the database's time, moved here instead of waited for.
 */
export async function retriesDueNow(t: Pick<TestApp, 'db'>): Promise<void> {
  await t.db.query(`UPDATE outbox SET send_after = now() WHERE state = 'queued' AND send_after > now()`);
}

/** A moderator a test made (givenModerator), with what signing in takes. */
export interface GivenModerator {
  username: string;
  password: string;
  role: Role;
  /**
   * With two-step sign-in on: the authenticator's secret, when its code was last used (each time
   * step signs in once), and the recovery codes not used yet.
   */
  twoFactor?: { secret: string; usedAt: number; recovery: string[] };
}

let moderatorsMade = 0;

/**
 * A moderator (or admin) made as an admin makes one (the auth service: its password hashed as any
 * other); with `twoFactor`, two-step sign-in turned on through the API as the moderator does it
 * (setup, then a code from the authenticator).
 */
export async function givenModerator(
  t: TestApp,
  opts: { role?: Role; twoFactor?: boolean; username?: string } = {},
): Promise<GivenModerator> {
  moderatorsMade++;
  const who: GivenModerator = {
    username: opts.username ?? `moderator${moderatorsMade}`,
    password: `a long password for moderator ${moderatorsMade}`,
    role: opts.role ?? 'moderator',
  };
  await createUser(t.db, who.username, await t.deps.signIn.hashPassword(who.password), who.role);
  if (!opts.twoFactor) return who;
  const cookie = await signedIn(t, who);
  const post = (url: string, payload: object) =>
    t.inject({ method: 'POST', url, headers: { cookie }, payload });
  const setup = await post('/api/auth/two-factor/setup', {});
  assert.equal(setup.statusCode, 200, setup.body);
  const { secret } = setup.json() as { secret: string };
  const usedAt = t.deps.clock.now().getTime();
  const on = await post('/api/auth/two-factor/enable', { code: currentCode(secret, usedAt) });
  assert.equal(on.statusCode, 200, on.body);
  const { recovery_codes: recovery } = on.json() as { recovery_codes: string[] };
  who.twoFactor = { secret, usedAt, recovery };
  return who;
}

/**
 * A session cookie of the moderator, signed in through POST /api/auth/login; with two-step sign-in,
 * with the authenticator's code for a time step not used yet (now or the next), else with one of
 * the recovery codes. Never a failed attempt, which the sign-in guard would count.
 */
export async function signedIn(
  t: Pick<TestApp, 'inject' | 'deps'>,
  who: Pick<GivenModerator, 'username' | 'password' | 'twoFactor'>,
): Promise<string> {
  let code: string | undefined;
  const factor = who.twoFactor;
  if (factor) {
    const step = (ms: number) => Math.floor(ms / 30_000);
    const now = t.deps.clock.now().getTime();
    const at = [now, now + 30_000].find((ms) => step(ms) > step(factor.usedAt));
    code = at === undefined ? factor.recovery.shift() : currentCode(factor.secret, at);
    if (at !== undefined) factor.usedAt = at;
  }
  const res = await t.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: who.username, password: who.password, ...(code ? { code } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res.headers['set-cookie']);
}

const sessionCookie = (header: unknown) => {
  const value = /hatari_session=([^;]+)/.exec(String(header))?.[1];
  if (!value) throw new Error('no session cookie');
  return `hatari_session=${value}`;
};
