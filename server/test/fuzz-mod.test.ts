import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { MOD_ACTIONS } from '../../common/domain.ts';
import { report } from './factories.ts';
import {
  bodyNear,
  contentType,
  headerValue,
  oneFieldBroken,
  pathId,
  query,
  RUNS,
  visitor,
} from './fuzz-inputs.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Property-based fuzzing of the moderator API, signed in as an admin (the role that reaches every
 * call): bodies, content types, path ids and usernames, query strings, and the headers its guards
 * read (cookie, Origin, Content-Type). Never a 5xx, every error JSON, and a refused call changes
 * nothing: spots, flags, users, settings and the moderation log are as they were.
 */
const ADMIN = { username: 'fuzz-admin', password: 'a long fuzzing admin password' };
const MODERATOR = 'fuzz-mod';
const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * Any text a client could put in a path segment. Not address-like text: paths are logged, and the
 * log scan would rightly report what looks like a client's address there.
 */
const pathText = headerValue.filter((v) => !/\d+\.\d+\.\d+\.\d+|::/.test(v)).map(encodeURIComponent);

/** A username in a path: real ones, near misses, and anything a client could put there. */
const username = fc.oneof(
  fc.constantFrom(ADMIN.username, MODERATOR, 'nobody', 'FUZZ-MOD', ' fuzz-mod', 'ab', 'x'.repeat(41)),
  pathText,
);

