import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { currentCode } from '../../src/moderation/two-factor.ts';
import { writeSiteSettings } from '../../src/settings/index.ts';
import { solveAltcha } from '../altcha.ts';
import { givenModerator, signedIn } from '../factories.ts';
import { startTestApp, type TestApp, TestClock } from '../test-app.ts';

/**
 * Moderators' sign-in (docs/moderators.md, "Signing in" and "Two-step sign-in"): growing delays per
 * account that never lock out the moderator's own browser, the bound per IPv4 /24 or IPv6 /48, the
 * bounded queue of password checks, and the second factor. Waiting is skipped by moving the
 * account's next allowed attempt to now, and held (on a slow machine) by moving it a minute on; the
 * waits are read as the server stored them, never from the clock. The app's clock stands still, so
 * the authenticator's time step (30 s) never rolls over between two sign-ins of one test.
 */
let t: TestApp;
const ADMIN = { username: 'amina', password: 'correct horse battery' };
const MOD = { username: 'okello', password: 'another long secret' };
const json = { 'content-type': 'application/json' };
let adminCookie: string;

describe('moderation/sign-in', () => {
  before(async () => {
    t = await startTestApp({
      env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
      clock: new TestClock(),
    });
    adminCookie = (await login(ADMIN)).session;
    const made = await t.inject({
      method: 'POST',
      url: '/api/mod/users',
      headers: { ...json, cookie: adminCookie },
      payload: { ...MOD, role: 'moderator' },
    });
    assert.equal(made.statusCode, 201, made.body);
  });
  after(() => t.close());

  let nextHost = 0;
  /** A sign-in from a network of its own (so the per-network limit stays out of these tests). */
  async function login(body: Record<string, unknown>, opts: { cookie?: string; ip?: string } = {}) {
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...json, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
      payload: body,
      remoteAddress: opts.ip ?? `10.${Math.floor(++nextHost / 250)}.${nextHost % 250}.1`,
    });
    const cookies = String(res.headers['set-cookie'] ?? '');
    return {
      res,
      session: `hatari_session=${/hatari_session=([^;]+)/.exec(cookies)?.[1]}`,
      known: /hatari_known=([^;]+)/.exec(cookies)?.[1],
    };
  }
  const as = (cookie: string, opts: InjectOptions) =>
    t.inject({
      ...opts,
      headers: { ...(opts.method === 'GET' ? {} : json), cookie },
      payload: opts.payload === undefined ? undefined : JSON.stringify(opts.payload),
    });
  /** Runs `test` while the site requires two-step sign-in (an admin turns it on), lifted after. */
  async function whileRequired(test: () => Promise<void>) {
    const put = await as(adminCookie, {
      method: 'PUT',
      url: '/api/mod/settings',
      payload: { requireTwoFactor: true },
    });
    assert.equal(put.statusCode, 200, put.body);
    try {
      await test();
    } finally {
      await writeSiteSettings(t.db, { requireTwoFactor: false });
    }
  }
  /** Every account starts afresh, as after a quiet day. */
  const forgetAttempts = () => t.db.query('DELETE FROM sign_in_attempts');
  /** Lets every account try again now, as if its wait were over. */
  const waitOver = () => t.db.query('UPDATE sign_in_attempts SET next_at = now()');
  /**
   * Keeps every waiting account waiting for a minute more: the attempts after it then fall inside the
   * wait however slowly a loaded machine answers (a wait of 1 s can pass during one password check).
   */
  const holdWait = () =>
    t.db.query(`UPDATE sign_in_attempts SET next_at = now() + interval '1 minute' WHERE next_at > last_at`);
  /**
   * The wait the last attempt set, in seconds, as the server stored it: of the two rows an attempt
   * writes (its bucket's, and the account's count from anywhere, which sets no wait), the longer.
   */
  const lastDelay = async () =>
    (
      await t.db.query<{ s: number }>(
        `SELECT max(s) AS s FROM (SELECT extract(epoch FROM next_at - last_at)::float8 AS s
         FROM sign_in_attempts ORDER BY last_at DESC LIMIT 2) last`,
      )
    )[0]?.s;

  describe('guesses at an account', () => {
    it('take five at once from one network, then wait ever longer; an unknown name waits alike', async () => {
      for (const [n, username] of [MOD.username, 'nobody-here'].entries()) {
        // One guesser's network: the delays count per account and wide network.
        const ip = `10.200.${n}.1`;
        const guess = (body: Record<string, unknown>) => login(body, { ip });
        const statuses = [];
        for (let i = 0; i < 5; i++)
          statuses.push((await guess({ username, password: `wrong ${i}` })).res.statusCode);
        assert.deepEqual(statuses, [401, 401, 401, 401, 401], username);
        assert.equal(await lastDelay(), 1, `the fifth wrong password sets a wait of 1 s (${username})`);
        await holdWait();
        const refused = [];
        for (let i = 0; i < 2; i++) refused.push((await guess({ username, password: 'wrong again' })).res);
        assert.deepEqual(
          refused.map((r) => r.statusCode),
          [429, 429],
          'while the wait lasts, even two more are refused',
        );
        assert.match(refused[0]?.json().error, /Too many sign-in attempts for this account/);
        assert.ok(Number(refused[0]?.headers['retry-after']) >= 1, 'says when to try again');
        const waits = [];
        for (let i = 0; i < 4; i++) {
          await waitOver();
          assert.equal((await guess({ username, password: 'wrong' })).res.statusCode, 401);
          waits.push(await lastDelay());
        }
        assert.deepEqual(waits, [2, 4, 8, 16], `each wait doubles (${username})`);
        await holdWait();
        const elsewhere = await login({ username, password: 'from another network' });
        assert.notEqual(
          elsewhere.res.statusCode,
          429,
          "another network's attempt does not wait for this one's",
        );
      }
      await forgetAttempts();
    });

    it("never lock the moderator's own browser out, and a right password starts the account afresh", async () => {
      const own = await login(MOD);
      assert.equal(own.res.statusCode, 200, own.res.body);
      assert.ok(own.known, 'a known-device cookie');
      const guesser = '10.201.0.1';
      for (let i = 0; i < 8; i++)
        await login({ ...MOD, password: `a stranger's guess ${i}` }, { ip: guesser });
      await holdWait();
      assert.equal(
        (await login(MOD, { ip: guesser })).res.statusCode,
        429,
        "from the guesser's network a stranger (no cookie) must wait, even with the password",
      );
      const forged = await login(MOD, { cookie: `hatari_known=${own.known?.slice(0, -2)}xx`, ip: guesser });
      assert.equal(forged.res.statusCode, 429, 'a forged cookie is no cookie');
      const back = await login(MOD, { cookie: `hatari_known=${own.known}`, ip: guesser });
      assert.equal(back.res.statusCode, 200, 'the known browser signs in, even there');
      const other = await login(ADMIN, { cookie: `hatari_known=${own.known}`, ip: guesser });
      assert.equal(other.res.statusCode, 200, 'the cookie is for one account only (others were not delayed)');
      await forgetAttempts();
    });

    it('from many networks, past ten attempts at an account a day, ask an unknown browser for work that grows', async () => {
      for (let i = 0; i < 10; i++) {
        const res = (await login({ ...MOD, password: `guess ${i}` })).res;
        assert.equal(res.statusCode, 401);
        assert.equal(res.json().proof_of_work, undefined, `attempt ${i + 1} needs no work`);
      }
      const asked = (await login({ ...MOD, password: 'guess 11' })).res;
      assert.equal(asked.statusCode, 401);
      const work = asked.json().proof_of_work;
      assert.equal(work.maxnumber, 200_000, 'a second or two in a browser');
      // Without a solution no password is checked and nothing is counted: the work is asked again.
      assert.equal((await login(MOD)).res.json().proof_of_work.maxnumber, 200_000);
      // The moderator's fresh browser pays the work once, with the right password: in.
      const solved = await login({ ...MOD, altcha: solveAltcha(work) });
      assert.equal(solved.res.statusCode, 200, solved.res.body);
      assert.equal((await login(MOD)).res.statusCode, 200, 'a success starts the account afresh: no work');
      // A guesser pays per guess, and the work doubles every twenty attempts.
      for (let i = 0; i < 30; i++) {
        const res = (await login({ ...MOD, password: `guess ${i}` })).res;
        const needed = res.json().proof_of_work;
        if (needed)
          assert.equal(
            (await login({ ...MOD, password: `guess ${i}`, altcha: solveAltcha(needed) })).res.statusCode,
            401,
          );
      }
      assert.equal((await login(MOD)).res.json().proof_of_work.maxnumber, 400_000);
      const reused = await login({ ...MOD, altcha: solveAltcha(work) });
      assert.ok(reused.res.json().proof_of_work, 'a solution is taken once');
      await forgetAttempts();
    });
  });

  describe('the bound per wide network', () => {
    it('holds 20 attempts per 15 minutes from one IPv6 /48, whatever its /56s', async () => {
      const limited = await startTestApp({ database: { db: t.db, drop: async () => {} }, realLimits: true });
      try {
        const statuses = [];
        for (let i = 0; i < 22; i++) {
          const res = await limited.inject({
            method: 'POST',
            url: '/api/auth/login',
            headers: json,
            payload: { username: `guess-${i}`, password: 'a wrong password' },
            remoteAddress: `2001:db8:48:${(i * 256).toString(16)}::1`,
          });
          statuses.push(res.statusCode);
        }
        assert.deepEqual(statuses, [...Array(20).fill(401), 429, 429]);
      } finally {
        await limited.close();
      }
    });
  });

  describe('password checks', () => {
    it('run in a bounded queue: a flood is refused with 503, never piled up', async () => {
      // At the site's cost (2^15, 60 ms a check), not the tests' cheaper one.
      const site = await startTestApp({
        database: { db: t.db, drop: async () => {} },
        env: { PASSWORD_HASH_COST: '15' },
      });
      const flood = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          site.inject({
            method: 'POST',
            url: '/api/auth/login',
            headers: json,
            payload: { username: `flood-${i}`, password: 'a wrong password' },
            remoteAddress: `10.250.${i}.1`,
          }),
        ),
      ).finally(() => site.close());
      const statuses = flood.map((res) => res.statusCode);
      assert.ok(
        statuses.every((s) => s === 401 || s === 503),
        statuses.join(),
      );
      assert.ok(statuses.filter((s) => s === 503).length >= 20, `refused past the queue: ${statuses.join()}`);
      const busy = flood.find((res) => res.statusCode === 503);
      assert.equal(busy?.headers['retry-after'], '5');
    });
  });

  describe('two-step sign-in', () => {
    let secret = '';
    let recovery: string[] = [];
    let session = '';

    it('is set up with a code from the app, and answers ten recovery codes once', async () => {
      session = (await login(MOD)).session;
      const setup = await as(session, { method: 'POST', url: '/api/auth/two-factor/setup', payload: {} });
      assert.equal(setup.statusCode, 200, setup.body);
      secret = setup.json().secret;
      assert.match(setup.json().uri, /^otpauth:\/\/totp\/Hatari:okello\?/);
      assert.match(setup.json().qr_svg, /^<svg/);
      const wrong = await as(session, {
        method: 'POST',
        url: '/api/auth/two-factor/enable',
        payload: { code: '000000' },
      });
      assert.equal(wrong.statusCode, 400);
      const on = await as(session, {
        method: 'POST',
        url: '/api/auth/two-factor/enable',
        payload: { code: currentCode(secret, t.deps.clock.now().getTime()) },
      });
      assert.equal(on.statusCode, 200, on.body);
      recovery = on.json().recovery_codes;
      assert.equal(recovery.length, 10);
      const [row] = await t.db.query<{ codes: string[] }>(
        `SELECT recovery_codes AS codes FROM users WHERE username = 'okello'`,
      );
      assert.ok(row && !row.codes.some((c) => recovery.includes(c)), 'only hashes are kept');
      const state = (await as(session, { method: 'GET', url: '/api/auth/session' })).json().two_factor;
      assert.deepEqual(state, { enabled: true, required: false, session: true });
    });

    it('then needs the code: each code once, a recovery code once', async () => {
      const bare = (await login(MOD)).res;
      assert.equal(bare.statusCode, 401);
      assert.deepEqual(bare.json(), {
        error: 'Enter the code from your authenticator app',
        two_factor: true,
      });
      assert.equal((await login({ ...MOD, code: '123456' })).res.statusCode, 401);
      const next = currentCode(secret, t.deps.clock.now().getTime() + 30_000);
      assert.equal((await login({ ...MOD, code: next })).res.statusCode, 200, 'the next step is taken');
      assert.equal((await login({ ...MOD, code: next })).res.statusCode, 401, 'never twice');
      await waitOver();
      const code = recovery[0] as string;
      assert.equal(
        (await login({ ...MOD, code: code.toUpperCase() })).res.statusCode,
        200,
        'a recovery code',
      );
      assert.equal((await login({ ...MOD, code })).res.statusCode, 401, 'used up');
      await waitOver();
    });

    it('is required of every account when an admin says so: a session without it can only set it up', () =>
      whileRequired(async () => {
        // The admin has no second factor: its session is held back until it sets one up.
        const held = await as(adminCookie, { method: 'GET', url: '/api/mod/spots' });
        assert.equal(held.statusCode, 403);
        assert.equal(held.json().two_factor_setup, true);
        const setup = await as(adminCookie, {
          method: 'POST',
          url: '/api/auth/two-factor/setup',
          payload: {},
        });
        const on = await as(adminCookie, {
          method: 'POST',
          url: '/api/auth/two-factor/enable',
          payload: { code: currentCode(setup.json().secret, t.deps.clock.now().getTime()) },
        });
        assert.equal(on.statusCode, 200, on.body);
        assert.equal((await as(adminCookie, { method: 'GET', url: '/api/mod/spots' })).statusCode, 200);
        // While required, nobody turns it off; an admin resets a lost phone.
        const off = await as(adminCookie, {
          method: 'POST',
          url: '/api/auth/two-factor/disable',
          payload: {
            password: ADMIN.password,
            code: currentCode(setup.json().secret, t.deps.clock.now().getTime() + 30_000),
          },
        });
        assert.equal(off.statusCode, 409);
        const reset = await as(adminCookie, {
          method: 'PATCH',
          url: '/api/mod/users/okello',
          payload: { resetTwoFactor: true },
        });
        assert.equal(reset.statusCode, 200, reset.body);
        const again = await login(MOD);
        assert.equal(again.res.statusCode, 200, 'signs in with the password alone');
        assert.equal((await as(again.session, { method: 'GET', url: '/api/mod/log' })).statusCode, 403);
      }));

    it('when required, lets a moderator with two-step sign-in through, session after session', async () => {
      const careful = await givenModerator(t, { twoFactor: true });
      const careless = await givenModerator(t);
      await whileRequired(async () => {
        for (let i = 0; i < 3; i++) {
          // Setting it up used this time step: the next step, then recovery codes, each signs in once.
          const session = await signedIn(t, careful);
          assert.equal(
            (await as(session, { method: 'GET', url: '/api/mod/spots' })).statusCode,
            200,
            `session ${i}`,
          );
        }
        assert.equal(careful.twoFactor?.recovery.length, 8, 'two recovery codes used');
        const held = await as(await signedIn(t, careless), { method: 'GET', url: '/api/mod/spots' });
        assert.equal(held.statusCode, 403);
      });
    });

    it('is declared in the API document: the session cookie on every moderator call', async () => {
      const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      assert.equal(doc.components.securitySchemes.moderatorSession.in, 'cookie');
      const ops = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown }>>).flatMap(
        ([path, methods]) => Object.entries(methods).map(([m, op]) => ({ path, m, op })),
      );
      const mod = ops.filter((o) => o.path.startsWith('/api/mod/'));
      assert.ok(mod.length > 10, 'moderator operations');
      for (const o of mod) assert.deepEqual(o.op.security, [{ moderatorSession: [] }], `${o.m} ${o.path}`);
      // A public operation says no scheme applies (redocly's security-defined rule).
      assert.deepEqual(ops.find((o) => o.path === '/api/spots' && o.m === 'get')?.op.security, []);
    });
  });
});
