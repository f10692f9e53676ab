import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SESSION_TTL_SECONDS } from '../../src/moderation/auth.service.ts';
import { startTestApp, type TestApp, TestClock } from '../test-app.ts';

/** A moderator's session lasts SESSION_TTL_SECONDS by the app's clock, which the test moves. */
const ADMIN = { username: 'amina', password: 'a long session test password' };
const clock = new TestClock();
let t: TestApp;

describe('moderation/sessions by the app’s clock', () => {
  before(async () => {
    t = await startTestApp({
      clock,
      env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    });
  });
  after(() => t.close());

  it('ends a session 12 hours after sign-in, not a second before', async () => {
    const login = await t.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    assert.equal(login.statusCode, 200, login.body);
    const cookie = /hatari_session=[^;]+/.exec(String(login.headers['set-cookie']))?.[0] ?? '';
    const session = () => t.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    clock.advance((SESSION_TTL_SECONDS - 1) * 1000);
    assert.equal((await session()).statusCode, 200, 'still signed in a second before the end');
    clock.advance(2000);
    assert.equal((await session()).statusCode, 401, 'signed out once it ended');
  });
});