describe('fuzzing the moderator API', () => {
  let t: TestApp;
  let session: string;
  let spotId: number;

  before(async () => {
    t = await startTestApp({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: JSON_TYPE,
      payload: ADMIN,
    });
    assert.equal(login.statusCode, 200);
    session = /hatari_session=[^;]+/.exec(String(login.headers['set-cookie']))?.[0] ?? '';
    assert.ok(session, 'signed in: a session cookie');
    const spot = await t.inject({
      method: 'POST',
      url: '/api/spots',
      payload: report({ title: 'Fuzz target' }),
    });
    spotId = spot.json().spot.id;
    const user = { username: MODERATOR, password: 'a long moderator password', role: 'moderator' };
    const created = await t.inject({
      method: 'POST',
      url: '/api/mod/users',
      headers: { ...JSON_TYPE, cookie: session },
      payload: user,
    });
    assert.equal(created.statusCode, 201);
  });
  after(() => t.close());

  /** Everything a moderator call can change. */
  const state = async () =>
    JSON.stringify(
      await t.db.query(
        `SELECT (SELECT json_agg(s ORDER BY s.id) FROM spots s) AS spots,
                (SELECT json_agg(f ORDER BY f.id) FROM flags f) AS flags,
                (SELECT json_agg(json_build_object('u', u.username, 'r', u.role, 'p', u.password_hash,
                          't', u.totp_secret, 'c', u.recovery_codes) ORDER BY u.username) FROM users u) AS users,
                (SELECT json_agg(x) FROM settings x) AS settings,
                (SELECT json_agg(r ORDER BY r.id) FROM signal_reviews r) AS reviews,
                (SELECT count(*) FROM mod_log) AS log`,
      ),
    );

  /** The state as it stands, when no call has succeeded since it was read. */
  let known: string | undefined;

  /** Sends one call as the signed-in admin (unless the case sets its own cookie) and checks the rules. */
  async function call(options: InjectOptions, ua: string, allowed: number[]) {
    const before = known ?? (await state());
    // A read leaves the state as it was; after any other call that succeeded, it is read again.
    known = options.method === 'GET' ? before : undefined;
    const res = await t.inject({
      ...options,
      headers: { cookie: session, 'user-agent': ua, ...options.headers },
    });
    const what = `${options.method} ${options.url} → ${res.statusCode}: ${res.body.slice(0, 200)}`;
    assert.ok(allowed.includes(res.statusCode), what);
    if (res.statusCode >= 400) {
      assert.match(String(res.headers['content-type']), /^application\/json/, what);
      assert.equal(typeof res.json().error, 'string', what);
      known = await state();
      assert.equal(known, before, `${what}: a refused call changed something`);
    }
    return res;
  }

  /** The same, for properties that look at nothing more. */
  const check = async (...args: Parameters<typeof call>) => {
    await call(...args);
  };

  const typeHeader = (type: string | undefined) => (type ? { 'content-type': type } : {});

  it(`PATCH /api/mod/spots/{id}: ${RUNS} edits, ids and content types`, async () => {
    const edits = bodyNear(
      oneFieldBroken({ title: 'Edited by a moderator', severity: 4, category: 'robbery' }),
    );
    await fc.assert(
      fc.asyncProperty(
        edits,
        contentType,
        fc.oneof(fc.constant(String(spotId)), pathId),
        visitor,
        (b, type, id, ua) =>
          check(
            { method: 'PATCH', url: `/api/mod/spots/${id}`, payload: b, headers: typeHeader(type) },
            ua,
            [200, 400, 404, 413, 414, 415],
          ),
      ),
      { numRuns: RUNS },
    );
  });

  it(`POST /api/mod/spots/{id}/{action}: ${RUNS} actions, ids and bodies`, async () => {
    const action = fc.oneof(fc.constantFrom(...MOD_ACTIONS), pathText);
    const anyBody = bodyNear(fc.constant({}));
    await fc.assert(
      fc.asyncProperty(
        action,
        fc.oneof(fc.constant(String(spotId)), pathId),
        anyBody,
        visitor,
        (a, id, b, ua) =>
          check(
            { method: 'POST', url: `/api/mod/spots/${id}/${a}`, payload: b, headers: JSON_TYPE },
            ua,
            // 409: archiving a spot not on the map, restoring one not archived.
            [200, 400, 404, 409, 413, 414],
          ),
      ),
      { numRuns: RUNS },
    );
  });

  it(`PUT /api/mod/settings: ${RUNS} bodies and content types`, async () => {
    const settings = bodyNear(oneFieldBroken({ requireApproval: false, autoHideFlagThreshold: 3 }));
    await fc.assert(
      fc.asyncProperty(settings, contentType, visitor, (b, type, ua) =>
        check(
          { method: 'PUT', url: '/api/mod/settings', payload: b, headers: typeHeader(type) },
          ua,
          [200, 400, 413, 415],
        ),
      ),
      { numRuns: RUNS },
    );
  });

  it(`POST /api/mod/bursts/revert and /keep: ${RUNS} periods, network lists and content types`, async () => {
    const period = bodyNear(
      oneFieldBroken({
        from: '2026-01-01T00:00:00Z',
        to: '2026-01-01T00:10:00+03:00',
        networks: ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('revert', 'keep'), period, contentType, visitor, (a, b, type, ua) =>
        check(
          { method: 'POST', url: `/api/mod/bursts/${a}`, payload: b, headers: typeHeader(type) },
          ua,
          [200, 204, 400, 413, 415],
        ),
      ),
      { numRuns: RUNS },
    );
  });

  it(`POST /api/auth/two-factor/enable and /disable: ${RUNS} codes, passwords and content types`, async () => {
    const proof = bodyNear(oneFieldBroken({ code: '123456', password: ADMIN.password }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('enable', 'disable'), proof, contentType, visitor, (a, b, type, ua) =>
        check(
          { method: 'POST', url: `/api/auth/two-factor/${a}`, payload: b, headers: typeHeader(type) },
          ua,
          [400, 403, 409, 413, 415],
        ),
      ),
      { numRuns: RUNS },
    );
  });

  it(`POST /api/mod/users: ${RUNS} new accounts`, async () => {
    const account = bodyNear(
      oneFieldBroken({ username: 'fuzz-new', password: 'a long enough password', role: 'moderator' }),
    );
    await fc.assert(
      fc.asyncProperty(account, contentType, visitor, (b, type, ua) =>
        check(
          { method: 'POST', url: '/api/mod/users', payload: b, headers: typeHeader(type) },
          ua,
          [201, 400, 409, 413, 415],
        ),
      ),
      { numRuns: RUNS },
    );
  });

  it(`PATCH and DELETE /api/mod/users/{username}: ${RUNS} names and bodies; the last admin stays`, async () => {
    const change = bodyNear(oneFieldBroken({ role: 'moderator', password: 'another long password' }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('PATCH', 'DELETE'),
        username,
        change,
        visitor,
        // The admin's own password is never changed here: that would end the session the fuzz runs in.
        async (method, name, b, ua) => {
          const self = decodeURIComponent(name).trim().toLowerCase() === ADMIN.username;
          const ownPassword = method === 'PATCH' && self && b.includes('password');
          const payload = method === 'PATCH' && !ownPassword ? b : undefined;
          await call(
            { method, url: `/api/mod/users/${name}`, payload, headers: JSON_TYPE },
            ua,
            [200, 204, 400, 404, 409, 413, 414],
          );
        },
      ),
      { numRuns: RUNS },
    );
    const admins = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE role = 'admin'`,
    );
    assert.ok((admins[0]?.n ?? 0) >= 1, 'an admin is left');
  });

  /**
   * A moderator's reads answer 200 or 400 whatever the query string, and some are costly (the alarms
   * read a week of votes and flags): a quarter of the runs covers their parsing, and keeps this
   * file's share of CI's time down.
   */
  const READ_RUNS = Math.ceil(RUNS / 4);
  for (const path of [
    '/api/mod/spots',
    '/api/mod/log',
    '/api/mod/users',
    '/api/mod/settings',
    '/api/mod/alarms',
    '/api/auth/session',
  ]) {
    it(`GET ${path}: ${READ_RUNS} query strings`, async () => {
      await fc.assert(
        fc.asyncProperty(query, visitor, (q, ua) =>
          check({ method: 'GET', url: `${path}?${q}` }, ua, [200, 400]),
        ),
        { numRuns: READ_RUNS },
      );
    });
  }

  it(`the guards: ${RUNS} cookies, Origins and content types on a state-changing call`, async () => {
    const cookie = fc.oneof(
      fc.constant(session),
      headerValue,
      headerValue.map((v) => `hatari_session=${v}`),
    );
    const origin = fc.option(
      fc.oneof(fc.constant('http://localhost:80'), fc.constant('https://evil.example'), headerValue),
      {
        nil: undefined,
      },
    );
    await fc.assert(
      fc.asyncProperty(cookie, origin, contentType, visitor, async (c, o, type, ua) => {
        const headers = { cookie: c, ...typeHeader(type), ...(o === undefined ? {} : { origin: o }) };
        const res = await call(
          { method: 'POST', url: `/api/mod/spots/${spotId}/verify`, payload: '{}', headers },
          ua,
          [200, 401, 403, 415],
        );
        if (res.statusCode === 200) {
          assert.equal(c, session, 'only the real session gets in');
          assert.match(String(type), /^application\/json/, 'only as JSON');
          assert.ok(o === undefined || o === 'http://localhost:80', `only from this site, not ${o}`);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
