import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';

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
    assert.ok(Object.isFrozen(c));
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
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
  });

  for (const [env, named] of [
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ TRUST_PROXY: 'not-an-address' }, 'TRUST_PROXY'],
    [{ CLIENT_IP_HEADER: 'cf-connecting-ip' }, 'CLIENT_IP_HEADER'],
    [{ VISITOR_SALT: 'short' }, 'VISITOR_SALT'],
    [{ OSRM_URL: 'file:///etc/passwd' }, 'OSRM_URL'],
    [{ ADMIN_USERNAME: 'admin' }, 'ADMIN_PASSWORD'],
    [{ SEED: 'yes' }, 'SEED'],
  ] as const) {
    it(`refuses ${JSON.stringify(env)} with a message naming ${named}`, () => {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && err.message.includes(`${named}:`),
      );
    });
  }
});
