import type { Queryable } from '../db/db.ts';
import { qb, rowsOf } from '../db/sql-builder.ts';

/** Receipts of gateway callbacks acted on (receipts.ts). */

/** Claims a callback: true for the first, false for a repeat (whose answer, if ready, is returned). */
export async function claimReceipt(
  db: Queryable,
  key: string,
): Promise<{ first: true } | { first: false; answer: string | null }> {
  const inserted = await rowsOf(
    db,
    qb
      .insertInto('channel_receipts')
      .values({ key })
      .onConflict((oc) => oc.doNothing())
      .returning('key'),
  );
  if (inserted.length) return { first: true };
  const rows = await rowsOf(db, qb.selectFrom('channel_receipts').select('answer').where('key', '=', key));
  return { first: false, answer: rows[0]?.answer ?? null };
}

export async function settleReceipt(db: Queryable, key: string, answer: string): Promise<void> {
  await rowsOf(db, qb.updateTable('channel_receipts').set({ answer }).where('key', '=', key));
}

export async function dropReceipt(db: Queryable, key: string): Promise<void> {
  await rowsOf(db, qb.deleteFrom('channel_receipts').where('key', '=', key));
}
