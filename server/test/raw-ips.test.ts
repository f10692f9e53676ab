import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { phoneNumbersIn, rawIpsIn } from './raw-ips.ts';

describe('the raw-address scan', () => {
  it('finds IPv4 and IPv6 client addresses wherever they stand', () => {
    assert.deepEqual(rawIpsIn('{"msg":"request","ip":"203.0.113.7"}'), ['203.0.113.7']);
    assert.deepEqual(rawIpsIn('visitor 10.9.0.1 voted'), ['10.9.0.1']);
    assert.deepEqual(rawIpsIn('{"address":"10.9.0.2","user":"x"}'), ['10.9.0.2']);
    assert.deepEqual(rawIpsIn('(7,::ffff:198.51.100.5,1)'), ['198.51.100.5']);
    assert.deepEqual(rawIpsIn('key rl/2001:db8:1:2:aaaa::1/vote'), ['2001:db8:1:2:aaaa::1']);
    assert.deepEqual(rawIpsIn('fe80::1:2%eth0'), ['fe80::1:2']);
  });

  it('leaves out service endpoints, versions, coordinates, times and hashes', () => {
    for (const text of [
      'Server listening at http://127.0.0.1:3000',
      'connect ECONNREFUSED 127.0.0.1:5432',
      '{"code":"ECONNREFUSED","syscall":"connect","address":"127.0.0.1","port":5432}',
      'postgres://postgres@127.0.0.1/hatari',
      'listening on [::1]:6379',
      'Hatari/0.1 (contact) node v20.20.2',
      '0.3136,32.5811',
      '2026-11-22T07:26:55.123Z 12:30:00',
      'a::b',
      'c2f1d4e0a9b8',
    ]) {
      assert.deepEqual(rawIpsIn(text), [], text);
    }
  });

  it('also finds phone numbers, as gateways and people write them', () => {
    for (const phone of [
      '+256772000001',
      '256772000001',
      '0772000001',
      '0772 000 001',
      '+256 772-000-001',
      '+447700900123',
    ]) {
      assert.deepEqual(phoneNumbersIn(`{"to":"${phone}"}`), [phone], phone);
      assert.deepEqual(rawIpsIn(`from ${phone} ok`), [phone], `${phone} counts as a finding of the scan`);
    }
    for (const text of [
      '+256779999999 Police (mobile)',
      '1764000000123',
      'phone_hash Ufg23vzg9XuQjJw4PbE9aK7wHUIriv85CNF3Bpu',
      'v1.AbC.7720000012345.xyz',
      '0.3491800,32.5719500',
    ]) {
      assert.deepEqual(phoneNumbersIn(text), [], text);
    }
  });
});
