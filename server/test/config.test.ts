import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, defaultReadsAtOnce, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const c = loadConfig({});
    assert.equal(c.port, 3000);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.databaseUrl, undefined);
    assert.equal(c.dataDir, path.resolve('./data'));
    assert.equal(c.redisUrl, undefined);
    assert.equal(c.trustProxy, false);
    assert.equal(c.seed, true);
    assert.match(c.geocoderUserAgent, /^Hatari\//);
    assert.equal(Object.isFrozen(c), true, 'the configuration cannot change');
  });

  it('runs one heavy uncached read per core at once by default, 2 to 4, and light ones in the rest of 8', () => {
    assert.deepEqual(
      [1, 2, 4, 32].map((cores) => defaultReadsAtOnce(cores)),
      [2, 2, 4, 4],
    );
    const reads = loadConfig({}).publicReads;
    assert.deepEqual([reads.atOnce, reads.lightAtOnce], [defaultReadsAtOnce(), 8 - defaultReadsAtOnce()]);
    const told = loadConfig({ PUBLIC_READS_AT_ONCE: '12' }).publicReads;
    assert.deepEqual([told.atOnce, told.lightAtOnce], [12, 2]);
  });

  it('parses every variable of the contract', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/hatari',
      DATA_DIR: '/var/lib/hatari',
      REDIS_URL: 'redis://cache:6379',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
      CLIENT_IP_HEADER: 'CF-Connecting-IP',
      VISITOR_SALT: 'sixteen-or-more-characters',
      OSRM_URL: 'http://osrm.local:5000/',
      NOMINATIM_URL: 'http://nominatim.local',
      GEOCODER_USER_AGENT: 'Hatari-test (ops@example.org)',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'a long admin password',
      SEED: '0',
    });
    assert.equal(c.port, 8080);
    assert.deepEqual(c.trustProxy, ['10.0.0.0/8', '192.168.1.1']);
    assert.equal(c.clientIpHeader, 'cf-connecting-ip');
    assert.equal(c.osrmUrl, 'http://osrm.local:5000');
    assert.deepEqual(c.admin, { username: 'admin', password: 'a long admin password' });
    assert.equal(c.seed, false);
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://u@db/h', ROLE: 'worker' }).role, 'worker');
    assert.equal(loadConfig({}).role, 'all');
    assert.equal(loadConfig({}).healthPort, undefined, 'no health port unless asked');
    assert.equal(loadConfig({ HEALTH_PORT: '13001' }).healthPort, 13001);
    assert.equal(loadConfig({}).push.services.length, 4, "the four browsers' push services by default");
    assert.equal(
      loadConfig({ PUBLIC_URL: 'https://hatari.example.org' }).push.subject,
      'https://hatari.example.org',
    );
    assert.equal(loadConfig({}).publicUrl, 'http://127.0.0.1:3000', 'the listening address, never a Host');
    assert.equal(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl, 'http://localhost:8080');
    assert.deepEqual(loadConfig({}).reportBudgets, {
      reportBudgetPerHour: 30,
      reportBudgetPerNetworkPerHour: 5,
      reportBudgetPerPlacePerHour: 3,
    });
    assert.equal(loadConfig({ REPORT_BUDGET_PER_HOUR: '0' }).reportBudgets.reportBudgetPerHour, 0);
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
  });

  for (const [env, named] of [
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '3001', HEALTH_PORT: '3001' }, 'HEALTH_PORT'],
    [{ HEALTH_PORT: 'health' }, 'HEALTH_PORT'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ TRUST_PROXY: 'not-an-address' }, 'TRUST_PROXY'],
    [{ CLIENT_IP_HEADER: 'cf-connecting-ip' }, 'CLIENT_IP_HEADER'],
    [{ VISITOR_SALT: 'short' }, 'VISITOR_SALT'],
    [{ OSRM_URL: 'file:///etc/passwd' }, 'OSRM_URL'],
    [{ ADMIN_USERNAME: 'admin' }, 'ADMIN_PASSWORD'],
    [{ SEED: 'yes' }, 'SEED'],
    [{ CHANNEL_SECRET: 'short' }, 'CHANNEL_SECRET'],
    [{ CHANNEL_SECRET: 'has/a/slash/in/it/0123' }, 'CHANNEL_SECRET'],
    [{ CHANNEL_GATEWAY_ADDRESSES: 'gateway.example' }, 'CHANNEL_GATEWAY_ADDRESSES'],
    [{ PHONE_KEY: 'abcd' }, 'PHONE_KEY'],
    [{ SMS_API_URL: 'ftp://x' }, 'SMS_API_URL'],
    [{ SMS_API_KEY: 'k', SMS_USERNAME: 'u', CHANNEL_SECRET: 'a-secret-of-16-chars' }, 'SMS_API_KEY'],
    [{ ROLE: 'web' }, 'ROLE'],
    [{ ROLE: 'boss', DATABASE_URL: 'postgres://u@db/h' }, 'ROLE'],
    [{ VAPID_PUBLIC_KEY: 'BAAA' }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_SUBJECT: 'http://insecure.example' }, 'VAPID_SUBJECT'],
    [{ PUSH_SERVICES: 'fcm.googleapis.com' }, 'PUSH_SERVICES'],
    [{ NODE_ENV: 'production' }, 'PUBLIC_URL'],
    [{ REPORT_BUDGET_PER_HOUR: '-1' }, 'REPORT_BUDGET_PER_HOUR'],
    [{ REPORT_BUDGET_PER_PLACE_PER_HOUR: 'many' }, 'REPORT_BUDGET_PER_PLACE_PER_HOUR'],
  ] as const) {
    it(`refuses ${JSON.stringify(env)} with a message naming ${named}`, () => {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && err.message.includes(`${named}:`),
      );
    });
  }

  it('turns the channels on only as configured, and never prints a key', () => {
    assert.deepEqual(loadConfig({}).channels, {
      secrets: [],
      notice: undefined,
      sandboxNetwork: true,
      gatewayAddresses: undefined,
      sms: undefined,
      phoneKey: undefined,
    });
    const key = 'ab'.repeat(32);
    const c = loadConfig({
      CHANNEL_SECRET: 'a-secret-of-16-chars',
      CHANNEL_GATEWAY_ADDRESSES: '196.201.214.0/24, 41.215.160.10',
      SMS_USERNAME: 'hatari',
      SMS_API_KEY: 'atsk_0123',
      SMS_SENDER: '8177',
      PHONE_KEY: key,
    }).channels;
    assert.deepEqual(c.secrets, ['a-secret-of-16-chars']);
    assert.equal(c.notice, undefined);
    assert.deepEqual(c.gatewayAddresses, ['196.201.214.0/24', '41.215.160.10']);
    assert.deepEqual(c.sms, {
      apiUrl: 'https://api.africastalking.com',
      username: 'hatari',
      apiKey: 'atsk_0123',
      sender: '8177',
      retrySeconds: 30,
    });
    assert.equal(c.phoneKey?.toString('hex'), key);
    const rotating = loadConfig({
      CHANNEL_SECRET: 'the-new-secret-16ch',
      CHANNEL_SECRET_PREVIOUS: 'the-old-secret-16ch',
    }).channels;
    assert.deepEqual(rotating.secrets, ['the-new-secret-16ch', 'the-old-secret-16ch']);
    assert.throws(
      () => loadConfig({ CHANNEL_SECRET_PREVIOUS: 'the-old-secret-16ch' }),
      /CHANNEL_SECRET_PREVIOUS/,
    );
    assert.equal(
      loadConfig({ PHONE_KEY: Buffer.alloc(32, 1).toString('base64') }).channels.phoneKey?.length,
      32,
    );
    assert.throws(
      () => loadConfig({ PHONE_KEY: 'zz'.repeat(40) }),
      (err: unknown) => err instanceof ConfigError && !err.message.includes('zzzz'),
      'the bad value is not repeated',
    );
  });

  it('keeps the channels off in production without the gateway addresses, unless told `any`', () => {
    const base = {
      CHANNEL_SECRET: 'a-secret-of-16-chars',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://hatari.example.org',
    };
    const off = loadConfig(base).channels;
    assert.deepEqual(off.secrets, []);
    assert.equal(off.notice?.level, 'error');
    assert.match(off.notice?.message ?? '', /CHANNEL_GATEWAY_ADDRESSES/);
    assert.equal(off.sandboxNetwork, false);
    const any = loadConfig({ ...base, CHANNEL_GATEWAY_ADDRESSES: 'any' }).channels;
    assert.deepEqual(
      [any.secrets, any.gatewayAddresses, any.notice?.level],
      [['a-secret-of-16-chars'], undefined, 'warn'],
    );
    const listed = loadConfig({ ...base, CHANNEL_GATEWAY_ADDRESSES: '196.201.214.0/24' }).channels;
    assert.deepEqual([listed.secrets, listed.notice], [['a-secret-of-16-chars'], undefined]);
    const dev = loadConfig({ CHANNEL_SECRET: 'a-secret-of-16-chars' }).channels;
    assert.deepEqual(
      [dev.secrets, dev.notice, dev.sandboxNetwork],
      [['a-secret-of-16-chars'], undefined, true],
    );
  });
});
