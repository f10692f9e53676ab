import { z } from 'zod';
import { type GuardOptions, postForm, UpstreamError, UpstreamGuard } from './http.ts';

/**
 * Sends one SMS through the gateway's messaging API (Africa's Talking: POST /version1/messaging,
 * form-encoded username, to, message and from, the account's key in the apiKey header; it answers
 * with a status per recipient). Calls go only to the configured gateway, with a timeout, the app's
 * identifying User-Agent and a circuit breaker, like the map services.
 */
const SERVICE = 'sms gateway';
const TIMEOUT_MS = 10_000;
const SMS_GUARD: GuardOptions = { maxInFlight: 4, failuresToOpen: 3, openMs: 30_000 };

/** Recipient statuses that mean the message was taken: Processed, Sent, Queued. */
const TAKEN = new Set([100, 101, 102]);
/**
 * Statuses that no retry can change for this number: InvalidPhoneNumber, UnsupportedNumberType,
 * UserInBlacklist, DoNotDisturbRejection. Others (balance, routing, the gateway's own errors) are
 * retried.
 */
const REFUSED_FOR_GOOD = new Set([403, 404, 406, 409]);

const answer = z.object({
  SMSMessageData: z.object({
    Recipients: z.array(z.object({ statusCode: z.number(), status: z.string().optional() })),
  }),
});

export interface SmsGatewayOptions {
  apiUrl: string;
  username: string;
  apiKey: string;
  sender?: string;
  userAgent: string;
  /** How long a send may take before it counts as failed (and is retried). */
  timeoutMs?: number;
}

export type SendOutcome = 'sent' | 'refused';

export class SmsGateway {
  private readonly opts: SmsGatewayOptions;
  private readonly guard: UpstreamGuard;

  constructor(opts: SmsGatewayOptions, guard = new UpstreamGuard(SERVICE, SMS_GUARD)) {
    this.opts = opts;
    this.guard = guard;
  }

  /** False while the gateway is failing (circuit open) or has its most calls in flight. */
  get accepting(): boolean {
    return this.guard.accepting;
  }

  /**
   * 'sent' when the gateway took the message, 'refused' when it never will for this number; throws
   * UpstreamError when it may later (down, slow, an error of its own). The idempotency key names the
   * message, so a retry after a lost answer can be recognised by a gateway that honours it.
   */
  send(to: string, message: string, idempotencyKey: string): Promise<SendOutcome> {
    return this.guard.run(() => this.post(to, message, idempotencyKey));
  }

  private async post(to: string, message: string, idempotencyKey: string): Promise<SendOutcome> {
    const form: Record<string, string> = { username: this.opts.username, to, message };
    if (this.opts.sender) form.from = this.opts.sender;
    const { status, body } = await postForm(SERVICE, `${this.opts.apiUrl}/version1/messaging`, form, {
      userAgent: this.opts.userAgent,
      timeoutMs: this.opts.timeoutMs ?? TIMEOUT_MS,
      headers: { apiKey: this.opts.apiKey, 'Idempotency-Key': idempotencyKey },
    });
    if (status !== 200 && status !== 201) throw new UpstreamError(SERVICE, 'bad-status', `HTTP ${status}`);
    const parsed = answer.safeParse(body);
    const recipient = parsed.success ? parsed.data.SMSMessageData.Recipients[0] : undefined;
    if (!recipient) throw new UpstreamError(SERVICE, 'garbage', 'no recipient status');
    if (TAKEN.has(recipient.statusCode)) return 'sent';
    if (REFUSED_FOR_GOOD.has(recipient.statusCode)) return 'refused';
    throw new UpstreamError(SERVICE, 'bad-status', `recipient status ${recipient.statusCode}`);
  }
}
