import { z } from 'zod';
import { PREDICTION_CONFIDENCES } from '../rules/predictions.ts';
import { STORY_LIST_MAX_LIMIT } from '../rules/limits.ts';
import { DEFAULT_TIME_FILTER, TIME_FILTERS } from '../rules/time-windows.ts';
import { HEAT_LEVELS } from '../rules/heat.ts';
import { MUTE_VALUE_MAX, normaliseDomain } from '../rules/mutes.ts';
import { intParam, text } from './fields.ts';

/** A number in a query string, where it arrives as text. */
const numberParam = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, `${name} must be a number`)
    .transform(Number)
    .pipe(z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`));

/** A flag in a query string: `1`/`true` or `0`/`false`. */
export const flagParam = (name: string) =>
  z
    .enum(['1', '0', 'true', 'false'], { error: `${name} must be 1 or 0` })
    .transform((value) => value === '1' || value === 'true')
    .optional()
    .transform((value) => value ?? false);

/**
 * The filters every story list (and the predictions list) takes besides its own: a domain (its subdomains included,
 * as muting reads it), a heat level (the card's badge, common/rules/heat.ts), and whether the stories the person
 * muted are shown (marked `muted`) rather than left out.
 */
export function storyFilterFields() {
  return {
    domain: text('domain', 2 * MUTE_VALUE_MAX.domain)
      .optional()
      .transform((value, context) => {
        if (value === undefined || value === '') return undefined;
        const domain = normaliseDomain(value);
        if (domain === null) {
          context.addIssue({ code: 'custom', message: 'domain must be a host name such as example.com' });
          return z.NEVER;
        }
        return domain;
      }),
    heat: z.enum(HEAT_LEVELS, { error: `heat must be one of ${HEAT_LEVELS.join(', ')}` }).optional(),
    showMuted: flagParam('showMuted'),
  };
}

export const DEFAULT_STORIES_LIMIT = 50;
/** A year of hours is the widest window the client asks for; ten years bounds anything else. */
export const MAX_HOURS = 87_600;

export const storyListQuerySchema = z.object({
  minScore: intParam('minScore', 0, 1_000_000).default(0),
  page: intParam('page', 1, 1_000_000).default(1),
  limit: intParam('limit', 1, STORY_LIST_MAX_LIMIT).default(DEFAULT_STORIES_LIMIT),
  hours: intParam('hours', 1, MAX_HOURS).optional(),
  timeFilter: z
    .enum(TIME_FILTERS, { error: `timeFilter must be one of ${TIME_FILTERS.join(', ')}` })
    .default(DEFAULT_TIME_FILTER),
  minVelocity: numberParam('minVelocity', 0, 100_000).default(0),
  ...storyFilterFields(),
});
type ParsedStoryListQuery = z.infer<typeof storyListQuerySchema>;
/** A list's query as the server reads it; the filters may be left out (as the server's own calls do). */
export type StoryListQuery = Omit<ParsedStoryListQuery, keyof StoryFilters> & Partial<StoryFilters>;
type StoryFilters = { [K in keyof ReturnType<typeof storyFilterFields>]: z.infer<ReturnType<typeof storyFilterFields>[K]> };

export const storySchema = z.object({
  id: z.number().int(),
  hnId: z.number().int(),
  title: z.string(),
  url: z.string(),
  score: z.number().int(),
  descendants: z.number().int(),
  by: z.string(),
  time: z.number().int().describe('Submission time, unix seconds'),
  timeAgo: z.string(),
  domain: z.string(),
  scoreVelocity: z.number().describe('Points per hour over the trailing window'),
  commentsVelocity: z.number().describe('Comments per hour over the trailing window'),
  trendingScore: z.number(),
  predictionScore: z.number().int().optional().describe('The current prediction: probability of reaching 300 points within 6 hours, as a percentage'),
  predictionConfidence: z.enum(PREDICTION_CONFIDENCES).optional(),
  muted: z.boolean().optional().describe("Present (true) on a story the person's muting rules hide, when the list was asked to show them"),
  synthetic: z
    .literal(true)
    .optional()
    .describe("Present (true) on a story made up by the demo's replay of recorded data (docs/hn-replay.md), never on one from Hacker News"),
});
export type Story = z.infer<typeof storySchema>;

export const storyPageSchema = z.object({
  stories: z.array(storySchema),
  count: z.number().int().describe('Stories on this page'),
  page: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrevious: z.boolean(),
  totalCount: z.number().int(),
  hiddenCount: z
    .number()
    .int()
    .describe("Stories of the list the person's muting rules hide (left out unless showMuted), counted as far as totalCount is"),
});
export type StoryPage = z.infer<typeof storyPageSchema>;

export const STORY_LIST_SORTS = ['trending', 'top', 'comments', 'recent', 'fast-risers'] as const;
export type StoryListSort = (typeof STORY_LIST_SORTS)[number];

export const demoTrendingQuerySchema = z.object({ limit: intParam('limit', 1, 10).default(3) });
export const demoTrendingResponseSchema = z.object({ stories: z.array(storySchema) });

export const refreshResponseSchema = z.object({
  refreshed: z.boolean().describe('False when a cycle ran in the last 30 seconds and this request joined it'),
  message: z.string(),
  cycle: z
    .object({
      id: z.number().int(),
      status: z.string(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      storiesUpserted: z.number().int(),
    })
    .nullable(),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const maintenanceStatusSchema = z.object({ maintenanceMode: z.boolean() });

/** How old the Hacker News data is (common/rules/freshness.ts). */
export const freshnessSchema = z.object({ asOf: z.number().int().nullable(), unreachableSince: z.number().int().nullable() });
