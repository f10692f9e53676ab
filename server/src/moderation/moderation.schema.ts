import { z } from 'zod';
import { networkKey, reportFieldRules, settingsSchema, userSchema } from '../../../common/api.ts';
import { ROLES } from '../../../common/domain.ts';
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

export const sessionResponse = z.object({ user: userSchema });

export const MOD_STATES = ['pending', 'flagged', 'review', 'bursts', 'rejected', 'approved', 'all'] as const;
export type ModState = (typeof MOD_STATES)[number];

export const modSpotsQuery = z.object({
  state: z.enum(MOD_STATES, { error: `state must be one of: ${MOD_STATES.join(', ')}` }).default('pending'),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

export const MOD_ACTIONS = ['approve', 'reject', 'verify', 'unverify', 'dismiss-flags'] as const;
export type ModAction = (typeof MOD_ACTIONS)[number];

/** A moderator's edit: any report fields, under the same rules (the merged spot is checked again). */
export const spotPatch = z
  .object(reportFieldRules)
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Send at least one field to change');
export type SpotPatch = z.output<typeof spotPatch>;

export const settingsPatch = settingsSchema
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Send requireApproval and/or autoHideFlagThreshold');

export const userCreate = z.object({ username, password, role: z.enum(ROLES) });
export const userPatch = z
  .object({ password: password.optional(), role: z.enum(ROLES).optional() })
  .refine((p) => p.password !== undefined || p.role !== undefined, 'Send a new password and/or role');
export const usernameParams = z.object({ username });

export const logQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) });
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
