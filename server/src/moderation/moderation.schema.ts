import { z } from 'zod';
import { networkKey, pushSubscription, reportFieldRules, settingsSchema } from '../../../common/api.ts';
import { MAX_ID, MOD_STATES, ROLES, WEBHOOK_EVENTS } from '../../../common/domain.ts';
import { LANGUAGE_NAMES, type Lang } from '../../../common/region.ts';
import { errorSchema } from '../http/api-schema.ts';
import { PASSWORD_RULES } from './passwords.ts';

export { ROLES };

export const username = z
  .string({ error: 'username is required' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_.-]{3,40}$/, 'username must be 3 to 40 letters, digits, dots, dashes or underscores');

export const password = z
  .string({ error: 'password is required' })
  .min(PASSWORD_RULES.min, `password must be at least ${PASSWORD_RULES.min} characters`)
  .max(PASSWORD_RULES.max, `password must be at most ${PASSWORD_RULES.max} characters`);

/** A code from an authenticator app (6 digits) or a recovery code (4 groups of 5). */
const secondFactorCode = z
  .string()
  .max(40)
  .meta({ description: 'An authenticator code, or a recovery code' });

export const loginBody = z.object({
  username: z.string({ error: 'username is required' }).max(100),
  password: z.string({ error: 'password is required' }).max(PASSWORD_RULES.max),
  code: secondFactorCode.optional(),
  altcha: z.string().max(2048).optional().meta({
    description: 'The solved `proof_of_work` of a 401, when the account asked for one (base64 JSON)',
  }),
});

export const signInRefusal = errorSchema
  .extend({
    two_factor: z
      .boolean()
      .optional()
      .meta({ description: 'True when the name and password were right and the code is missing' }),
    proof_of_work: z
      .object({
        algorithm: z.string(),
        challenge: z.string(),
        salt: z.string(),
        signature: z.string(),
        maxnumber: z.number().int(),
      })
      .optional()
      .meta({ description: 'The account asks for work first: solve this and send it again with `altcha`' }),
  })
  .meta({ id: 'SignInRefusal' });

export const twoFactorConfirm = z.object({ code: secondFactorCode });
export const twoFactorRemove = z.object({
  password: z.string().max(PASSWORD_RULES.max),
  code: secondFactorCode,
});

export const modSpotsQuery = z.object({
  state: z.enum(MOD_STATES, { error: `state must be one of: ${MOD_STATES.join(', ')}` }).default('pending'),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  areas: z
    .enum(['all', 'mine'])
    .default('all')
    .meta({ description: "mine: only spots in the calling moderator's areas (all when they have none)" }),
});

// On call (docs/moderators.md, "On call").

const hour = z.number().int().min(0).max(23);
export const onCallPatch = z
  .object({
    on_duty: z.boolean(),
    quiet_hours: z
      .object({ from: hour, to: hour })
      .refine((h) => h.from !== h.to, 'quiet_hours from and to must differ')
      .nullable(),
    phone: z
      .string()
      .trim()
      .max(30)
      .nullable()
      .meta({ description: 'A number for pages by SMS (where the site sends SMS); null forgets it' }),
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Send on_duty, quiet_hours or phone');

export const onCallPhoneBody = z.object({
  subscription: pushSubscription,
  lang: z
    .enum(Object.keys(LANGUAGE_NAMES) as [Lang, ...Lang[]])
    .meta({ description: 'What pages are written in' }),
});
export const onCallPhoneForget = pushSubscription.pick({ endpoint: true });

/** At most this many areas per moderator. */
export const MAX_AREAS = 10;
export const areaBody = z
  .object({
    name: z.string().trim().min(1).max(60),
    west: z.number().min(-180).max(180),
    south: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
  })
  .refine((a) => a.west < a.east && a.south < a.north, 'An area needs west < east and south < north');
export const areaParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_ID) });

/** A moderator's edit: any report fields, under the same rules (the merged spot is checked again). */
export const spotPatch = z
  .object(reportFieldRules)
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Send at least one field to change');
export type SpotPatch = z.output<typeof spotPatch>;

