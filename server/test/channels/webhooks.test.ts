import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Courier } from '../../src/channels/couriers.ts';
import { enqueue } from '../../src/channels/outbox.sql.ts';
import { OUTBOX_DEFAULTS, Outbox } from '../../src/channels/outbox.ts';
import { WebhookCourier } from '../../src/channels/webhooks.ts';
import { archiveAgedSpots } from '../../src/spots/index.ts';
import { moderatorSession, report } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

/**
 * Partners' webhooks: an admin registers a partner's endpoint; the partner's test server (on
 * loopback) receives spots published, verified and archived, checks each signature as docs/api.md
 * tells partners to, and refuses a forged delivery. A partner that fails gets retries; one that
 * hangs never holds an SMS back.
 */
const ADMIN = { username: 'amina', password: 'correct-horse-battery' };
const SECRET = 'partner-shared-secret-0123456789';
let t: TestApp;
let cookie = '';

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * The partner's side, written from docs/api.md alone: HMAC-SHA256 with the shared secret of
 * "<t>.<body as received>", hex, compared in constant time, the timestamp within five minutes.
 */
function partnerAccepts(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number,
): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(nowSeconds - Number(parts.t)) > 300) return false;
  const mac = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  return timingSafeEqual(mac, Buffer.from(parts.v1 as string, 'hex'));
}

