import { createHmac } from 'node:crypto';
import { type Spot, spotSchema } from '../../../common/api.ts';
import type { WebhookEvent } from '../../../common/domain.ts';
import { postBytes, UpstreamError } from '../clients/http.ts';
import type { Db, Queryable } from '../db/db.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Courier } from './couriers.ts';
import type { ClaimedMessage } from './outbox.sql.ts';
import {
  countWebhooks,
  deleteWebhook,
  enqueueWebhookDeliveries,
  insertWebhook,
  listWebhooks,
  recordAttempt,
  spotEventStatement,
  type WebhookRow,
  webhookTarget,
} from './webhooks.sql.ts';

/**
 * Webhooks for partners (docs/api.md, "Webhooks"): a newsroom, an NGO or the police receive spots
 * published, verified and archived as they happen, as a signed JSON POST. Deliveries are outbox
 * messages written in the transaction of their cause, so none is lost; a partner's endpoint that
 * fails gets retries with doubling waits for a day, on its own round of the outbox, never delaying
 * SMS or push. Imports no feature: spots and moderation queue events through channels/index.ts.
 */

/** The header a delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
const SIGNATURE_HEADER = 'hatari-signature';
/** How long a partner has to answer a delivery. */
const TIMEOUT_MS = 5000;

function signWebhook(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The public fields of a spot: a moderator's view given here carries more, which partners never get. */
const PUBLIC_FIELDS = Object.keys(spotSchema.shape) as (keyof Spot)[];

/**
 * Queues `event` of each spot for every webhook that takes it, in the caller's transaction: the body
 * `{ event, occurred_at, spot }`, fixed now, so every retry sends the same bytes.
 */
export function queueSpotEvents(
  tx: Queryable,
  event: WebhookEvent,
  spots: Spot[],
  at: Date,
): Promise<number> {
  const occurred_at = at.toISOString();
  return enqueueWebhookDeliveries(
    tx,
    event,
    spots.map((s) => {
      const spot = Object.fromEntries(PUBLIC_FIELDS.map((k) => [k, s[k]]));
      return { spotId: s.id, body: JSON.stringify({ event, occurred_at, spot }) };
    }),
  );
}

/**
 * queueSpotEvents for one spot, as a statement of a database function over its parameters and
 * variables (spots/report.sql.ts): `occurredAt` the time as ISO text, `spot` the public spot's JSON
 * text in the API's field order; the body is the same bytes queueSpotEvents would write.
 */
export function spotEventSql(event: WebhookEvent, spotId: string, occurredAt: string, spot: string): string {
  const body = `'{"event":"${event}","occurred_at":' || to_json(${occurredAt}::text)::text || ',"spot":' || ${spot} || '}'`;
  return spotEventStatement(`'${event}'`, spotId, body);
}

/** Deliveries to partners' endpoints, signed with each webhook's secret. */
export class WebhookCourier implements Courier {
  readonly channel = 'webhook';
  readonly accepting = true;
  private readonly db: Db;
  private readonly userAgent: string;
  private readonly now: () => Date;

  constructor(db: Db, userAgent: string, now: () => Date) {
    this.db = db;
    this.userAgent = userAgent;
    this.now = now;
  }

  async deliver(m: ClaimedMessage) {
    const id = m.webhook_id;
    const target = id === null ? undefined : await webhookTarget(this.db, id);
    if (!target || id === null) return { state: 'failed', error: 'webhook deleted' } as const;
    const t = Math.floor(this.now().getTime() / 1000);
    let status: number;
    try {
      status = await postBytes('webhook', target.url, Buffer.from(m.body), {
        userAgent: this.userAgent,
        timeoutMs: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signWebhook(target.secret, t, m.body),
          'hatari-event': (JSON.parse(m.body) as { event: string }).event,
          // The same on every retry: a partner that saw it already can drop it.
          'hatari-delivery': m.send_key,
        },
      });
    } catch (err) {
      if (err instanceof UpstreamError) await recordAttempt(this.db, id, err.reason, false);
      throw err;
    }
    const ok = status >= 200 && status < 300;
    await recordAttempt(this.db, id, `HTTP ${status}`, ok);
    if (ok) return { state: 'sent' } as const;
    throw new UpstreamError('webhook', 'bad-status', `HTTP ${status}`);
  }
}

/** A webhook as the admin API shows it: never its secret, only the secret's last four characters. */
function shown(w: WebhookRow) {
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return {
    id: w.id,
    url: w.url,
    events: w.events,
    secret_hint: `…${w.secret.slice(-4)}`,
    created_by: w.created_by,
    created_at: iso(w.created_at) as string,
    last_attempt_at: iso(w.last_attempt_at),
    last_outcome: w.last_outcome,
    last_success_at: iso(w.last_success_at),
    waiting: w.waiting,
  };
}

export async function partnerWebhooks(db: Db) {
  return { webhooks: (await listWebhooks(db)).map(shown) };
}

/** At most this many webhooks: each spot event is one delivery per webhook. */
const MAX_WEBHOOKS = 20;

export async function addPartnerWebhook(
  tx: Queryable,
  w: { url: string; secret: string; events: WebhookEvent[]; createdBy: string },
) {
  if ((await countWebhooks(tx)) >= MAX_WEBHOOKS)
    throw new HttpError(409, `At most ${MAX_WEBHOOKS} webhooks: delete one first`);
  return shown(await insertWebhook(tx, w));
}

export async function removePartnerWebhook(tx: Queryable, id: number): Promise<void> {
  if (!(await deleteWebhook(tx, id))) throw notFound('No such webhook');
}
