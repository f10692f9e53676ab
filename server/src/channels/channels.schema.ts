import { z } from 'zod';

/** The gateway's callback address ends in the shared secret. */
export const secretParams = z.object({ secret: z.string().max(128) });

/** Africa's Talking's USSD callback (form-encoded). */
export const ussdForm = z.object({
  sessionId: z.string().min(1).max(128),
  serviceCode: z.string().max(32).default(''),
  phoneNumber: z.string().min(3).max(32),
  networkCode: z.string().max(16).default(''),
  text: z.string().max(1000).default(''),
});

/** Africa's Talking's incoming SMS callback (form-encoded). */
export const smsForm = z.object({
  from: z.string().min(3).max(32),
  to: z.string().max(32).default(''),
  text: z.string().max(2000).default(''),
  date: z.string().max(64).default(''),
  id: z.string().min(1).max(128),
  linkId: z.string().max(128).default(''),
});
