import type { FastifyBaseLogger } from 'fastify';
import type { PushService } from '../clients/push-service.ts';
import type { SmsGateway } from '../clients/sms-gateway.ts';
import type { Db } from '../db/db.ts';
import type { Channel, ClaimedMessage } from './outbox.sql.ts';
import type { PhoneCipher } from './phone.ts';
import { forgetSubscription, pushTarget } from './push.sql.ts';

/** The outbox's ways out (outbox.ts sends through them): SMS through the gateway, Web Push. */

/** One way out of the outbox. */
export interface Courier {
  readonly channel: Channel;
  /** False while the way out is failing (an open circuit) or has its most calls in flight. */
  readonly accepting: boolean;
  /** Sends one message; throws UpstreamError when it may go later. */
  deliver(m: ClaimedMessage): Promise<{ state: 'sent' } | { state: 'failed'; error: string }>;
}

/** SMS through the gateway, to the number sealed in the message. */
export class SmsCourier implements Courier {
  readonly channel = 'sms';
  private readonly gateway: SmsGateway;
  private readonly cipher: PhoneCipher;
  private readonly log: FastifyBaseLogger;

  constructor(gateway: SmsGateway, cipher: PhoneCipher, log: FastifyBaseLogger) {
    this.gateway = gateway;
    this.cipher = cipher;
    this.log = log;
  }

  get accepting(): boolean {
    return this.gateway.accepting;
  }

  async deliver(m: ClaimedMessage) {
    let phone: string;
    try {
      phone = this.cipher.decrypt(m.phone_enc ?? '');
    } catch {
      // Sealed under another PHONE_KEY: no retry can read it.
      this.log.error({ message: m.id }, 'outbox: a number could not be decrypted (was PHONE_KEY changed?)');
      return { state: 'failed', error: 'number not readable with this PHONE_KEY' } as const;
    }
    const outcome = await this.gateway.send(phone, m.body, `hatari-${m.send_key}`);
    return outcome === 'sent'
      ? ({ state: 'sent' } as const)
      : ({ state: 'failed', error: 'refused' } as const);
  }
}

/** Where a moderator's page opens: the console's alarms. */
const PAGE_URL = '/moderate#alarms';

/**
 * Web Push to a browser's subscription: a notification titled with the site's name, the alert as
 * its text, opening the spot (a moderator's page: the console's alarms). A subscription its push service calls gone is deleted with its
 * watches and messages.
 */
export class PushCourier implements Courier {
  readonly channel = 'push';
  readonly accepting = true;
  private readonly db: Db;
  private readonly push: PushService;

  constructor(db: Db, push: PushService) {
    this.db = db;
    this.push = push;
  }

  async deliver(m: ClaimedMessage) {
    const target = m.push_id === null ? undefined : await pushTarget(this.db, m.push_id);
    if (!target || m.push_id === null) return { state: 'failed', error: 'unsubscribed' } as const;
    const page = m.kind === 'page';
    const payload = JSON.stringify({
      title: 'Hatari',
      body: m.body,
      url: page ? PAGE_URL : m.spot_id === null ? '/' : `/spots/${m.spot_id}`,
      // A newer page replaces the one before it: one notification says what waits now.
      tag: page ? 'hatari-alarm' : m.spot_id === null ? `hatari-${m.id}` : `spot-${m.spot_id}`,
    });
    const outcome = await this.push.send(target, payload);
    if (outcome === 'sent') return { state: 'sent' } as const;
    if (outcome === 'gone') await forgetSubscription(this.db, m.push_id);
    return { state: 'failed', error: outcome } as const;
  }
}
