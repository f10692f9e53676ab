import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { report } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test-db.ts';

/** Reports a spot as a given client and returns the visitor hash stored with the reporter's vote. */
async function visitorOf(
  t: TestApp,
  remoteAddress: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/spots',
    payload: report(),
    remoteAddress,
    headers,
  });
  assert.equal(res.statusCode, 201, res.body);
  const rows = await t.db.query<{ visitor: string }>('SELECT visitor FROM votes WHERE spot_id = $1', [
    res.json().spot.id,
  ]);
  return rows[0]?.visitor as string;
}

describe('visitor identity without TRUST_PROXY', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  it('is the same for the same address and user agent, and differs by either', async () => {
    const ua = { 'user-agent': 'Phone A' };
    const a1 = await visitorOf(t, '198.51.100.10', ua);
    const a2 = await visitorOf(t, '198.51.100.10', ua);
    const otherUa = await visitorOf(t, '198.51.100.10', { 'user-agent': 'Phone B' });
    const otherIp = await visitorOf(t, '198.51.100.11', ua);
    assert.equal(a1, a2);
    assert.notEqual(a1, otherUa);
    assert.notEqual(a1, otherIp);
  });

  it('ignores X-Forwarded-For and proxy headers, so a spoofed header buys no new identity', async () => {
    const plain = await visitorOf(t, '198.51.100.20');
    const spoofed = await visitorOf(t, '198.51.100.20', {
      'x-forwarded-for': '203.0.113.99',
      'cf-connecting-ip': '203.0.113.98',
    });
    assert.equal(spoofed, plain);
  });

  it('treats addresses of one IPv6 /64 as one client', async () => {
    const a = await visitorOf(t, '2001:db8:5:6::1');
    const b = await visitorOf(t, '2001:db8:5:6:ffff::2');
    assert.equal(a, b);
  });

  it('stores and logs no raw address', async () => {
    const address = '192.0.2.123';
    await visitorOf(t, address, { 'x-forwarded-for': '192.0.2.124' });
    await t.inject({ method: 'GET', url: '/api/spots/999999', remoteAddress: address });
    await t.inject({ method: 'POST', url: '/api/spots', payload: '{bad', remoteAddress: address });
    assert.ok(t.logs.lines.length > 0, 'the app logs requests');
    assert.doesNotMatch(t.logs.text, /192\.0\.2\.12[34]/);
    const dump = await t.db.query<{ dump: string }>(
      `SELECT (SELECT coalesce(string_agg(v::text, ' '), '') FROM votes v)
           || (SELECT coalesce(string_agg(s::text, ' '), '') FROM spots s)
           || (SELECT coalesce(string_agg(a::text, ' '), '') FROM app_secrets a) AS dump`,
    );
    assert.doesNotMatch(dump[0]?.dump ?? '', /192\.0\.2\.12[34]/);
  });
});

describe('visitor identity behind a trusted proxy', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase();
  });
  after(() => database.drop());

  it('with TRUST_PROXY=true, reads the client from X-Forwarded-For', async () => {
    const t = await startTestApp({ database, env: { TRUST_PROXY: 'true' } });
    try {
      const a = await visitorOf(t, '10.0.0.1', { 'x-forwarded-for': '203.0.113.5' });
      const b = await visitorOf(t, '10.0.0.2', { 'x-forwarded-for': '203.0.113.5' });
      const c = await visitorOf(t, '10.0.0.1', { 'x-forwarded-for': '203.0.113.6' });
      assert.equal(a, b);
      assert.notEqual(a, c);
    } finally {
      await t.close();
    }
  });

  it('with a proxy address list, trusts forwarded headers only from those proxies', async () => {
    const t = await startTestApp({
      database,
      env: { TRUST_PROXY: '10.0.0.0/8', CLIENT_IP_HEADER: 'CF-Connecting-IP' },
    });
    try {
      const viaProxy = await visitorOf(t, '10.1.2.3', { 'cf-connecting-ip': '203.0.113.7' });
      const viaOtherProxy = await visitorOf(t, '10.9.9.9', { 'cf-connecting-ip': '203.0.113.7' });
      assert.equal(viaProxy, viaOtherProxy);
      // A client reaching the app directly cannot pick its identity with the header.
      const direct = await visitorOf(t, '198.51.100.50', { 'cf-connecting-ip': '203.0.113.7' });
      const directPlain = await visitorOf(t, '198.51.100.50');
      assert.equal(direct, directPlain);
      assert.notEqual(direct, viaProxy);
    } finally {
      await t.close();
    }
  });

  it('with a hop count, takes the address the trusted hops saw', async () => {
    const t = await startTestApp({ database, env: { TRUST_PROXY: '1' } });
    try {
      const a = await visitorOf(t, '10.0.0.1', { 'x-forwarded-for': '198.51.100.1, 203.0.113.8' });
      const b = await visitorOf(t, '10.0.0.1', { 'x-forwarded-for': '198.51.100.2, 203.0.113.8' });
      // Only the last hop (appended by our proxy) is trusted: the client's own claim is ignored.
      assert.equal(a, b);
    } finally {
      await t.close();
    }
  });

  it('VISITOR_SALT changes every hash; without it a salt is generated once and kept', async () => {
    const stored = await database.db.query<{ value: string }>(
      `SELECT value FROM app_secrets WHERE name = 'visitor_salt'`,
    );
    assert.equal(stored.length, 1);
    const t1 = await startTestApp({ database });
    const keptSalt = await visitorOf(t1, '198.51.100.60');
    await t1.close();
    const t2 = await startTestApp({ database });
    assert.equal(await visitorOf(t2, '198.51.100.60'), keptSalt);
    await t2.close();
    const t3 = await startTestApp({ database, env: { VISITOR_SALT: 'a-configured-salt-of-enough-length' } });
    assert.notEqual(await visitorOf(t3, '198.51.100.60'), keptSalt);
    await t3.close();
  });
});
