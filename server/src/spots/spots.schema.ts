import { z } from 'zod';
import { gridCluster } from '../../../common/api.ts';
import { CATEGORIES, MAX_ID, STATUSES } from '../../../common/domain.ts';
import { named } from '../http/api-schema.ts';
import { bbox } from '../http/bbox.ts';

const commaList = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z
    .string()
    .transform((s) => s.split(',').map((v) => v.trim()))
    .pipe(z.array(z.enum(values, { error: `${what} must be a comma list of: ${values.join(', ')}` })).min(1));

const MAX_LIST_LIMIT = 5000;

/** The filters of the spot list, shared by the clusters and the open-data exports. */
const filterFields = {
  category: commaList(CATEGORIES, 'category').optional(),
  since: z.coerce
    .number({ error: 'since must be a whole number of days' })
    .int('since must be a whole number of days')
    .min(1, 'since must be at least 1 day')
    .max(36_500, 'since must be at most 36500 days')
    .optional(),
  bbox: bbox.optional(),
  status: commaList(STATUSES, 'status').optional(),
  verified: z.enum(['1', '0', 'true', 'false'], { error: 'verified must be 1 or 0' }).optional(),
};
export const spotFilters = z.object(filterFields);
export type SpotFilters = z.output<typeof spotFilters>;

/** Query of GET /api/spots: `category` and `since`, and the extensions docs/api.md lists. */
export const listQuery = z.object({
  ...filterFields,
  archived: z.enum(['1', '0', 'true', 'false'], { error: 'archived must be 1 or 0' }).optional().meta({
    description: 'An extension: 1 lists archived spots too (aged out; docs/api.md, "Confidence and time")',
  }),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}` })
    .int()
    .min(1)
    .max(MAX_LIST_LIMIT, `limit must be at most ${MAX_LIST_LIMIT}`)
    .default(MAX_LIST_LIMIT),
  cursor: z.string().max(100).optional(),
});
export type ListQuery = z.output<typeof listQuery>;

/** Query of GET /api/spots/clusters: the list's filters and the map's zoom. */
export const clustersQuery = z.object({
  ...filterFields,
  zoom: z.coerce.number({ error: 'zoom must be a whole number from 0 to 22' }).int().min(0).max(22),
});
export type ClustersQuery = z.output<typeof clustersQuery>;

export const clustersResponse = z.object({
  cell: z.number().meta({ description: "Cell width in degrees (a cell is an eighth of a map tile's side)" }),
  clusters: z.array(gridCluster),
});

/** A tile's filters: a small, finite set, so every filtered tile can be cached too. */
export const tileQuery = z.object({
  category: z.enum(CATEGORIES, { error: `category must be one of: ${CATEGORIES.join(', ')}` }).optional(),
  status: z.enum(STATUSES, { error: `status must be one of: ${STATUSES.join(', ')}` }).optional(),
  verified: z.enum(['1'], { error: 'verified must be 1' }).optional(),
});
export type TileQuery = z.output<typeof tileQuery>;

/**
 * A spot id in a path. A longer number than a stored id can be is no spot: it becomes 0, which no
 * spot has, so it is a 404 like any missing spot and never reaches the integer column as is.
 */
export const spotIdParams = named(
  z.object({
    id: z
      .string()
      .regex(/^[1-9]\d*$/, 'Spot id must be a positive whole number')
      .transform((s) => (s.length <= 10 && Number(s) <= MAX_ID ? Number(s) : 0)),
  }),
  'spot id',
);
