import { sql } from 'kysely';
import type { Queryable } from '../db/db.ts';
import { qb, rowsOf } from '../db/sql-builder.ts';

/**
 * The outbox: SMS and push messages written in the transaction that caused them, then taken, sent
 * and finished by the outbox worker (outbox.ts).
 */

/** The ways out: an SMS to a number, a push to a browser's subscription, a partner's webhook. */
export type Channel = 'sms' | 'push' | 'webhook';

export interface OutboxMessage {
  /** The number's salted hash, or 'push:<subscription id>'. */
  phoneHash: string;
  /** Exactly one: the sealed number, or the push subscription. */
  phoneEnc?: string | undefined;
  pushId?: number | undefined;
  /** A page is a moderator's (moderation's pager): it opens the console, not a spot. */
  kind: 'reply' | 'alert' | 'page';
  body: string;
  spotId?: number;
  sendAfter?: Date;
  /** When it is queued, by the app's clock (an alert: the caps count it by that clock); else now. */
  at?: Date;
}

/** Queues a message; an alert of a spot already queued for the number is not queued again. */
export async function enqueue(db: Queryable, m: OutboxMessage): Promise<boolean> {
  const rows = await rowsOf(
    db,
    qb
      .insertInto('outbox')
      .values({
        phone_hash: m.phoneHash,
        phone_enc: m.phoneEnc ?? null,
        push_id: m.pushId ?? null,
        kind: m.kind,
        body: m.body,
        spot_id: m.spotId ?? null,
        send_after: m.sendAfter ?? sql`now()`,
        created_at: m.at ?? sql`now()`,
      })
      .onConflict((oc) => oc.columns(['spot_id', 'phone_hash']).doNothing())
      .returning('id'),
  );
  return rows.length > 0;
}

export interface ClaimedMessage {
  id: string;
  kind: 'reply' | 'alert' | 'webhook' | 'page';
  send_key: string;
  /** Set for an SMS. */
  phone_enc: string | null;
  /** Set for a push. */
  push_id: number | null;
  /** Set for a webhook delivery. */
  webhook_id: number | null;
  spot_id: number | null;
  body: string;
  attempts: number;
  created_at: Date | string;
  /** When a sender handed it to its way out: it may have arrived (its lease then ran out). */
  in_flight_at: Date | string | null;
}

/**
 * Takes up to `limit` messages of the channel that are due, or whose sender stopped (a lease that
 * ran out: the process died while sending), for `leaseSeconds`. SKIP LOCKED lets several instances
 * share the work.
 */
export async function claimDue(
  db: Queryable,
  channel: Channel,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedMessage[]> {
  const rows = await db.query<ClaimedMessage>(
    `UPDATE outbox SET state = 'sending', attempts = attempts + 1,
       lease_until = now() + make_interval(secs => $2)
     WHERE id IN (
       SELECT id FROM outbox
       WHERE ((state = 'queued' AND send_after <= now()) OR (state = 'sending' AND lease_until < now()))
         AND CASE WHEN push_id IS NOT NULL THEN 'push' WHEN webhook_id IS NOT NULL THEN 'webhook' ELSE 'sms' END = $3
       ORDER BY send_after, id
       LIMIT $1
       FOR UPDATE SKIP LOCKED)
     RETURNING id::text, kind, send_key::text, phone_enc, push_id, webhook_id, spot_id, body, attempts, created_at, in_flight_at`,
    [limit, leaseSeconds, channel],
  );
  // RETURNING keeps no order: messages to one number go out in the order they were written.
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/** An update of the message `id`, while a sender holds it. */
const sending = (id: string) => qb.updateTable('outbox').where('id', '=', id).where('state', '=', 'sending');

/** Marks a message as handed to its way out, just before it is (in its sender's lease). */
export async function markInFlight(db: Queryable, id: string): Promise<void> {
  await rowsOf(db, sending(id).set({ in_flight_at: sql`now()` }));
}

/** Extends the lease of the messages a living sender holds. */
export async function renewLeases(
  db: Queryable,
  ids: readonly string[],
  leaseSeconds: number,
): Promise<void> {
  if (ids.length === 0) return;
  await rowsOf(
    db,
    qb
      .updateTable('outbox')
      .set({ lease_until: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where('id', '=', (eb) => eb.fn.any(sql<string[]>`${ids}::bigint[]`))
      .where('state', '=', 'sending'),
  );
}

/**
 * Sent or given up: the number (or the link to the subscription) is erased, the row kept for the
 * daily cap and against resending.
 */
export async function finish(
  db: Queryable,
  id: string,
  state: 'sent' | 'failed',
  error?: string,
): Promise<void> {
  await rowsOf(
    db,
    sending(id).set({
      state,
      phone_enc: null,
      push_id: null,
      webhook_id: null,
      lease_until: null,
      in_flight_at: null,
      last_error: error ?? null,
      sent_at: state === 'sent' ? sql`now()` : null,
    }),
  );
}

export async function retryLater(
  db: Queryable,
  id: string,
  afterSeconds: number,
  error: string,
): Promise<void> {
  await rowsOf(
    db,
    sending(id).set({
      state: 'queued',
      lease_until: null,
      in_flight_at: null,
      last_error: error,
      send_after: sql`now() + make_interval(secs => ${afterSeconds})`,
    }),
  );
}

/** Messages due now (queued or being sent, their time come), and how long the oldest has waited. */
export async function outboxBacklog(db: Queryable): Promise<{ due: number; lagSeconds: number }> {
  const rows = await db.query<{ due: number; lag: number | null }>(
    `SELECT count(*)::int AS due, extract(epoch FROM now() - min(send_after))::float8 AS lag
     FROM outbox WHERE state IN ('queued', 'sending') AND send_after <= now()`,
  );
  return { due: rows[0]?.due ?? 0, lagSeconds: rows[0]?.lag ?? 0 };
}
