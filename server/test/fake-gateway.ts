import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake SMS/USSD gateway on 127.0.0.1 in Africa's Talking's formats: its messaging API
 * (POST /version1/messaging, form-encoded, apiKey header, a status per recipient) for what Hatari
 * sends, and the callbacks it makes to Hatari for USSD sessions and incoming SMS.
 *
 * It can be told to be down (connections dropped), to fail (HTTP 500) or to be slow (it takes the
 * message at once and answers after `slowMs`). Like a gateway that honours an Idempotency-Key, a
 * message sent again under the same key is answered alike and delivered once.
 */
export type GatewayMode = 'ok' | 'down' | 'error' | 'slow';

export interface Delivered {
  to: string;
  message: string;
  from: string | undefined;
  key: string | undefined;
  userAgent: string | undefined;
}

export const FAKE_USERNAME = 'sandbox';
export const FAKE_API_KEY = 'fake-api-key-for-tests';

export class FakeSmsGateway {
  mode: GatewayMode = 'ok';
  slowMs = 15_000;
  /** Messages delivered to phones, once each. */
  delivered: Delivered[] = [];
  /** Every call to the messaging API, repeats and refusals included. */
  calls = 0;
  /** Called with each delivery (the `npm run fakes` console prints them). */
  onDelivery: ((d: Delivered) => void) | undefined;
  private readonly answers = new Map<string, string>();
  private readonly server: http.Server;

  constructor() {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => {
        body += c;
      });
      req.on('end', () => this.handle(req, res, body));
    });
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    this.calls++;
    if (this.mode === 'down') {
      req.socket.destroy();
      return;
    }
    if (this.mode === 'error') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    if (req.method !== 'POST' || req.url !== '/version1/messaging') {
      res.writeHead(404).end();
      return;
    }
    const form = new URLSearchParams(body);
    if (req.headers.apikey !== FAKE_API_KEY || form.get('username') !== FAKE_USERNAME) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('The supplied authentication is invalid');
      return;
    }
    const key = req.headers['idempotency-key'] as string | undefined;
    let answer = key ? this.answers.get(key) : undefined;
    if (!answer) {
      const to = form.get('to') ?? '';
      const valid = /^\+256\d{9}$/.test(to);
      if (valid) {
        const d: Delivered = {
          to,
          message: form.get('message') ?? '',
          from: form.get('from') ?? undefined,
          key,
          userAgent: req.headers['user-agent'],
        };
        this.delivered.push(d);
        this.onDelivery?.(d);
      }
      answer = JSON.stringify({
        SMSMessageData: {
          Message: valid ? 'Sent to 1/1 Total Cost: UGX 30.0000' : 'Sent to 0/1 Total Cost: 0',
          Recipients: [
            valid
              ? {
                  statusCode: 101,
                  number: to,
                  status: 'Success',
                  cost: 'UGX 30.0000',
                  messageId: `ATXid_${randomBytes(8).toString('hex')}`,
                }
              : { statusCode: 403, number: to, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' },
          ],
        },
      });
      if (key) this.answers.set(key, answer);
    }
    const send = () => res.writeHead(201, { 'content-type': 'application/json' }).end(answer);
    if (this.mode === 'slow') setTimeout(send, this.slowMs).unref();
    else send();
  }

  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  to(phone: string): string[] {
    return this.delivered.filter((d) => d.to === phone).map((d) => d.message);
  }

  /** The alerts (not the replies) delivered to a number. */
  alertsTo(phone: string): string[] {
    return this.to(phone).filter((m) => m.startsWith('Hatari alert'));
  }
}

/** The gateway's side of a USSD session: posts each answer so far, as the real one does. */
export class UssdSession {
  readonly sessionId = `ATUid_${randomBytes(8).toString('hex')}`;
  private answers: string[] = [];

  private readonly post: (path: 'ussd' | 'sms', form: Record<string, string>) => Promise<string>;
  readonly phoneNumber: string;
  readonly networkCode: string;
  readonly serviceCode: string;

  constructor(
    post: (path: 'ussd' | 'sms', form: Record<string, string>) => Promise<string>,
    phoneNumber: string,
    networkCode = '64110',
    serviceCode = '*284*77#',
  ) {
    this.post = post;
    this.phoneNumber = phoneNumber;
    this.networkCode = networkCode;
    this.serviceCode = serviceCode;
  }

  /** Dials (no answer) or answers; returns the screen as the gateway got it ("CON …" / "END …"). */
  send(answer?: string): Promise<string> {
    if (answer !== undefined) this.answers.push(answer);
    return this.repeat();
  }

  /** Sends the callback of the answers so far (again, as a gateway retrying after a timeout does). */
  repeat(): Promise<string> {
    return this.post('ussd', {
      sessionId: this.sessionId,
      serviceCode: this.serviceCode,
      phoneNumber: this.phoneNumber,
      networkCode: this.networkCode,
      text: this.answers.join('*'),
    });
  }

  /** Plays answers one by one; returns the last screen. */
  async play(...answers: string[]): Promise<string> {
    let screen = await this.send();
    for (const a of answers) screen = await this.send(a);
    return screen;
  }
}

/** An incoming SMS callback's form, as the gateway posts it. */
export function smsForm(from: string, text: string, id = `ATXid_${randomBytes(8).toString('hex')}`) {
  return {
    from,
    to: '8177',
    text,
    // biome-ignore lint/plugin: stamped as the real gateway stamps a message; nothing reads it
    date: new Date().toISOString(),
    id,
    linkId: randomBytes(6).toString('hex'),
  };
}

/** Posts a callback form to a running Hatari (over HTTP, as the gateway does). */
export function httpPoster(baseUrl: string, secret: string) {
  return async (path: 'ussd' | 'sms', form: Record<string, string>): Promise<string> => {
    const res = await fetch(`${baseUrl}/api/channels/${path}/${secret}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${text}`);
    return text;
  };
}

/** The settings that switch the channels on against a fake gateway, as an operator sets them. */
export const TEST_CHANNEL_SECRET = 'test-channel-secret-0123';
export const TEST_PHONE_KEY = 'a1'.repeat(32);
export const channelEnv = (gatewayUrl: string): Record<string, string> => ({
  CHANNEL_SECRET: TEST_CHANNEL_SECRET,
  SMS_API_URL: gatewayUrl,
  SMS_USERNAME: FAKE_USERNAME,
  SMS_API_KEY: FAKE_API_KEY,
  PHONE_KEY: TEST_PHONE_KEY,
  SMS_RETRY_SECONDS: '0.2',
});

/** Posts callbacks through Fastify's inject, as the gateway would over HTTP. */
export function injectPoster(
  inject: (o: { method: 'POST'; url: string; payload: string; headers: Record<string, string> }) => Promise<{
    statusCode: number;
    body: string;
  }>,
  secret = TEST_CHANNEL_SECRET,
) {
  return async (path: 'ussd' | 'sms', form: Record<string, string>): Promise<string> => {
    const res = await inject({
      method: 'POST',
      url: `/api/channels/${path}/${secret}`,
      payload: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
    return res.body;
  };
}
