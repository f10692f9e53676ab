import { sql } from 'kysely';
import type { WebhookEvent } from '../../../common/domain.ts';
import type { Queryable } from '../db/db.ts';
import { qb, rowsOf } from '../db/sql-builder.ts';

/** Webhooks for partners, and their deliveries as outbox messages (migration 0029). */

/** A webhook with its deliveries waiting (queued or being sent); its events as the table's CHECK allows. */
const webhookRow = qb
  .selectFrom('webhooks as w')
  .selectAll('w')
  .select((eb) =>
    eb
      .selectFrom('outbox as o')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('o.webhook_id', '=', 'w.id')
      .$asScalar()
      .$notNull()
      .as('waiting'),
  )
  .$narrowType<{ events: WebhookEvent[] }>();

export type WebhookRow = Awaited<ReturnType<typeof listWebhooks>>[number];

export async function listWebhooks(db: Queryable) {
  return rowsOf(db, webhookRow.orderBy('w.id'));
}

export async function countWebhooks(db: Queryable): Promise<number> {
  const rows = await rowsOf(db, qb.selectFrom('webhooks').select(sql<number>`count(*)::int`.as('n')));
  return rows[0]?.n ?? 0;
}

export async function insertWebhook(
  db: Queryable,
  w: { url: string; secret: string; events: WebhookEvent[]; createdBy: string },
): Promise<WebhookRow> {
  const rows = await rowsOf(
    db,
    qb
      .insertInto('webhooks')
      .values({ url: w.url, secret: w.secret, events: sql`${w.events}::text[]`, created_by: w.createdBy })
      .returningAll()
      .returning(sql<number>`0`.as('waiting'))
      .$narrowType<{ events: WebhookEvent[] }>(),
  );
  return rows[0] as WebhookRow;
}

/** Deletes a webhook and its waiting deliveries; whether there was one. */
export async function deleteWebhook(db: Queryable, id: number): Promise<boolean> {
  return (await rowsOf(db, qb.deleteFrom('webhooks').where('id', '=', id).returning('id'))).length > 0;
}

/** Where and how a delivery goes; undefined once the webhook is deleted. */
export async function webhookTarget(
  db: Queryable,
  id: number,
): Promise<{ url: string; secret: string } | undefined> {
  return (await rowsOf(db, qb.selectFrom('webhooks').select(['url', 'secret']).where('id', '=', id)))[0];
}

export async function recordAttempt(db: Queryable, id: number, outcome: string, ok: boolean): Promise<void> {
  await rowsOf(
    db,
    qb
      .updateTable('webhooks')
      .set({
        last_attempt_at: sql`now()`,
        last_outcome: outcome,
        last_success_at: sql`CASE WHEN ${ok} THEN now() ELSE last_success_at END`,
      })
      .where('id', '=', id),
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
