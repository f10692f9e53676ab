import { z } from 'zod';

/** POST /api/device: what became of the device credential. */
export const deviceResponse = z.object({
  device: z.enum(['issued', 'renewed', 'kept']).meta({
    description:
      'issued: a new credential was set; renewed: the same device, re-signed; kept: the one sent is valid.',
  }),
});

/** POST /api/device: the solution of a challenge from GET /api/device/challenge, for a new credential. */
export const deviceBody = z
  .object({
    altcha: z
      .string()
      .max(2048)
      .optional()
      .meta({
        description:
          'base64 of JSON { algorithm, challenge, number, salt, signature }: a solved GET /api/device/challenge. ' +
          'Needed for a new credential; a renewal of a valid one needs none.',
      }),
  })
  .optional();

/** GET /api/device/challenge: an ALTCHA challenge (kept nowhere: its signature vouches for it). */
export const deviceChallenge = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().meta({ description: 'hex SHA-256 of salt + the decimal number to find' }),
  salt: z.string().meta({ description: 'Carries the expiry (?expires=unix seconds), 10 minutes ahead' }),
  signature: z.string(),
  maxnumber: z.number().int().meta({
    description: 'The number lies in 0..maxnumber; it rises with the site-wide rate of new credentials',
  }),
});
