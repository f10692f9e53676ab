import { z } from 'zod';
import { ROLES } from '../../../common/domain.ts';
import { reportFieldRules, spotSchema } from '../spots/spots.schema.ts';
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

export const loginBody = z.object({
  username: z.string({ error: 'username is required' }).max(100),
  password: z.string({ error: 'password is required' }).max(PASSWORD_RULES.max),
});

export const userSchema = z.object({ username: z.string(), role: z.enum(ROLES) }).meta({ id: 'User' });
export const sessionResponse = z.object({ user: userSchema });

export const MOD_STATES = ['pending', 'flagged', 'review', 'bursts', 'rejected', 'approved', 'all'] as const;
export type ModState = (typeof MOD_STATES)[number];

export const modSpotsQuery = z.object({
  state: z.enum(MOD_STATES, { error: `state must be one of: ${MOD_STATES.join(', ')}` }).default('pending'),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

export const modSpotSchema = spotSchema
  .extend({
    publication: z.enum(['approved', 'pending', 'rejected']),
    auto_hidden: z.boolean().meta({ description: 'True when open flags took it off the public map.' }),
    review_reason: z
      .enum(['disputed'])
      .nullable()
      .meta({
        description:
          'Why it waits for review: "disputed" when community votes disputed a protected spot (verified, ' +
          'or seeded with a source), which stays a danger. Cleared by the next moderator decision.',
      }),
    burst: z.boolean().meta({
      description: 'True when one network sent a burst of votes or flags on it in the last 7 days.',
    }),
    flag_count: z.number().int().meta({ description: 'Open flags' }),
    flags: z.array(
      z.object({
        reason: z.string(),
        note: z.string(),
        created_at: z.string().meta({ format: 'date-time' }),
      }),
    ),
  })
  .meta({ id: 'ModSpot' });
export type ModSpot = z.output<typeof modSpotSchema>;

export const MOD_ACTIONS = ['approve', 'reject', 'verify', 'unverify', 'dismiss-flags'] as const;
export type ModAction = (typeof MOD_ACTIONS)[number];

/** A moderator's edit: any report fields, under the same rules (the merged spot is checked again). */
export const spotPatch = z
  .object(reportFieldRules)
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Send at least one field to change');
export type SpotPatch = z.output<typeof spotPatch>;

export const settingsSchema = z.object({
  requireApproval: z.boolean(),
  autoHideFlagThreshold: z
    .number()
    .int()
    .min(0)
    .max(50)
    .meta({ description: 'Open flags from distinct networks that hide a spot; 0 = never' }),
});
export const settingsPatch = settingsSchema
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Send requireApproval and/or autoHideFlagThreshold');

export const userCreate = z.object({ username, password, role: z.enum(ROLES) });
export const userPatch = z
  .object({ password: password.optional(), role: z.enum(ROLES).optional() })
  .refine((p) => p.password !== undefined || p.role !== undefined, 'Send a new password and/or role');
export const usernameParams = z.object({ username });

export const logQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) });
export const logResponse = z.object({
  entries: z.array(
    z.object({
      at: z.string().meta({ format: 'date-time' }),
      actor: z.string(),
      action: z.string(),
      spot_id: z.number().int().nullable(),
      detail: z.record(z.string(), z.unknown()),
    }),
  ),
});

/** A network's key as moderators receive it from GET /api/mod/spots/{id}/networks (a salted hash). */
const networkKey = z
  .string({ error: 'network is required' })
  .regex(/^[A-Za-z0-9_-]{20,64}$/, 'network must be a key from the networks list');

export const networkActivitySchema = z
  .object({
    key: networkKey.meta({ description: 'Opaque: pass it back to void this network.' }),
    label: z.string().meta({ description: 'Anonymous, per spot: "network 1" acted first.' }),
    up: z.number().int().meta({ description: '"Still dangerous" votes' }),
    down: z.number().int().meta({ description: '"Not anymore" votes' }),
    flags: z.number().int(),
    open_flags: z.number().int(),
    agents: z.number().int().meta({ description: 'Distinct user agents among its votes and flags' }),
    top_agent_share: z
      .number()
      .meta({ description: 'Share (0..1) of its acts sent with its most used agent' }),
    with_device: z.number().int().meta({ description: 'Acts sent with a device credential (the web page)' }),
    first_at: z.string().meta({ format: 'date-time' }),
    last_at: z.string().meta({ format: 'date-time' }),
    burst: z.boolean(),
  })
  .meta({ id: 'NetworkActivity' });
export type NetworkActivity = z.output<typeof networkActivitySchema>;

export const voidTarget = z.object({
  network: networkKey,
  what: z.enum(['votes', 'flags'], { error: 'what must be votes or flags' }),
});
export type VoidTarget = z.output<typeof voidTarget>;

export const voidPeriod = z.object({
  network: networkKey,
  from: z.iso
    .datetime({ offset: true, error: 'from must be an ISO date-time' })
    .transform((v) => new Date(v)),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO date-time' }).transform((v) => new Date(v)),
});
