import type { Db } from '../db/db.ts';
import { HttpError } from '../http/errors.ts';
import { readSiteSettings } from '../settings/index.ts';
import { type SessionUser, secondFactorHolds, tokenHash } from './auth.service.ts';
import { appendLog } from './log.sql.ts';
import type { SignInGuard } from './sign-in-guard.ts';
import { codeStep, newAuthenticator, newRecoveryCodes } from './two-factor.ts';
import {
  clearTotp,
  confirmTotp,
  findUserByName,
  markSessionTwoFactor,
  pendingTotp,
  setPendingTotp,
} from './users.sql.ts';

/**
 * A moderator turns on the second factor in two steps: a new secret to scan (kept pending), then a
 * code from the authenticator to prove it was scanned; only then is it in use, with ten recovery
 * codes shown once. The session it was set up in counts as signed in with it.
 */
export async function startTwoFactor(db: Db, user: SessionUser) {
  const authenticator = newAuthenticator(user.username);
  await setPendingTotp(db, user.username, authenticator.secret);
  return authenticator;
}

export async function confirmTwoFactor(
  db: Db,
  user: SessionUser,
  sessionToken: string,
  code: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const pending = await pendingTotp(tx, user.username);
    if (!pending) throw new HttpError(409, 'Start the set-up first: no authenticator is waiting');
    const step = codeStep(pending, code, null, now.getTime());
    if (step === undefined)
      throw new HttpError(400, 'That code is not right: check the phone’s time, and try the next code');
    const recovery = newRecoveryCodes();
    await confirmTotp(tx, user.username, step, recovery.hashes);
    await markSessionTwoFactor(tx, tokenHash(sessionToken));
    await appendLog(tx, { actor: user.username, action: 'two_factor_on' });
    return { recovery_codes: recovery.codes };
  });
}

/**
 * Turns the second factor off, with the password and a code (or a recovery code) as proof; not
 * while the site requires it of every account.
 */
export async function removeTwoFactor(
  db: Db,
  guard: SignInGuard,
  user: SessionUser,
  proof: { password: string; code: string },
  now: Date,
): Promise<void> {
  if ((await readSiteSettings(db)).requireTwoFactor)
    throw new HttpError(409, 'This site requires a second factor of every moderator');
  const row = await findUserByName(db, user.username);
  const holds =
    row?.totp_secret &&
    (await guard.verifyPassword(proof.password, row.password_hash)) &&
    (await secondFactorHolds(db, row, proof.code, now));
  if (!holds) throw new HttpError(403, 'Wrong password or code');
  await db.transaction(async (tx) => {
    await clearTotp(tx, user.username);
    await appendLog(tx, { actor: user.username, action: 'two_factor_off' });
  });
}
