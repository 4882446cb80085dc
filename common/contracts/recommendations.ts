import { z } from 'zod';
import { intParam } from './fields.ts';
import { storySchema } from './stories.ts';

/** "For you": stories picked from a person's bookmarks, watches, notes and keyword alerts (docs/recommendations.md). */

export const RECOMMENDATIONS_MAX_LIMIT = 50;
export const RECOMMENDATIONS_DEFAULT_LIMIT = 25;

export const recommendationsQuerySchema = z.object({
  limit: intParam('limit', 1, RECOMMENDATIONS_MAX_LIMIT).default(RECOMMENDATIONS_DEFAULT_LIMIT),
});

export const REASON_SOURCES = ['bookmark', 'watch', 'note', 'alert'] as const;
export type ReasonSource = (typeof REASON_SOURCES)[number];
export const MATCH_KINDS = ['word', 'domain', 'author'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

export const reasonSchema = z.object({
  source: z.enum(REASON_SOURCES),
  match: z.enum(MATCH_KINDS).describe('What the story shares with the source: a title word or phrase, the site or the author'),
  value: z.string().describe('The shared word, site or author'),
  storyId: z.number().int().nullable().describe('The bookmarked, watched or noted story (null for an alert)'),
  storyTitle: z.string().nullable(),
  keyword: z.string().nullable().describe('The alert’s keyword as the person wrote it (null unless an alert)'),
});
export type Reason = z.infer<typeof reasonSchema>;

export const recommendationSchema = z.object({ story: storySchema, score: z.number(), reasons: z.array(reasonSchema).min(1) });
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendationsResponseSchema = z.object({
  recommendations: z.array(recommendationSchema),
  basedOn: z.object({ bookmarks: z.number().int(), watches: z.number().int(), notes: z.number().int(), alerts: z.number().int() }),
  candidates: z.number().int().describe('How many recent stories were considered'),
});
export type RecommendationsResponse = z.infer<typeof recommendationsResponseSchema>;
