import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { hashPassword, unknownUserHash, verifyPassword } from '../../src/moderation/passwords.ts';

/** scheme, logN, r, p and the key's length: what decides how long a check takes. */
const cost = (stored: string) => {
  const [scheme, logN, r, p, , key] = stored.split('$');
  return { scheme, logN, r, p, keyBytes: Buffer.from(key ?? '', 'base64url').length };
};

describe('passwords', () => {
  it('hashes with a salt and verifies only the right password', async () => {
    const [a, b] = [await hashPassword('a long password', 10), await hashPassword('a long password', 10)];
    assert.notEqual(a, b, 'salted: the same password hashes differently');
    assert.equal(await verifyPassword('a long password', a), true);
    assert.equal(await verifyPassword('a long passwore', a), false);
    assert.equal(await verifyPassword('a long password', 'plain text'), false);
  });

  it('checks unknown names against a hash that costs what a real one costs (no enumeration by timing)', async () => {
    for (const logN of [10, 12]) {
      assert.deepEqual(
        cost(await unknownUserHash(logN)),
        cost(await hashPassword('any password at all', logN)),
      );
      assert.equal(await verifyPassword('', await unknownUserHash(logN)), false);
    }
  });

  it('are hashed at 2^15 unless PASSWORD_HASH_COST says more, and never less in production', () => {
    assert.equal(loadConfig({}).passwordHashCost, 15);
    assert.equal(loadConfig({ PASSWORD_HASH_COST: '17' }).passwordHashCost, 17);
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://hatari.example' };
    assert.throws(
      () => loadConfig({ ...production, PASSWORD_HASH_COST: '14' }),
      /PASSWORD_HASH_COST: must be at least 15/,
    );
    assert.throws(() => loadConfig({ PASSWORD_HASH_COST: '9' }), /PASSWORD_HASH_COST/);
    assert.throws(
      () => loadConfig({ PASSWORD_HASH_COST: '18' }),
      /PASSWORD_HASH_COST/,
      'past scrypt’s memory bound',
    );
  });
});
