import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN, as, json, MOD, newSpot, signIn, t, useModerationApp } from './moderation-harness.ts';

/** Moderators and admins: sign-in and sessions, roles and the guards on every request, settings and users. */
describe('moderation/moderation', () => {
  useModerationApp();

  describe('sign-in and sessions', () => {
    it('creates the first admin from ADMIN_USERNAME/ADMIN_PASSWORD and signs in with an HttpOnly, SameSite=Strict cookie', async () => {
      const res = await t.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: ADMIN });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { user: { username: 'amina', role: 'admin' } });
      const cookie = String(res.headers['set-cookie']);
      assert.match(cookie, /HttpOnly/);
      assert.match(cookie, /SameSite=Strict/);
      assert.match(cookie, /Path=\//);
      assert.doesNotMatch(cookie, /Secure/); // plain http here; Secure when served over https
      const stored = await t.db.query<{ password_hash: string }>(
        `SELECT password_hash FROM users WHERE username = 'amina'`,
      );
      assert.match(stored[0]?.password_hash ?? '', /^scrypt\$/);
      assert.equal(stored[0]?.password_hash.includes(ADMIN.password), false, 'no password in clear');
    });

    it('answers 401 alike for a wrong password and an unknown user', async () => {
      for (const payload of [
        { username: 'amina', password: 'wrong password here' },
        { username: 'nobody', password: 'wrong password here' },
      ]) {
        const res = await t.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload });
        assert.equal(res.statusCode, 401);
        assert.deepEqual(res.json(), { error: 'Wrong username or password' });
        assert.equal(res.headers['set-cookie'], undefined);
      }
    });

    it('reports the session, ends it at logout, and never stores the token itself', async () => {
      const cookie = await signIn(ADMIN);
      const token = cookie.split('=')[1] as string;
      const rows = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
      assert.notEqual(rows.length, 0);
      assert.deepEqual(
        rows.filter((r) => r.token_hash === token),
        [],
        'only hashes of session tokens are stored',
      );
      assert.deepEqual((await as(cookie, { method: 'GET', url: '/api/auth/session' })).json(), {
        user: { username: 'amina', role: 'admin' },
        two_factor: { enabled: false, required: false, session: false },
      });
      assert.equal((await as(cookie, { method: 'POST', url: '/api/auth/logout' })).statusCode, 204);
      assert.equal((await as(cookie, { method: 'GET', url: '/api/auth/session' })).statusCode, 401);
      assert.equal((await as(cookie, { method: 'GET', url: '/api/mod/spots' })).statusCode, 401);
    });

    it('gives a new session at every sign-in and drops the one the browser held', async () => {
      const first = await signIn(ADMIN);
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...json, cookie: first },
        payload: ADMIN,
      });
      const second = `hatari_session=${/hatari_session=([^;]+)/.exec(String(res.headers['set-cookie']))?.[1]}`;
      assert.notEqual(second, first);
      assert.equal((await as(first, { method: 'GET', url: '/api/auth/session' })).statusCode, 401);
      assert.equal((await as(second, { method: 'GET', url: '/api/auth/session' })).statusCode, 200);
    });

    it('expires sessions', async () => {
      const cookie = await signIn(ADMIN);
      await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second'`);
      assert.equal((await as(cookie, { method: 'GET', url: '/api/mod/spots' })).statusCode, 401);
    });

    it('refuses sign-in without a JSON content type or from another site', async () => {
      const form = await t.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=amina&password=x',
      });
      assert.equal(form.statusCode, 415);
      const foreign = await t.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...json, origin: 'https://evil.example' },
        payload: ADMIN,
      });
      assert.equal(foreign.statusCode, 403);
    });
  });

  describe('roles and request guards', () => {
    let admin: string;
    let moderator: string;
    before(async () => {
      admin = await signIn(ADMIN);
      const created = await as(admin, {
        method: 'POST',
        url: '/api/mod/users',
        payload: { ...MOD, role: 'moderator' },
      });
      assert.equal(created.statusCode, 201, created.body);
      moderator = await signIn(MOD);
    });

    it('answers 401 without a session on every moderator endpoint', async () => {
      for (const [method, url] of [
        ['GET', '/api/mod/spots'],
        ['POST', '/api/mod/spots/1/approve'],
        ['PATCH', '/api/mod/spots/1'],
        ['DELETE', '/api/mod/spots/1'],
        ['GET', '/api/mod/log'],
        ['GET', '/api/mod/settings'],
        ['PUT', '/api/mod/settings'],
        ['GET', '/api/mod/users'],
      ] as const) {
        const res = await t.inject({
          method,
          url,
          headers: json,
          payload: method === 'GET' ? undefined : '{}',
        });
        assert.equal(res.statusCode, 401, `${method} ${url}`);
        assert.equal(typeof res.json().error, 'string');
      }
    });

    it('answers 403 to a moderator on admin endpoints', async () => {
      assert.equal((await as(moderator, { method: 'GET', url: '/api/mod/settings' })).statusCode, 200);
      assert.equal(
        (await as(moderator, { method: 'PUT', url: '/api/mod/settings', payload: { requireApproval: true } }))
          .statusCode,
        403,
      );
      assert.equal((await as(moderator, { method: 'GET', url: '/api/mod/users' })).statusCode, 403);
      assert.equal(
        (
          await as(moderator, {
            method: 'POST',
            url: '/api/mod/users',
            payload: { username: 'x1x', password: 'y'.repeat(12), role: 'admin' },
          })
        ).statusCode,
        403,
      );
    });

    it('refuses state-changing calls that are not JSON or come from another site', async () => {
      const { spot } = await newSpot();
      const notJson = await t.inject({
        method: 'POST',
        url: `/api/mod/spots/${spot.id}/verify`,
        headers: { cookie: moderator, 'content-type': 'text/plain' },
        payload: '{}',
      });
      assert.equal(notJson.statusCode, 415);
      const crossSite = await as(moderator, {
        method: 'POST',
        url: `/api/mod/spots/${spot.id}/verify`,
        headers: { origin: 'https://evil.example' },
        payload: {},
      });
      assert.equal(crossSite.statusCode, 403);
      const sameSite = await as(moderator, {
        method: 'POST',
        url: `/api/mod/spots/${spot.id}/verify`,
        headers: { origin: 'http://localhost:80', host: 'localhost:80' },
        payload: {},
      });
      assert.equal(sameSite.statusCode, 200);
    });

    it('ends every session of a user whose password an admin changes', async () => {
      const res = await as(admin, {
        method: 'PATCH',
        url: '/api/mod/users/okello',
        payload: { password: 'a brand new password' },
      });
      assert.equal(res.statusCode, 200);
      assert.equal((await as(moderator, { method: 'GET', url: '/api/mod/spots' })).statusCode, 401);
      moderator = await signIn({ username: 'okello', password: 'a brand new password' });
    });
  });

  describe('settings and users (admins)', () => {
    let cookie: string;
    before(async () => {
      cookie = await signIn(ADMIN);
    });

    it('changes and validates settings', async () => {
      const put = await as(cookie, {
        method: 'PUT',
        url: '/api/mod/settings',
        payload: { autoHideFlagThreshold: 5, disputeBudgetPerHour: 12 },
      });
      assert.deepEqual(put.json(), {
        requireApproval: false,
        autoHideFlagThreshold: 5,
        autoHideBudgetPerHour: 5,
        disputeBudgetPerHour: 12,
        requireTwoFactor: false,
        // The tests' configuration turns the newcomer budgets off (test-app.ts, testConfig).
        reportBudgetPerHour: 0,
        reportBudgetPerNetworkPerHour: 0,
        reportBudgetPerPlacePerHour: 0,
        standingDays: 3,
        standingActiveDays: 2,
        alertBudgetPerHour: 120,
        halfLifeDaysSevere: 180,
        halfLifeDays: 90,
        alertMinConfidence: 3,
        archiveMonthsSevere: 12,
        archiveMonths: 6,
        heldAlertMinutes: 15,
        escalateMinutes: 30,
      });
      for (const payload of [
        { heldAlertMinutes: 0 },
        { escalateMinutes: 1441 },
        { autoHideFlagThreshold: 51 },
        { reportBudgetPerHour: -1 },
        { standingDays: 0 },
        { alertBudgetPerHour: 2.5 },
        { alertMinConfidence: 11 },
        { archiveMonthsSevere: 0 },
        { archiveMonths: 121 },
        { autoHideFlagThreshold: -1 },
        { autoHideBudgetPerHour: -1 },
        { disputeBudgetPerHour: 1.5 },
        { requireApproval: 'yes' },
        {},
      ]) {
        assert.equal(
          (await as(cookie, { method: 'PUT', url: '/api/mod/settings', payload })).statusCode,
          400,
        );
      }
      await as(cookie, {
        method: 'PUT',
        url: '/api/mod/settings',
        payload: { autoHideFlagThreshold: 3, disputeBudgetPerHour: 20 },
      });
    });

    it('creates, lists, changes and removes accounts, and never removes the last admin', async () => {
      const created = await as(cookie, {
        method: 'POST',
        url: '/api/mod/users',
        payload: { username: 'Nakato', password: 'a long enough pw', role: 'moderator' },
      });
      assert.deepEqual(created.json(), { user: { username: 'nakato', role: 'moderator' } });
      assert.equal(
        (
          await as(cookie, {
            method: 'POST',
            url: '/api/mod/users',
            payload: { username: 'nakato', password: 'a long enough pw', role: 'moderator' },
          })
        ).statusCode,
        409,
      );
      assert.equal(
        (
          await as(cookie, {
            method: 'POST',
            url: '/api/mod/users',
            payload: { username: 'shorty', password: 'short', role: 'moderator' },
          })
        ).statusCode,
        400,
      );
      const list = (await as(cookie, { method: 'GET', url: '/api/mod/users' })).json().users;
      assert.ok(
        list.some(
          (u: { username: string; role: string }) => u.username === 'nakato' && u.role === 'moderator',
        ),
        'nakato is listed as a moderator',
      );
      assert.deepEqual(
        list.filter((u: Record<string, unknown>) => 'password_hash' in u),
        [],
        'no password hash is listed',
      );
      assert.equal(
        (
          await as(cookie, { method: 'PATCH', url: '/api/mod/users/nakato', payload: { role: 'admin' } })
        ).json().user.role,
        'admin',
      );
      assert.equal(
        (await as(cookie, { method: 'DELETE', url: '/api/mod/users/nakato', payload: {} })).statusCode,
        204,
      );
      assert.equal(
        (await as(cookie, { method: 'DELETE', url: '/api/mod/users/nakato', payload: {} })).statusCode,
        404,
      );
      const lastAdmin = await as(cookie, { method: 'DELETE', url: '/api/mod/users/amina', payload: {} });
      assert.equal(lastAdmin.statusCode, 409);
      const demote = await as(cookie, {
        method: 'PATCH',
        url: '/api/mod/users/amina',
        payload: { role: 'moderator' },
      });
      assert.equal(demote.statusCode, 409);
    });
  });
});
