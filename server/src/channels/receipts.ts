import { createHash } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { claimReceipt, dropReceipt, settleReceipt } from './receipts.sql.ts';

/** A callback's key: a hash of what names it (its kind, the gateway's ids, the session's answers). */
export const receiptKey = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\n')).digest('base64url');

/**
 * Runs an action once per callback: the gateway may send the same request again (a retry after a
 * timeout); the repeat gets the first answer (or 'in progress' while the first still runs) and
 * changes nothing. An action that fails leaves no trace, so the gateway's retry can act.
 */
export async function once<T>(db: Queryable, key: string, run: () => Promise<T>): Promise<T | 'in progress'> {
  const claim = await claimReceipt(db, key);
  if (!claim.first) return claim.answer ? (JSON.parse(claim.answer) as T) : 'in progress';
  try {
    const result = await run();
    await settleReceipt(db, key, JSON.stringify(result ?? null));
    return result;
  } catch (err) {
    await dropReceipt(db, key).catch(() => {});
    throw err;
  }
}