/** A partner's endpoint: records what arrives, answers `status` (or never, while `hang`). */
class Partner {
  received: Delivery[] = [];
  status = 200;
  hang = false;
  private held: ServerResponse[] = [];
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
        if (this.hang) this.held.push(res);
        else res.writeHead(this.status).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hatari/events`;
  }

  release() {
    for (const res of this.held.splice(0)) res.writeHead(200).end();
  }

  async stop() {
    this.release();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  events() {
    return this.received.map((d) => JSON.parse(d.body) as { event: string; spot: Record<string, unknown> });
  }
}

const partner = new Partner();
let url = '';

describe('channels/webhooks', () => {
  before(async () => {
    url = await partner.start();
    t = await startTestApp({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
    cookie = await moderatorSession(() => t, t.deps.clock, ADMIN)();
  });
  after(async () => {
    await t.close();
    await partner.stop();
  });
  beforeEach(() => {
    partner.received = [];
    partner.status = 200;
  });

  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
    t.inject({
      method,
      url: path,
      headers: { cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: payload === undefined ? undefined : JSON.stringify(payload),
    });
  const send = () => t.deps.channels.outbox.tick();
  /** Reports a spot; its id, and the spot as the report's answer gave it. */
  async function reported(title: string, fields: Record<string, unknown> = {}) {
    const res = await t.inject({
      method: 'POST',
      url: '/api/spots',
      payload: report({ title, lat: 0.3476, lng: 32.5825, ...fields }),
      headers: { 'user-agent': `webhooks ${title}` },
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().pending, false);
    return res.json().spot as Record<string, unknown> & { id: number };
  }
  const newSpot = async (title: string) => (await reported(title)).id;

  it('lets admins register a webhook, shown without its secret', async () => {
    const res = await as('POST', '/api/mod/webhooks', { url, secret: SECRET });
    assert.equal(res.statusCode, 201, res.body);
    const { webhook } = res.json();
    assert.deepEqual(webhook.events, ['spot.published', 'spot.verified', 'spot.archived']);
    assert.equal(webhook.secret_hint, '…6789');
    const list = await as('GET', '/api/mod/webhooks');
    assert.equal(list.statusCode, 200);
    assert.equal(list.json().webhooks.length, 1);
    assert.ok(!list.body.includes(SECRET), 'the secret is never sent back');
    const log = await as('GET', '/api/mod/log?limit=1');
    assert.equal(log.json().entries[0].action, 'webhook_create');
    assert.ok(!log.body.includes(SECRET), 'nor logged');
  });

  it('refuses a bad address, a short secret and an unknown event', async () => {
    for (const [body, message] of [
      [{ url: 'ftp://partner.example/x', secret: SECRET }, /url must be an http\(s\) address/],
      [{ url: 'https://user:pw@partner.example/x', secret: SECRET }, /must not hold a user name or password/],
      [{ url, secret: 'short' }, /secret must be at least 16 characters/],
      [{ url, secret: SECRET, events: ['spot.deleted'] }, /events must be some of/],
    ] as const) {
      const res = await as('POST', '/api/mod/webhooks', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.match(res.json().error, message);
    }
  });

  it('POSTs a new public spot, signed, and the partner accepts it', async () => {
    const answered = await reported('Phones snatched at the "taxi park" — Kisenyi', {
      description: 'Two boda riders, after 9 pm.\nAsk for the stage "Nakivubo" instead\\',
      source_url: 'https://news.example/ug?a=1&b=2',
    });
    const id = answered.id;
    await send();
    assert.equal(partner.received.length, 1);
    const [delivery] = partner.received as [Delivery];
    assert.equal(delivery.headers['content-type'], 'application/json');
    assert.equal(delivery.headers['hatari-event'], 'spot.published');
    assert.match(String(delivery.headers['user-agent']), /Hatari/);
    const now = Math.floor(t.deps.clock.now().getTime() / 1000);
    assert.ok(
      partnerAccepts(SECRET, delivery.headers['hatari-signature'] as string, delivery.body, now),
      'signed',
    );
    const { event, spot } = partner.events()[0] as { event: string; spot: Record<string, unknown> };
    assert.equal(event, 'spot.published');
    assert.equal(spot.id, id);
    assert.equal(spot.lat, 0.3476);
    // What the partner receives is, byte for byte, what the report's answer said of the spot.
    const occurred_at = answered.created_at;
    assert.equal(delivery.body, JSON.stringify({ event: 'spot.published', occurred_at, spot: answered }));
    assert.deepEqual(spot, (await t.inject({ url: `/api/spots/${id}` })).json().spot);
  });

  it('POSTs a newly verified spot; a forged delivery is refused by the partner', async () => {
    const id = await newSpot('Dark bridge on the bypass');
    await send();
    partner.received = [];
    const verify = await as('POST', `/api/mod/spots/${id}/verify`, {});
    assert.equal(verify.statusCode, 200, verify.body);
    await send();
    assert.deepEqual(
      partner.events().map((e) => [e.event, e.spot.id, e.spot.moderator_verified]),
      [['spot.verified', id, true]],
    );
    const { spot } = partner.events()[0] as { spot: Record<string, unknown> };
    assert.deepEqual(
      Object.keys(spot).filter((k) => ['publication', 'auto_hidden', 'review_reason', 'flags'].includes(k)),
      [],
      "nothing of the moderator's view",
    );
    const [real] = partner.received as [Delivery];
    const header = real.headers['hatari-signature'] as string;
    const now = Math.floor(t.deps.clock.now().getTime() / 1000);
    assert.ok(partnerAccepts(SECRET, header, real.body, now), 'the real one is accepted');
    const forged = real.body.replace('"moderator_verified":true', '"moderator_verified":false');
    assert.notEqual(forged, real.body);
    assert.equal(partnerAccepts(SECRET, header, forged, now), false, 'a changed body is refused');
    assert.equal(partnerAccepts('another-secret-0123456789', header, real.body, now), false, 'another key');
    assert.equal(partnerAccepts(SECRET, header, real.body, now + 3600), false, 'an old one replayed');
  });

  it('POSTs an archived spot, and nothing of a held report', async () => {
    const id = await newSpot('Lane by the closed market');
    await send();
    partner.received = [];
    assert.equal((await as('POST', `/api/mod/spots/${id}/archive`, {})).statusCode, 200);
    assert.equal((await as('PUT', '/api/mod/settings', { requireApproval: true })).statusCode, 200);
    const held = await t.inject({
      method: 'POST',
      url: '/api/spots',
      payload: report({ title: 'Held for a moderator' }),
    });
    assert.equal(held.json().pending, true);
    assert.equal((await as('PUT', '/api/mod/settings', { requireApproval: false })).statusCode, 200);
    await send();
    assert.deepEqual(
      partner.events().map((e) => [e.event, e.spot.id]),
      [['spot.archived', id]],
    );
    // Approved: on the map for the first time, so published.
    assert.equal((await as('POST', `/api/mod/spots/${held.json().spot.id}/approve`, {})).statusCode, 200);
    await send();
    assert.deepEqual(partner.events().at(-1)?.event, 'spot.published');
  });

  it('retries a failing endpoint with the same delivery id, and shows how it went', async () => {
    partner.status = 503;
    await newSpot('Potholes and no lights');
    await send();
    assert.equal(partner.received.length, 1);
    const [webhook] = (await as('GET', '/api/mod/webhooks')).json().webhooks;
    assert.equal(webhook.last_outcome, 'HTTP 503');
    assert.equal(webhook.waiting, 1, 'waiting for its retry');
    await send();
    assert.equal(partner.received.length, 1, 'not before its back-off');
    // Its time comes (the outbox's back-off, 30 s and doubling, moved on).
    await t.db.query(`UPDATE outbox SET send_after = now() WHERE webhook_id IS NOT NULL`);
    partner.status = 200;
    await send();
    assert.equal(partner.received.length, 2);
    const [first, second] = partner.received as [Delivery, Delivery];
    assert.equal(second.headers['hatari-delivery'], first.headers['hatari-delivery']);
    assert.equal(second.body, first.body);
    const [after] = (await as('GET', '/api/mod/webhooks')).json().webhooks;
    assert.equal(after.last_outcome, 'HTTP 200');
    assert.equal(after.waiting, 0);
  });

  it('never holds an SMS back while a partner hangs', async () => {
    partner.hang = true;
    await newSpot('A hanging partner');
    const sent: string[] = [];
    const sms: Courier = {
      channel: 'sms',
      accepting: true,
      deliver: async (m) => {
        sent.push(m.body);
        return { state: 'sent' };
      },
    };
    const outbox = new Outbox(
      t.db,
      [new WebhookCourier(t.db, 'Hatari-test/1', () => t.deps.clock.now()), sms],
      t.deps.log,
      { ...OUTBOX_DEFAULTS, pollMs: 20 },
    );
    outbox.start();
    try {
      for (let i = 0; i < 200 && partner.received.length === 0; i++)
        await new Promise((r) => setTimeout(r, 10));
      assert.equal(partner.received.length, 1, 'the partner has the delivery and does not answer');
      await enqueue(t.db, { phoneHash: 'a-number', phoneEnc: 'sealed', kind: 'reply', body: 'to a phone' });
      for (let i = 0; i < 200 && sent.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      assert.deepEqual(sent, ['to a phone'], 'the SMS went while the partner hung');
    } finally {
      partner.hang = false;
      partner.release();
      await outbox.close();
    }
  });

  it('POSTs the spots aged out by the hourly archiving, each once', async () => {
    partner.hang = false;
    const onMap = (await t.inject({ method: 'GET', url: '/api/spots' })).json().spots as { id: number }[];
    assert.ok(onMap.length >= 3, `${onMap.length} spots on the map`);
    const twentyYears = new Date(t.deps.clock.now().getTime() + 20 * 365 * 86_400_000);
    assert.equal(await archiveAgedSpots(t.db, twentyYears), onMap.length);
    await send();
    assert.deepEqual(
      partner
        .events()
        .map((e) => [e.event, e.spot.id, e.spot.archived])
        .sort((a, b) => Number(a[1]) - Number(b[1])),
      onMap.map((s) => ['spot.archived', s.id, true]).sort((a, b) => Number(a[1]) - Number(b[1])),
    );
  });

  it('drops a removed webhook and what waited for it', async () => {
    const [webhook] = (await as('GET', '/api/mod/webhooks')).json().webhooks;
    partner.status = 500;
    await newSpot('Before the partner left');
    await send();
    assert.equal((await as('DELETE', `/api/mod/webhooks/${webhook.id}`, {})).statusCode, 204);
    assert.equal((await as('DELETE', `/api/mod/webhooks/${webhook.id}`, {})).statusCode, 404);
    assert.deepEqual((await as('GET', '/api/mod/webhooks')).json().webhooks, []);
    const waiting = await t.db.query(`SELECT 1 FROM outbox WHERE kind = 'webhook' AND state = 'queued'`);
    assert.equal(waiting.length, 0);
  });
});
