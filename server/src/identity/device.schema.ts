import { z } from 'zod';

/** POST /api/device: what became of the device credential. */
export const deviceResponse = z.object({
  device: z.enum(['issued', 'renewed', 'kept']).meta({
    description:
      'issued: a new credential was set; renewed: the same device, re-signed; kept: the one sent is valid.',
  }),
});
