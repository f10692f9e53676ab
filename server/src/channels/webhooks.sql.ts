import type { WebhookEvent } from '../../../common/domain.ts';
import type { Queryable } from '../db/db.ts';

/** Webhooks for partners, and their deliveries as outbox messages (migration 0029). */

export interface WebhookRow {
  id: number;
  url: string;
  secret: string;
  events: WebhookEvent[];
  created_by: string;
  created_at: Date | string;
  last_attempt_at: Date | string | null;
  last_outcome: string | null;
  last_success_at: Date | string | null;
  /** Deliveries waiting (queued or being sent). */
  waiting: number;
}

export async function listWebhooks(db: Queryable): Promise<WebhookRow[]> {
  return db.query<WebhookRow>(
    `SELECT w.*, (SELECT count(*)::int FROM outbox o WHERE o.webhook_id = w.id) AS waiting
     FROM webhooks w ORDER BY w.id`,
  );
}

export async function countWebhooks(db: Queryable): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhooks'))[0]?.n ?? 0;
}

export async function insertWebhook(
  db: Queryable,
  w: { url: string; secret: string; events: WebhookEvent[]; createdBy: string },
): Promise<WebhookRow> {
  const rows = await db.query<WebhookRow>(
    `INSERT INTO webhooks (url, secret, events, created_by) VALUES ($1, $2, $3::text[], $4)
     RETURNING *, 0 AS waiting`,
    [w.url, w.secret, w.events, w.createdBy],
  );
  return rows[0] as WebhookRow;
}

/** Deletes a webhook and its waiting deliveries; whether there was one. */
export async function deleteWebhook(db: Queryable, id: number): Promise<boolean> {
  return (await db.query('DELETE FROM webhooks WHERE id = $1 RETURNING id', [id])).length > 0;
}

/** Where and how a delivery goes; undefined once the webhook is deleted. */
export async function webhookTarget(
  db: Queryable,
  id: number,
): Promise<{ url: string; secret: string } | undefined> {
  return (
    await db.query<{ url: string; secret: string }>('SELECT url, secret FROM webhooks WHERE id = $1', [id])
  )[0];
}

export async function recordAttempt(db: Queryable, id: number, outcome: string, ok: boolean): Promise<void> {
  await db.query(
    `UPDATE webhooks SET last_attempt_at = now(), last_outcome = $2,
       last_success_at = CASE WHEN $3 THEN now() ELSE last_success_at END
     WHERE id = $1`,
    [id, outcome, ok],
  );
}

/**
 * One delivery per webhook taking `event` of each row of `from` (columns spot_id and body), as a
 * statement over the caller's SQL; a spot's event is queued once per webhook.
 */
const webhookDeliveries = (event: string, from: string) =>
  `INSERT INTO outbox (phone_hash, webhook_id, kind, body, spot_id)
     SELECT 'webhook:' || w.id || ':' || ${event}, w.id, 'webhook', d.body, d.spot_id
     FROM webhooks w CROSS JOIN ${from}
     WHERE ${event} = ANY (w.events)
     ON CONFLICT (spot_id, phone_hash) DO NOTHING`;

/**
 * The deliveries of one spot's event, its body the JSON text `body`, as a statement of a database
 * function over its parameters and variables (spots/report.sql.ts).
 */
export const spotEventStatement = (event: string, spotId: string, body: string) =>
  webhookDeliveries(event, `(SELECT ${spotId} AS spot_id, ${body} AS body) AS d`);

/**
 * Queues one delivery of `event` per spot (its JSON body given) to every webhook that takes the
 * event; a spot's event already queued for a webhook is not queued again.
 */
export async function enqueueWebhookDeliveries(
  db: Queryable,
  event: WebhookEvent,
  deliveries: { spotId: number; body: string }[],
): Promise<number> {
  if (deliveries.length === 0) return 0;
  const rows = await db.query(
    `${webhookDeliveries('$1', 'unnest($2::int[], $3::text[]) AS d (spot_id, body)')} RETURNING id`,
    [event, deliveries.map((d) => d.spotId), deliveries.map((d) => d.body)],
  );
  return rows.length;
}
