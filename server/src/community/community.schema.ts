import { z } from 'zod';
import { limitedText } from '../../../common/api.ts';
import { FLAG_REASONS, MAX_ID, STATUSES, TEXT_LIMITS } from '../../../common/domain.ts';

export const voteBody = z.object(
  {
    value: z.union([z.literal(1), z.literal(-1)], {
      error: 'value must be 1 (still dangerous) or -1 (not anymore)',
    }),
  },
  { error: 'Send {"value": 1} (still dangerous) or {"value": -1} (not anymore)' },
);
export type VoteValue = z.output<typeof voteBody>['value'];

/** A flag may come with no body at all: the reason then defaults to `other`. */
export const flagBody = z.preprocess(
  (v) => (v === undefined ? {} : v),
  z.object(
    {
      reason: z
        .enum(FLAG_REASONS, { error: `reason must be one of: ${FLAG_REASONS.join(', ')}` })
        .default('other'),
      note: z._default(limitedText('Note', TEXT_LIMITS.flagNote), ''),
      duplicate_of: z
        .number({ error: 'duplicate_of must be a spot id' })
        .int('duplicate_of must be a spot id')
        .min(1, 'duplicate_of must be a spot id')
        .max(MAX_ID, 'duplicate_of must be a spot id')
        .optional()
        .meta({ description: 'With reason "duplicate": the public spot this one repeats' }),
    },
    { error: 'Send a JSON object {"reason", "note"}' },
  ),
);
export type FlagInput = z.output<typeof flagBody>;

/** How many days of votes a spot's history lists, newest first. */
export const HISTORY_DAYS = 90;

/** GET /api/spots/{id}/history: how the community's signal on a spot came in. Counts only, no voters. */
export const spotHistoryResponse = z
  .object({
    spot_id: z.number().int(),
    reported_at: z.string().meta({ description: 'When the spot was reported (ISO 8601)' }),
    status: z.enum(STATUSES),
    confirmations: z.number().int(),
    denials: z.number().int(),
    days: z
      .array(
        z.object({
          day: z.string().meta({ description: "YYYY-MM-DD, on the region's clocks" }),
          confirmations: z.number().int(),
          denials: z.number().int(),
        }),
      )
      .meta({
        description:
          `Votes as they stand now, by the day each was cast or last changed: the latest ${HISTORY_DAYS} ` +
          'days that have any, newest first. Votes moderators voided are gone from it.',
      }),
  })
  .meta({ id: 'SpotHistory' });