export const settingsPatch = settingsSchema
  .partial()
  .refine(
    (p) => Object.keys(p).length > 0,
    `Send at least one of ${settingsSchema.keyof().options.join(', ')}`,
  );

export const userCreate = z.object({ username, password, role: z.enum(ROLES) });
export const userPatch = z
  .object({
    password: password.optional(),
    role: z.enum(ROLES).optional(),
    resetTwoFactor: z
      .literal(true)
      .optional()
      .meta({ description: "Turns the account's second factor off (a lost phone); it sets one up again" }),
  })
  .refine(
    (p) => p.password !== undefined || p.role !== undefined || p.resetTwoFactor,
    'Send a new password, a role and/or resetTwoFactor',
  );
export const usernameParams = z.object({ username });

export const logQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) });
export const voidTarget = z.object({
  network: networkKey,
  what: z.enum(['votes', 'flags'], { error: 'what must be votes or flags' }),
});
export type VoidTarget = z.output<typeof voidTarget>;

const instant = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be an ISO date-time` }).transform((v) => new Date(v));

export const voidPeriod = z.object({ network: networkKey, from: instant('from'), to: instant('to') });

/** A burst's period, as GET /api/mod/alarms gives it (a moderator may widen or narrow it). */
export const burstPeriod = z.object({
  from: instant('from'),
  to: instant('to'),
  networks: z
    .array(networkKey)
    .max(100)
    .optional()
    .meta({ description: "Only these networks' votes and flags (keys from the alarm); all when absent" }),
});

/** A period of held reports to decide whole (the held_reports alarm's from and to). */
export const heldPeriod = z.object({ from: instant('from'), to: instant('to') });

/** A moderator request refused (403): why, and whether the session must first set up a second factor. */
export const moderatorRefusal = errorSchema
  .extend({
    two_factor_setup: z
      .boolean()
      .optional()
      .meta({ description: 'True when the session must set up two-step sign-in first' }),
  })
  .meta({ id: 'ModeratorRefusal' });

/** POST /api/mod/webhooks: where a partner receives spot events, and the key they are signed with. */
export const webhookCreate = z.object({
  url: z
    .url({ protocol: /^https?$/, error: 'url must be an http(s) address' })
    .max(2000, 'url must be at most 2000 characters')
    .refine((u) => !new URL(u).username && !new URL(u).password, 'url must not hold a user name or password')
    .meta({ description: "The partner's endpoint; each event is POSTed to it as JSON" }),
  secret: z
    .string()
    .min(16, 'secret must be at least 16 characters')
    .max(200, 'secret must be at most 200 characters')
    .meta({
      description: 'Signs each delivery (Hatari-Signature); shared with the partner, never shown again',
    }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `events must be some of: ${WEBHOOK_EVENTS.join(', ')}` }))
    .min(1)
    .default([...WEBHOOK_EVENTS])
    .transform((events) => [...new Set(events)])
    .meta({ description: 'The events it receives (default all)' }),
});
export const webhookParams = z.object({
  id: z.coerce.number({ error: 'id must be a webhook id' }).int().min(1).max(MAX_ID),
});

const webhookSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    secret_hint: z.string().meta({ description: "The secret's last four characters" }),
    created_by: z.string(),
    created_at: z.string().meta({ format: 'date-time' }),
    last_attempt_at: z.string().nullable().meta({ format: 'date-time' }),
    last_outcome: z.string().nullable().meta({ description: 'The last attempt: "HTTP 200", "timeout", …' }),
    last_success_at: z.string().nullable().meta({ format: 'date-time' }),
    waiting: z.number().int().meta({ description: 'Deliveries not yet sent (retried with back-off)' }),
  })
  .meta({ id: 'Webhook' });
export const webhookResponse = z.object({ webhook: webhookSchema });
export const webhooksResponse = z.object({ webhooks: z.array(webhookSchema) });
