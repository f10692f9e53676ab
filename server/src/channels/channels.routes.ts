import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import proxyAddr from 'proxy-addr';
import {
  type MobileOperator,
  operatorOfNetworkCode,
  operatorOfNumber,
  region,
} from '../../../common/region.ts';
import type { Deps } from '../deps.ts';
import { empty, error, media, type TypedApp, typed } from '../http/api-schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { PolicyName } from '../limits/policies.ts';
import { secretParams, smsForm, ussdForm } from './channels.schema.ts';
import { answerSms, answerUssd } from './channels.service.ts';
import { normalisePhone } from './phone.ts';
import { refusedBy } from './phone-acts.ts';
import { say } from './words.ts';

/** A callback is a few short fields; anything bigger is not the gateway. */
const FORM_LIMIT = 4096;

const USSD_PATH = '/api/channels/ussd/:secret';
/** What every callback counts against: per phone, and per operator. */
const CALLBACK_LIMITS: PolicyName[] = ['channel', 'channel_network'];

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The gateway sandbox's network code: outside production it stands for the number's operator. */
const SANDBOX_NETWORK = '99999';

/** "Not a mobile number of Uganda …": one of the region's, on the network the callback names. */
const notOurs = () =>
  new HttpError(400, `Not a mobile number of ${region().name} on the network the callback names`);

/** Counted inside, per phone and operator: listed for the document's x-rate-limits. */
const USSD_CONFIG = {
  publicDataUnchanged: true,
  alsoLimitedBy: [
    'channel',
    'channel_network',
    'report_visitor',
    'channel_report_network',
    'vote',
    'channel_vote_network',
    'channel_status_change_network',
    'place_lookup',
    'place_lookup_network',
  ] satisfies PolicyName[],
};
const SMS_CONFIG = {
  publicDataUnchanged: true,
  alsoLimitedBy: [
    'channel',
    'channel_network',
    'sms_reply',
    'place_lookup',
    'place_lookup_network',
  ] satisfies PolicyName[],
};

/** Who calls: a mobile number of the region (E.164) and its operator. */
type Caller = (raw: string, networkCode?: string) => { phone: string; operator: MobileOperator };

/**
 * Before the body is read: a wrong or missing secret is the same 404 as an unknown path, a
 * stranger's address a 403. While a secret is rotated out, the previous one is taken too; every
 * secret is compared, in constant time.
 */
function admission({ secrets, gatewayAddresses, sms }: Deps['config']['channels']) {
  const allowed = gatewayAddresses ? proxyAddr.compile([...gatewayAddresses]) : undefined;
  const digests = secrets.map(digest);
  return (request: FastifyRequest) => {
    const given = digest((request.params as { secret?: string }).secret ?? '');
    const enabled = request.routeOptions.url === USSD_PATH || Boolean(sms);
    const known = digests.map((d) => timingSafeEqual(given, d)).includes(true);
    if (!enabled || !known) throw notFound('Not found');
    if (allowed && !allowed(request.ip, 0))
      throw new HttpError(403, 'Callbacks are taken from the gateway only');
  };
}

/**
 * Who calls: a Ugandan mobile number (E.164) and its operator, a network code of MCC 641 whose
 * ranges hold the number (USSD), or the operator whose range holds it (SMS names no network).
 * Anything else is refused before anything is counted or stored.
 */
function callers(sandboxNetwork: boolean): Caller {
  return (raw, networkCode) => {
    const phone = normalisePhone(raw);
    const operator = phone ? operatorOfNumber(phone) : undefined;
    if (!phone || !operator) throw notOurs();
    const sandbox = sandboxNetwork && networkCode === SANDBOX_NETWORK;
    if (networkCode !== undefined && !sandbox && operatorOfNetworkCode(networkCode) !== operator)
      throw notOurs();
    return { phone, operator };
  };
}

