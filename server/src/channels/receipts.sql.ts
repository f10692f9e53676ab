import type { Queryable } from '../db/db.ts';

/** Receipts of gateway callbacks acted on (receipts.ts). */

/** Claims a callback: true for the first, false for a repeat (whose answer, if ready, is returned). */
export async function claimReceipt(
  db: Queryable,
  key: string,
): Promise<{ first: true } | { first: false; answer: string | null }> {
  const inserted = await db.query(
    'INSERT INTO channel_receipts (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING key',
    [key],
  );
  if (inserted.length) return { first: true };
  const rows = await db.query<{ answer: string | null }>(
    'SELECT answer FROM channel_receipts WHERE key = $1',
    [key],
  );
  return { first: false, answer: rows[0]?.answer ?? null };
}

export async function settleReceipt(db: Queryable, key: string, answer: string): Promise<void> {
  await db.query('UPDATE channel_receipts SET answer = $2 WHERE key = $1', [key, answer]);
}

export async function dropReceipt(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM channel_receipts WHERE key = $1', [key]);
}
