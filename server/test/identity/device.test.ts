import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DEVICE_MAX_AGE_SECONDS,
  DEVICE_RENEW_AFTER_SECONDS,
  encodeCredential,
  newDeviceId,
} from '../../src/identity/device-credential.ts';
import { solveAltcha } from '../altcha.ts';
import { report, solvedChallenge } from '../factories.ts';
import { startTestApp, type TestApp, TestClock } from '../test-app.ts';

describe('device identity over HTTP', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ realLimits: true });
  });
  after(() => t.close());

  /** What Chrome's reduced user agent looks like: the same on every phone of one version. */
  const CHROME =
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

  async function newDevice(remoteAddress: string): Promise<string> {
    const headers = { 'user-agent': CHROME };
    const res = await t.inject({
      method: 'POST',
      url: '/api/device',
      remoteAddress,
      headers,
      payload: await solvedChallenge(t, { remoteAddress, headers }),
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { device: 'issued' });
    const cookie = String(res.headers['set-cookie']);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.match(cookie, /Path=\/api/);
    assert.match(cookie, new RegExp(`Max-Age=${DEVICE_MAX_AGE_SECONDS}`));
    assert.doesNotMatch(cookie, /Secure/, 'plain HTTP here');
    const value = /hatari_device=([^;]+)/.exec(cookie)?.[1];
    assert.ok(value, `a device cookie: ${cookie}`);
    return `hatari_device=${value}`;
  }

  const as = (
    remoteAddress: string,
    cookie: string | undefined,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ) =>
    t.inject({
      method,
      url,
      remoteAddress,
      headers: { 'user-agent': CHROME, ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('keeps phones behind one address with one user agent apart: votes, /api/me and report limits', async () => {
    const ip = '41.210.143.25';
    const a = await newDevice(ip);
    const b = await newDevice(ip);
    assert.notEqual(a, b);
    const spot = (await as(ip, a, 'POST', '/api/spots', report())).json().spot;
    // B did not report it: B's "still dangerous" is a new vote, not A's 409.
    const voteB = await as(ip, b, 'POST', `/api/spots/${spot.id}/vote`, { value: 1 });
    assert.equal(voteB.statusCode, 200, voteB.body);
    assert.equal(voteB.json().spot.confirmations, 2);
    const meA = (await as(ip, a, 'GET', '/api/me')).json();
    const meB = (await as(ip, b, 'GET', '/api/me')).json();
    assert.deepEqual(meA.votes, { [spot.id]: 1 });
    assert.deepEqual(meB.votes, { [spot.id]: 1 });
    // B switching its vote leaves A's alone.
    await as(ip, b, 'POST', `/api/spots/${spot.id}/vote`, { value: -1 });
    assert.deepEqual((await as(ip, a, 'GET', '/api/me')).json().votes, { [spot.id]: 1 });
    // A has used one of its five reports; B still has all five.
    for (let i = 0; i < 4; i++)
      assert.equal((await as(ip, a, 'POST', '/api/spots', report())).statusCode, 201);
    assert.equal((await as(ip, a, 'POST', '/api/spots', report())).statusCode, 429);
    for (let i = 0; i < 5; i++)
      assert.equal((await as(ip, b, 'POST', '/api/spots', report())).statusCode, 201);
    assert.equal((await as(ip, b, 'POST', '/api/spots', report())).statusCode, 429);
  });

  it('without a credential, or with a forged or expired one, is the address + user agent visitor', async () => {
    const ip = '41.210.143.26';
    const spot = (await as(ip, undefined, 'POST', '/api/spots', report())).json().spot;
    const again = await as(ip, undefined, 'POST', `/api/spots/${spot.id}/vote`, { value: 1 });
    assert.equal(again.statusCode, 409, 'the reporter, by address + user agent');
    const [secret] = await t.db.query<{ value: string }>(
      `SELECT value FROM app_secrets WHERE name = 'device_key'`,
    );
    const expired = encodeCredential(secret?.value as string, {
      id: newDeviceId(),
      issuedAt: Math.floor(t.deps.clock.now().getTime() / 1000) - DEVICE_MAX_AGE_SECONDS - 60,
    });
    const forged = encodeCredential('not the server key', {
      id: newDeviceId(),
      issuedAt: Math.floor(t.deps.clock.now().getTime() / 1000),
    });
    for (const value of [expired, forged, 'garbage']) {
      const res = await as(ip, `hatari_device=${value}`, 'POST', `/api/spots/${spot.id}/vote`, { value: 1 });
      assert.equal(res.statusCode, 409, `${value} counts as absent`);
    }
    // A valid credential for the same phone is a new visitor.
    const valid = encodeCredential(secret?.value as string, {
      id: newDeviceId(),
      issuedAt: Math.floor(t.deps.clock.now().getTime() / 1000),
    });
    const res = await as(ip, `hatari_device=${valid}`, 'POST', `/api/spots/${spot.id}/vote`, { value: 1 });
    assert.equal(res.statusCode, 200);
  });

  it('keeps a valid credential, renews an old one with the same id, and replaces a forged one', async () => {
    const ip = '41.210.143.27';
    const cookie = await newDevice(ip);
    const kept = await as(ip, cookie, 'POST', '/api/device');
    assert.deepEqual(kept.json(), { device: 'kept' });
    assert.equal(kept.headers['set-cookie'], undefined);
    const [secret] = await t.db.query<{ value: string }>(
      `SELECT value FROM app_secrets WHERE name = 'device_key'`,
    );
    const id = newDeviceId();
    const old = encodeCredential(secret?.value as string, {
      id,
      issuedAt: Math.floor(t.deps.clock.now().getTime() / 1000) - DEVICE_RENEW_AFTER_SECONDS - 60,
    });
    const renewed = await as(ip, `hatari_device=${old}`, 'POST', '/api/device');
    assert.deepEqual(renewed.json(), { device: 'renewed' });
    assert.match(String(renewed.headers['set-cookie']), new RegExp(`hatari_device=${id}\\.`));
    const forged = await as(ip, 'hatari_device=forged', 'POST', '/api/device');
    assert.equal(forged.statusCode, 400, 'a forged credential is none: a new one costs work');
    const replaced = await as(ip, 'hatari_device=forged', 'POST', '/api/device', await solvedChallenge(t));
    assert.deepEqual(replaced.json(), { device: 'issued' });
  });

  it('gives every phone behind one carrier address its own credential: 300 in an hour, none refused', async () => {
    const ip = '41.210.143.28';
    const cookies = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const res = await as(
        ip,
        undefined,
        'POST',
        '/api/device',
        await solvedChallenge(t, { remoteAddress: ip }),
      );
      assert.equal(res.statusCode, 200, `phone ${i + 1}: ${res.body}`);
      cookies.add(String(res.headers['set-cookie']));
    }
    assert.equal(cookies.size, 300, 'each its own');
  });

  it('issues a new credential only for a solved challenge, taken once', async () => {
    const ip = '41.210.143.31';
    const none = await as(ip, undefined, 'POST', '/api/device');
    assert.equal(none.statusCode, 400);
    assert.match(none.json().error, /solved challenge/);
    assert.equal(none.headers['set-cookie'], undefined);
    const challenge = (await as(ip, undefined, 'GET', '/api/device/challenge')).json();
    assert.equal(challenge.algorithm, 'SHA-256');
    assert.match(challenge.salt, /[?&]expires=\d+/);
    const wrong = Buffer.from(JSON.stringify({ ...challenge, number: -1 })).toString('base64');
    assert.equal((await as(ip, undefined, 'POST', '/api/device', { altcha: wrong })).statusCode, 400);
    const forged = solveAltcha({ ...challenge, signature: '0'.repeat(64) });
    assert.equal((await as(ip, undefined, 'POST', '/api/device', { altcha: forged })).statusCode, 400);
    const right = solveAltcha(challenge);
    assert.equal((await as(ip, undefined, 'POST', '/api/device', { altcha: right })).statusCode, 200);
    const again = await as(ip, undefined, 'POST', '/api/device', { altcha: right });
    assert.equal(again.statusCode, 400, 'a solution is taken once');
    assert.match(again.json().error, /already used/);
  });

  it('stores only a salted hash of the device', async () => {
    const ip = '41.210.143.30';
    const cookie = await newDevice(ip);
    const id = /hatari_device=([^.]+)\./.exec(cookie)?.[1] as string;
    const spot = (await as(ip, cookie, 'POST', '/api/spots', report())).json().spot;
    const rows = await t.db.query<{ visitor: string; device: boolean }>(
      'SELECT visitor, device FROM votes WHERE spot_id = $1',
      [spot.id],
    );
    assert.equal(rows[0]?.device, true);
    const dump = JSON.stringify(await t.db.query('SELECT * FROM votes'));
    assert.ok(!dump.includes(id), 'the device id is not stored');
    assert.ok(!t.logs.text.includes(id), 'nor logged');
  });
});

describe('the device credential over HTTPS', () => {
  it('is Secure when the trusted proxy says the request came over HTTPS, and only then', async () => {
    const t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const over = async (proto: string) =>
        String(
          (
            await t.inject({
              method: 'POST',
              url: '/api/device',
              headers: { 'x-forwarded-proto': proto },
              payload: await solvedChallenge(t),
            })
          ).headers['set-cookie'],
        );
      assert.match(await over('https'), /; Secure/);
      assert.doesNotMatch(await over('http'), /Secure/);
    } finally {
      await t.close();
    }
  });
});

describe('the work a new device credential costs', () => {
  it("expires with the app's clock, and grows with the site-wide rate of challenges", async () => {
    const clock = new TestClock();
    const t = await startTestApp({ clock, env: { DEVICE_POW_MAXNUMBER: '1000' } });
    try {
      const challenge = async () => (await t.inject({ method: 'GET', url: '/api/device/challenge' })).json();
      const old = await challenge();
      assert.equal(old.maxnumber, 1000, 'the base work at the normal rate');
      clock.advance(11 * 60_000);
      const late = await t.inject({
        method: 'POST',
        url: '/api/device',
        payload: { altcha: solveAltcha(old) },
      });
      assert.equal(late.statusCode, 400);
      assert.match(late.json().error, /expired/);
      let last = old;
      for (let i = 0; i < 700; i++) last = await challenge();
      assert.ok(last.maxnumber >= 4000, `a flood of challenges makes each cost more: ${last.maxnumber}`);
      assert.ok(last.maxnumber <= 32_000, 'up to 32 times the base');
    } finally {
      await t.close();
    }
  });
});