/**
 * USSD and SMS callbacks (docs/channels.md). They exist only at /api/channels/<kind>/<secret> when
 * CHANNEL_SECRET is set (elsewhere they are 404s like any unknown path), and only from
 * CHANNEL_GATEWAY_ADDRESSES when that is set. Limits are counted per phone and per operator inside,
 * since every callback comes from the gateway's own address.
 */
export function registerChannelRoutes(app: FastifyInstance, deps: Deps): void {
  const { notice, sandboxNetwork } = deps.config.channels;
  if (notice) deps.log[notice.level](notice.message);
  const admit = admission(deps.config.channels);
  const caller = callers(sandboxNetwork);
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.addHook('onRequest', async (request) => admit(request));
    registerUssd(typed(scope), deps, caller);
    registerSms(typed(scope), deps, caller);
  });
}

/** A USSD session's next screen. */
function registerUssd(api: TypedApp, deps: Deps, caller: Caller): void {
  api.post(
    USSD_PATH,
    {
      config: USSD_CONFIG,
      schema: {
        summary: 'USSD callback of the SMS/USSD gateway',
        description:
          "Africa's Talking's USSD format: form fields sessionId, serviceCode, phoneNumber, networkCode and " +
          'text (the answers so far joined by *). The answer is plain text, `CON ` and a screen (the session ' +
          'goes on) or `END ` and a screen (it ends), at most 182 characters. Exists only at the configured ' +
          'secret path (docs/channels.md).',
        tags: ['channels'],
        consumes: ['application/x-www-form-urlencoded'],
        params: secretParams,
        body: ussdForm,
        response: {
          200: media('The next screen', 'text/plain'),
          400: error(
            `Not a USSD callback, or not a mobile number of ${region().name} on the network it names`,
          ),
          403: error('Not from a configured gateway address'),
          404: error('Not found (channels off, or another path)'),
        },
      },
    },
    async (request, reply) => {
      const form = request.body;
      const { phone, operator } = caller(form.phoneNumber, form.networkCode);
      reply.type('text/plain; charset=utf-8');
      const identity = deps.channels.identify(phone, operator.key);
      const refused = await refusedBy(deps, CALLBACK_LIMITS, identity);
      if (refused) {
        return `END ${say('en', 'tooMany', { wait: Math.ceil(refused.retryAfterSeconds / 60) })}`;
      }
      const screen = await answerUssd(deps, identity, {
        sessionId: form.sessionId,
        phone,
        operator: operator.key,
        text: form.text,
      });
      return `${screen.end ? 'END' : 'CON'} ${screen.text}`;
    },
  );
}

/** An incoming SMS: its answer goes out by SMS, through the outbox. */
function registerSms(api: TypedApp, deps: Deps, caller: Caller): void {
  api.post(
    '/api/channels/sms/:secret',
    {
      config: SMS_CONFIG,
      schema: {
        summary: 'Incoming SMS callback of the SMS/USSD gateway',
        description:
          "Africa's Talking's incoming-message format: form fields from, to, text, date, id and linkId. " +
          'Commands NEAR <place>, WATCH <place> and STOP; answers are sent by SMS through the outbox. ' +
          'A repeated id changes nothing. Exists only at the configured secret path when SMS is configured.',
        tags: ['channels'],
        consumes: ['application/x-www-form-urlencoded'],
        params: secretParams,
        body: smsForm,
        response: {
          200: empty('Taken; any answer goes by SMS'),
          400: error(`Not an SMS callback, or not from a mobile number of ${region().name}`),
          403: error('Not from a configured gateway address'),
          404: error('Not found (SMS off, or another path)'),
        },
      },
    },
    async (request, reply) => {
      // An SMS names no network: the operator whose range holds the number stands for it.
      const { phone, operator } = caller(request.body.from);
      const identity = deps.channels.identify(phone, operator.key);
      if (!(await refusedBy(deps, CALLBACK_LIMITS, identity))) {
        await answerSms(deps, identity, { id: request.body.id, phone, text: request.body.text });
      }
      return reply.code(200).send();
    },
  );
}
