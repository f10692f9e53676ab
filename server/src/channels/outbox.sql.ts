import type { Queryable } from '../db/db.ts';

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
  const rows = await db.query(
    `INSERT INTO outbox (phone_hash, phone_enc, push_id, kind, body, spot_id, send_after, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()), coalesce($8::timestamptz, now()))
     ON CONFLICT (spot_id, phone_hash) DO NOTHING
     RETURNING id`,
    [
      m.phoneHash,
      m.phoneEnc ?? null,
      m.pushId ?? null,
      m.kind,
      m.body,
      m.spotId ?? null,
      m.sendAfter?.toISOString() ?? null,
      m.at?.toISOString() ?? null,
    ],
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

/** Marks a message as handed to its way out, just before it is (in its sender's lease). */
export async function markInFlight(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE outbox SET in_flight_at = now() WHERE id = $1::bigint AND state = 'sending'`, [id]);
}

/** Extends the lease of the messages a living sender holds. */
export async function renewLeases(
  db: Queryable,
  ids: readonly string[],
  leaseSeconds: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE outbox SET lease_until = now() + make_interval(secs => $2)
     WHERE id = ANY($1::bigint[]) AND state = 'sending'`,
    [ids, leaseSeconds],
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
  await db.query(
    `UPDATE outbox SET state = $2, phone_enc = NULL, push_id = NULL, webhook_id = NULL, lease_until = NULL,
       in_flight_at = NULL, last_error = $3,
       sent_at = CASE WHEN $2 = 'sent' THEN now() END
     WHERE id = $1::bigint AND state = 'sending'`,
    [id, state, error ?? null],
  );
}

export async function retryLater(
  db: Queryable,
  id: string,
  afterSeconds: number,
  error: string,
): Promise<void> {
  await db.query(
    `UPDATE outbox SET state = 'queued', lease_until = NULL, in_flight_at = NULL, last_error = $3,
       send_after = now() + make_interval(secs => $2)
     WHERE id = $1::bigint AND state = 'sending'`,
    [id, afterSeconds, error],
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
