import webpush from 'web-push';
import { postBytes, UpstreamError } from './http.ts';

/**
 * Sends one Web Push message (RFC 8030, encrypted per RFC 8291, signed with VAPID per RFC 8292) to a
 * browser's push service. The `web-push` library encrypts and signs; the call itself goes through
 * clients/http.ts like every other outbound call: a timeout and the identifying User-Agent.
 */
const SERVICE = 'push service';
const TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for a phone that is off: a day, as the outbox gives up. */
const TTL_SECONDS = 86_400;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** sent: taken; gone: the subscription ended (404, 410), never send to it again; refused: this message, for good. */
export type PushOutcome = 'sent' | 'gone' | 'refused';

export class PushService {
  readonly publicKey: string;
  private readonly vapid: VapidKeys & { subject: string };
  private readonly userAgent: string;

  constructor(keys: VapidKeys, subject: string, userAgent: string) {
    this.publicKey = keys.publicKey;
    this.vapid = { ...keys, subject };
    this.userAgent = userAgent;
  }

  /** A new key pair, for a site that configures none (kept in its database). */
  static generateKeys(): VapidKeys {
    return webpush.generateVAPIDKeys();
  }

  /** Throws UpstreamError when the push service may take it later (down, slow, 429, 5xx). */
  async send(target: PushTarget, payload: string): Promise<PushOutcome> {
    const details = webpush.generateRequestDetails(target, payload, {
      vapidDetails: this.vapid,
      TTL: TTL_SECONDS,
      urgency: 'high',
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers as Record<string, unknown>)) {
      // fetch sets the length itself.
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    const status = await postBytes(SERVICE, details.endpoint, details.body, {
      userAgent: this.userAgent,
      timeoutMs: TIMEOUT_MS,
      headers,
    });
    if (status >= 200 && status < 300) return 'sent';
    if (status === 404 || status === 410) return 'gone';
    if (status === 429 || status >= 500) throw new UpstreamError(SERVICE, 'bad-status', `HTTP ${status}`);
    return 'refused';
  }
}
