import { z } from 'zod';
import { limitedText } from '../../../common/api.ts';
import { FLAG_REASONS, TEXT_LIMITS } from '../../../common/domain.ts';

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
      note: limitedText('Note', TEXT_LIMITS.flagNote).default(''),
    },
    { error: 'Send a JSON object {"reason", "note"}' },
  ),
);
export type FlagInput = z.output<typeof flagBody>;
