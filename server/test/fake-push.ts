import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify as verifySignature,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A browser push service on 127.0.0.1, as Chrome's, Firefox's and Safari's speak Web Push: it
 * hands out subscriptions (a P-256 key pair and an auth secret, as a browser makes), and for each
 * message checks what a real one checks (RFC 8030 headers, the VAPID token of RFC 8292 signed by the
 * key in its `k`, for this origin, not expired) and decrypts the body (RFC 8291, aes128gcm) with the
 * subscription's private key, as the browser would. Answers 201; `gone` endpoints 410; mode 'error' 503.
 */
export interface PushDelivery {
  /** Which subscription (the last segment of its endpoint). */
  id: string;
  payload: unknown;
  ttl: number;
  urgency: string;
  /** The VAPID public key the message was signed with. */
  vapidKey: string;
}

interface Held {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

const b64 = (b: Buffer) => b.toString('base64url');

export class FakePushService {
  mode: 'ok' | 'error' = 'ok';
  deliveries: PushDelivery[] = [];
  /** Messages refused, with why: a test expects none. */
  refused: string[] = [];
  readonly gone = new Set<string>();
  private readonly subscriptions = new Map<string, Held>();
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const [status, why] = this.take(req, Buffer.concat(chunks));
      if (why) this.refused.push(why);
      res.writeHead(status).end(why ?? '');
    });
  });
  private origin = '';

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.origin;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** A new subscription, as PushSubscription.toJSON() gives it. */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } } {
    const id = b64(randomBytes(12));
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const held = { ecdh, auth: randomBytes(16) };
    this.subscriptions.set(id, held);
    return {
      endpoint: `${this.origin}/push/${id}`,
      keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(held.auth) },
    };
  }

  to(endpoint: string): PushDelivery[] {
    const id = endpoint.split('/').at(-1);
    return this.deliveries.filter((d) => d.id === id);
  }

  private take(req: http.IncomingMessage, body: Buffer): [number, string?] {
    const id = (req.url ?? '').match(/^\/push\/([\w-]+)$/)?.[1];
    const held = id === undefined ? undefined : this.subscriptions.get(id);
    if (req.method !== 'POST' || !id || !held) return [404, 'no such subscription'];
    if (this.gone.has(id)) return [410];
    if (this.mode === 'error') return [503];
    if (req.headers['content-encoding'] !== 'aes128gcm') return [415, 'content-encoding is not aes128gcm'];
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return [400, 'no TTL'];
    const vapid = this.checkVapid(String(req.headers.authorization ?? ''));
    if (typeof vapid !== 'string') return [403, vapid.why];
    let payload: unknown;
    try {
      payload = JSON.parse(decrypt(body, held).toString('utf8'));
    } catch (err) {
      return [400, `not decryptable: ${(err as Error).message}`];
    }
    this.deliveries.push({
      id,
      payload,
      ttl,
      urgency: String(req.headers.urgency ?? 'normal'),
      vapidKey: vapid,
    });
    return [201];
  }

  /** `vapid t=<JWT>, k=<public key>`: returns the key when the token is good. */
  private checkVapid(header: string): string | { why: string } {
    const m = header.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/);
    if (!m?.[1] || !m[2]) return { why: `Authorization is not VAPID: ${header.slice(0, 40)}` };
    const [head, claims, signature] = m[1].split('.') as [string, string, string];
    const raw = Buffer.from(m[2], 'base64url');
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33, 65)) },
      format: 'jwk',
    });
    const good = verifySignature(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!good) return { why: 'VAPID signature does not verify' };
    const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      aud?: string;
      exp?: number;
      sub?: string;
    };
    if (c.aud !== this.origin) return { why: `VAPID aud ${c.aud} is not ${this.origin}` };
    // biome-ignore lint/plugin: a push service checks a token's expiry on its own clock, as this one does
    const now = Date.now() / 1000;
    if (!c.exp || c.exp < now || c.exp > now + 24 * 3600) return { why: 'VAPID exp is not within 24 hours' };
    if (!/^(mailto:|https:)/.test(c.sub ?? '')) return { why: 'VAPID sub is not mailto: or https:' };
    return m[2];
  }
}

/** RFC 8291 with RFC 8188's aes128gcm, one record. */
function decrypt(body: Buffer, held: Held): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = held.ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), held.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, held.auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}
