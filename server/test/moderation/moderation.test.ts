import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { report } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
const ADMIN = { username: 'amina', password: 'correct horse battery' };
const MOD = { username: 'okello', password: 'another long secret' };

describe('moderation/moderation', () => {
  before(async () => {
    t = await startTestApp({ env: { ADMIN_USERNAME: 'Amina', ADMIN_PASSWORD: ADMIN.password } });
  });
  after(() => t.close());

  const json = { 'content-type': 'application/json' };

  async function signIn(who: { username: string; password: string }): Promise<string> {
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload: who });
    assert.equal(res.statusCode, 200, res.body);
    const cookie = String(res.headers['set-cookie']);
    const token = /hatari_session=([^;]+)/.exec(cookie)?.[1];
    assert.ok(token, `a session cookie: ${cookie}`);
    return `hatari_session=${token}`;
  }

  function as(cookie: string, opts: InjectOptions): ReturnType<TestApp['inject']> {
    return t.inject({
      ...opts,
      headers: { ...(opts.method === 'GET' ? {} : json), cookie, ...(opts.headers ?? {}) },
      payload: opts.payload === undefined ? undefined : JSON.stringify(opts.payload),
    });
  }

  const newSpot = async (body: Record<string, unknown> = {}) =>
    (await t.inject({ method: 'POST', url: '/api/spots', payload: report(body) })).json();

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

  describe('moderating spots', () => {
    let cookie: string;
    before(async () => {
      cookie = await signIn(ADMIN);
    });
    const act = (id: number, action: string) =>
      as(cookie, { method: 'POST', url: `/api/mod/spots/${id}/${action}`, payload: {} });
    const queue = async (state: string) =>
      (await as(cookie, { method: 'GET', url: `/api/mod/spots?state=${state}` })).json().spots as Array<{
        id: number;
        flag_count: number;
        flags: Array<{ reason: string; note: string }>;
        publication: string;
      }>;

    it('holds reports for review, keeps them off every public read, and publishes them on approval', async () => {
      assert.equal(
        (await as(cookie, { method: 'PUT', url: '/api/mod/settings', payload: { requireApproval: true } }))
          .statusCode,
        200,
      );
      const held = await newSpot({ title: 'Held for review', area: 'Secret Area' });
      assert.equal(held.pending, true);
      const id = held.spot.id;
      const reporter = { remoteAddress: '127.0.0.1' };
      const publicReads = async () => ({
        list: (await t.inject({ method: 'GET', url: '/api/spots' }))
          .json()
          .spots.some((s: { id: number }) => s.id === id),
        one: (await t.inject({ method: 'GET', url: `/api/spots/${id}` })).statusCode,
        stats: JSON.stringify((await t.inject({ method: 'GET', url: '/api/stats' })).json()).includes(
          'Secret Area',
        ),
        me: String(id) in (await t.inject({ method: 'GET', url: '/api/me', ...reporter })).json().votes,
        vote: (await t.inject({ method: 'POST', url: `/api/spots/${id}/vote`, payload: { value: -1 } }))
          .statusCode,
        flag: (await t.inject({ method: 'POST', url: `/api/spots/${id}/flag`, payload: {} })).statusCode,
      });
      assert.deepEqual(await publicReads(), {
        list: false,
        one: 404,
        stats: false,
        me: false,
        vote: 404,
        flag: 404,
      });
      assert.equal((await queue('pending')).find((s) => s.id === id)?.id, id, 'held for review');
      assert.equal((await t.inject({ method: 'GET', url: '/api/me' })).json().requireApproval, true);

      const approved = await act(id, 'approve');
      assert.equal(approved.statusCode, 200);
      assert.equal(approved.json().spot.publication, 'approved');
      const after = await publicReads();
      assert.equal(after.list, true);
      assert.equal(after.one, 200);
      assert.equal(after.stats, true);
      await as(cookie, { method: 'PUT', url: '/api/mod/settings', payload: { requireApproval: false } });
    });

    it('links a duplicate flag to the spot it names, which must be another public spot', async () => {
      const first = (await newSpot({ title: 'Dark stretch by the market' })).spot;
      const again = (await newSpot({ title: 'Dark road at the market' })).spot;
      const flag = (payload: Record<string, unknown>, n = 1) =>
        t.inject({
          method: 'POST',
          url: `/api/spots/${again.id}/flag`,
          payload,
          remoteAddress: `198.51.${n}.7`,
        });
      for (const [payload, error] of [
        [{ reason: 'duplicate', duplicate_of: again.id }, 'A spot is not a duplicate of itself'],
        [{ reason: 'duplicate', duplicate_of: 999_999 }, 'duplicate_of must be a spot on the public map'],
        [{ reason: 'inaccurate', duplicate_of: first.id }, 'duplicate_of goes with reason "duplicate"'],
        [{ reason: 'duplicate', duplicate_of: 'one' }, 'duplicate_of must be a spot id'],
      ] as const) {
        const res = await flag(payload);
        assert.equal(res.statusCode, 400, JSON.stringify(payload));
        assert.match(res.json().error, new RegExp(error.replace(/[()]/g, '.')));
      }
      const ok = await flag({ reason: 'duplicate', duplicate_of: first.id, note: 'same place' }, 2);
      assert.equal(ok.statusCode, 200);
      const listed = (await as(cookie, { method: 'GET', url: '/api/mod/spots?state=flagged' }))
        .json()
        .spots.find((s: { id: number }) => s.id === again.id);
      assert.deepEqual(
        listed.flags.map((f: { reason: string; duplicate_of: unknown }) => [f.reason, f.duplicate_of]),
        [
          [
            'duplicate',
            { id: first.id, title: 'Dark stretch by the market', lat: first.lat, lng: first.lng },
          ],
        ],
      );
    });

    it('shows hidden spots with their flags, and brings them back when flags are dismissed', async () => {
      const { spot } = await newSpot({ title: 'Flag target' });
      for (const n of [1, 2, 3]) {
        await t.inject({
          method: 'POST',
          url: `/api/spots/${spot.id}/flag`,
          payload: { reason: 'inaccurate', note: `wrong place ${n}` },
          remoteAddress: `203.0.${n}.113`,
        });
      }
      const flagged = (await queue('flagged')).find((s) => s.id === spot.id);
      assert.equal(flagged?.flag_count, 3);
      assert.equal(flagged?.publication, 'pending');
      assert.deepEqual(flagged?.flags.map((f) => f.note).sort(), [
        'wrong place 1',
        'wrong place 2',
        'wrong place 3',
      ]);
      const dismissed = (await act(spot.id, 'dismiss-flags')).json().spot;
      assert.equal(dismissed.publication, 'approved');
      assert.equal(dismissed.flag_count, 0);
      assert.equal(dismissed.protected, true, 'restored: protected from flags and votes');
      const days = (Date.parse(dismissed.restored_until) - t.deps.clock.now().getTime()) / 86_400_000;
      assert.ok(days > 29.9 && days <= 30, `protected for 30 days (${days})`);
      assert.equal((await t.inject({ method: 'GET', url: `/api/spots/${spot.id}` })).statusCode, 200);
    });

    it('verifies and unverifies, rejects, and keeps rejected spots off the map', async () => {
      const { spot } = await newSpot({ title: 'To verify' });
      assert.equal((await act(spot.id, 'verify')).json().spot.moderator_verified, true);
      assert.equal(
        (await t.inject({ method: 'GET', url: `/api/spots/${spot.id}` })).json().spot.moderator_verified,
        true,
      );
      assert.equal((await act(spot.id, 'unverify')).json().spot.moderator_verified, false);
      assert.equal((await act(spot.id, 'reject')).json().spot.publication, 'rejected');
      assert.equal((await t.inject({ method: 'GET', url: `/api/spots/${spot.id}` })).statusCode, 404);
      assert.equal(
        (await queue('rejected')).find((s) => s.id === spot.id)?.id,
        spot.id,
        'listed as rejected',
      );
      assert.equal((await act(999999, 'approve')).statusCode, 404);
      assert.equal((await act(0, 'approve')).statusCode, 400);
    });

    it('edits under the report rules and redaction, and deletes', async () => {
      const { spot } = await newSpot({ title: 'Needs an edit' });
      const edited = await as(cookie, {
        method: 'PATCH',
        url: `/api/mod/spots/${spot.id}`,
        payload: { title: 'Edited title', description: 'Call 0772123456 no more' },
      });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(edited.json().spot.title, 'Edited title');
      assert.equal(edited.json().spot.description, 'Call [removed] no more');
      // An edit that puts half a number beside the other half already stored: both halves go.
      const split = await as(cookie, {
        method: 'PATCH',
        url: `/api/mod/spots/${spot.id}`,
        payload: { title: 'Ask the boda man on 0772', description: '123 456 after dark' },
      });
      assert.equal(split.statusCode, 200, split.body);
      assert.equal(split.json().spot.title, 'Ask the boda man on [removed]');
      assert.equal(split.json().spot.description, '[removed] after dark');
      const area = await as(cookie, {
        method: 'PATCH',
        url: `/api/mod/spots/${spot.id}`,
        payload: { title: 'Boda man zero seven seven two', description: 'one two three four five six' },
      });
      assert.equal(area.statusCode, 200, area.body);
      assert.deepEqual(
        [area.json().spot.title, area.json().spot.description],
        ['Boda man [removed]', '[removed]'],
      );
      for (const payload of [
        { title: 'x' },
        { lat: 9 },
        { severity: 6 },
        { source_url: 'javascript:x' },
        {},
      ]) {
        const bad = await as(cookie, { method: 'PATCH', url: `/api/mod/spots/${spot.id}`, payload });
        assert.equal(bad.statusCode, 400, JSON.stringify(payload));
      }
      const outside = await as(cookie, {
        method: 'PATCH',
        url: `/api/mod/spots/${spot.id}`,
        payload: { lng: 36.8 },
      });
      assert.deepEqual(outside.json().issues[0].path, ['lat']);
      assert.equal(
        (await as(cookie, { method: 'DELETE', url: `/api/mod/spots/${spot.id}`, payload: {} })).statusCode,
        204,
      );
      assert.equal(
        (await as(cookie, { method: 'DELETE', url: `/api/mod/spots/${spot.id}`, payload: {} })).statusCode,
        404,
      );
      const votes = await t.db.query('SELECT 1 FROM votes WHERE spot_id = $1', [spot.id]);
      assert.equal(votes.length, 0);
    });

    it('writes every action to the audit log with actor and time, newest first', async () => {
      const entries = (await as(cookie, { method: 'GET', url: '/api/mod/log' })).json().entries as Array<{
        at: string;
        actor: string;
        action: string;
      }>;
      const actions = entries.map((e) => e.action);
      for (const a of [
        'approve',
        'reject',
        'verify',
        'unverify',
        'dismiss-flags',
        'edit',
        'delete',
        'settings',
        'sign_in',
      ]) {
        assert.ok(actions.includes(a), `log has ${a}`);
      }
      assert.ok(
        entries.every((e) => e.actor && !Number.isNaN(Date.parse(e.at))),
        'entries.every((e) => e.actor && !Number.isNaN(Date.parse(e.at)))',
      );
      const times = entries.map((e) => Date.parse(e.at));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
      );
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
      });
      for (const payload of [
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
