import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  DEVICE_MAX_AGE_SECONDS,
  DEVICE_RENEW_AFTER_SECONDS,
  DeviceCredentials,
  encodeCredential,
  newDeviceId,
  readCredential,
} from '../../src/identity/device-credential.ts';

const KEY = 'device-key-for-tests';
const NOW = Date.UTC(2026, 10, 23, 12);
const nowS = NOW / 1000;

describe('device credentials', () => {
  it('reads back what it signed, and only that', () => {
    const id = newDeviceId();
    assert.equal(Buffer.from(id, 'base64url').length, 16, '128 random bits');
    assert.notEqual(newDeviceId(), id);
    const value = encodeCredential(KEY, { id, issuedAt: nowS });
    assert.deepEqual(readCredential(KEY, value, NOW), { id, issuedAt: nowS });
    assert.equal(readCredential('another-key', value, NOW), undefined, 'signed with another key');
    const [, issued, sig] = value.split('.');
    const otherId = newDeviceId();
    assert.equal(readCredential(KEY, `${otherId}.${issued}.${sig}`, NOW), undefined, 'id swapped');
    const later = (nowS + 1).toString(36);
    assert.equal(readCredential(KEY, `${id}.${later}.${sig}`, NOW), undefined, 'time changed');
    const flipped = `${sig?.[0] === 'A' ? 'B' : 'A'}${sig?.slice(1)}`;
    assert.equal(readCredential(KEY, `${id}.${issued}.${flipped}`, NOW), undefined, 'signature changed');
    for (const junk of [
      undefined,
      '',
      'x',
      `${value}.`,
      `.${value}`,
      value.replace(/\./g, ':'),
      `${value}x`,
    ]) {
      assert.equal(readCredential(KEY, junk, NOW), undefined, String(junk));
    }
  });

  it('expires after its lifetime and refuses one from the future', () => {
    const id = newDeviceId();
    const at = (issuedAt: number) => readCredential(KEY, encodeCredential(KEY, { id, issuedAt }), NOW);
    assert.equal(at(nowS - DEVICE_MAX_AGE_SECONDS + 1)?.id, id, 'a second before it expires');
    assert.equal(at(nowS - DEVICE_MAX_AGE_SECONDS)?.id, id, 'the second it expires');
    assert.equal(at(nowS - DEVICE_MAX_AGE_SECONDS - 1), undefined);
    assert.ok(at(nowS + 300), 'a little clock skew between instances');
    assert.equal(DEVICE_MAX_AGE_SECONDS, 34_560_000, '400 days');
    assert.equal(DEVICE_RENEW_AFTER_SECONDS, 2_592_000, '30 days');
    assert.equal(at(nowS + 301), undefined);
  });

  it('renews a month-old credential with the same id', () => {
    let now = NOW;
    const devices = new DeviceCredentials(KEY, () => now);
    const first = devices.read(devices.issue());
    assert.ok(first, 'a credential just issued reads back');
    assert.equal(first.issuedAt, nowS);
    assert.equal(devices.needsRenewal(first), false);
    now = NOW + DEVICE_RENEW_AFTER_SECONDS * 1000;
    assert.equal(devices.needsRenewal(first), false);
    now += 1000;
    assert.equal(devices.needsRenewal(first), true);
    const renewed = devices.read(devices.issue(first));
    assert.equal(renewed?.id, first.id);
    assert.equal(renewed?.issuedAt, Math.floor(now / 1000));
  });
});
