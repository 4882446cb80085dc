import { z } from 'zod';
import { MIN_STORY_SCORE_MAX } from '../rules/limits.ts';
import {
  SEARCH_ORDERS,
  SEARCH_RESULTS_LIMIT,
  SEARCH_SORTS,
  SEARCH_TEXT_MAX_LENGTH,
  SEARCH_TIME_RANGES,
  SUGGESTION_MIN_QUERY_LENGTH,
} from '../rules/search.ts';
import { intParam, text } from './fields.ts';
import { storySchema } from './stories.ts';

/** A search text: one line (title, domain and author are matched one a line, never across two). */
const searchText = (name: string, options?: { min: number }) =>
  text(name, SEARCH_TEXT_MAX_LENGTH, options).refine((value) => !/[\r\n]/.test(value), `${name} must be one line`);

export const searchQuerySchema = z.object({
  q: searchText('q').default(''),
  domain: searchText('domain').default(''),
  author: searchText('author').default(''),
  minScore: intParam('minScore', 0, MIN_STORY_SCORE_MAX).default(0),
  hours: z.enum(SEARCH_TIME_RANGES, { error: `hours must be one of ${SEARCH_TIME_RANGES.join(', ')}` }).default('all'),
  sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).default('score'),
  order: z.enum(SEARCH_ORDERS, { error: `order must be one of ${SEARCH_ORDERS.join(', ')}` }).default('desc'),
  limit: intParam('limit', 1, SEARCH_RESULTS_LIMIT).default(SEARCH_RESULTS_LIMIT),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResponseSchema = z.object({
  stories: z.array(storySchema),
  totalCount: z.number().int().describe('Every stored story that matches, not only those returned'),
  totalCountBounded: z
    .boolean()
    .describe('True when the count stopped at 1,000 (only while the server loads its search index): at least that many match'),
  hiddenCount: z
    .number()
    .int()
    .describe("Stories the person's muting rules hide among those read for this answer (left out of stories and of totalCount)"),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const suggestionsQuerySchema = z.object({
  q: searchText('q', { min: SUGGESTION_MIN_QUERY_LENGTH }),
});

export const suggestionsResponseSchema = z.object({ suggestions: z.array(z.string()) });
