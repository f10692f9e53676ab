import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashPassword, UNKNOWN_USER_HASH, verifyPassword } from '../../src/moderation/passwords.ts';

/** scheme, logN, r, p and the key's length: what decides how long a check takes. */
const cost = (stored: string) => {
  const [scheme, logN, r, p, , key] = stored.split('$');
  return { scheme, logN, r, p, keyBytes: Buffer.from(key ?? '', 'base64url').length };
};

describe('passwords', () => {
  it('hashes with a salt and verifies only the right password', async () => {
    const [a, b] = [await hashPassword('a long password'), await hashPassword('a long password')];
    assert.notEqual(a, b, 'salted: the same password hashes differently');
    assert.equal(await verifyPassword('a long password', a), true);
    assert.equal(await verifyPassword('a long passwore', a), false);
    assert.equal(await verifyPassword('a long password', 'plain text'), false);
  });

  it('checks unknown names against a hash that costs what a real one costs (no enumeration by timing)', async () => {
    assert.deepEqual(cost(UNKNOWN_USER_HASH), cost(await hashPassword('any password at all')));
    assert.equal(await verifyPassword('', UNKNOWN_USER_HASH), false);
  });
});
