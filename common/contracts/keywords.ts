import { z } from 'zod';
import { DEFAULT_KEYWORD_PERIOD, HOT_KEYWORDS_SHOWN, KEYWORD_PERIODS } from '../rules/keyword-trends.ts';
import { KEYWORD_MAX_LENGTH, tokenize } from '../rules/keywords.ts';
import { ALERT_THRESHOLD_DEFAULT, ALERT_THRESHOLD_MAX, ALERT_THRESHOLD_MIN } from '../rules/limits.ts';
import { idParam, intParam, text } from './fields.ts';
import { storySchema } from './stories.ts';

/** Keyword intelligence and keyword alerts (part 1 §2, §3, §5, §7; part 2 §3). */

export const KEYWORDS_MAX_LIMIT = 100;

const periodParam = z
  .enum(KEYWORD_PERIODS, { error: `period must be one of ${KEYWORD_PERIODS.join(', ')}` })
  .default(DEFAULT_KEYWORD_PERIOD);

export const keywordPeriodQuerySchema = z.object({ period: periodParam });
export const trendingQuerySchema = z.object({
  period: periodParam,
  limit: intParam('limit', 1, KEYWORDS_MAX_LIMIT).default(HOT_KEYWORDS_SHOWN),
});
export const keywordIdParamsSchema = z.object({ id: idParam('id') });

export const trendingKeywordSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  /** Stories mentioning it submitted in the period. */
  frequency: z.number().int(),
  /** Their points, the tie-breaker. */
  points: z.number().int(),
  /** The start of the latest hour with a story mentioning it (ISO 8601). */
  date: z.string(),
});
export type TrendingKeyword = z.infer<typeof trendingKeywordSchema>;
export const trendingResponseSchema = z.object({ keywords: z.array(trendingKeywordSchema) });

export const keywordTrendSchema = z.object({
  keyword: z.string(),
  currentFrequency: z.number().int(),
  previousFrequency: z.number().int(),
  percentageChange: z.number().int(),
  isRising: z.boolean(),
});
export type KeywordTrend = z.infer<typeof keywordTrendSchema>;
export const trendsResponseSchema = z.object({ trends: z.array(keywordTrendSchema), trending: z.array(trendingKeywordSchema) });
export type TrendsResponse = z.infer<typeof trendsResponseSchema>;

const patternEntrySchema = z.object({ keyword: z.string(), count: z.number().int() });
export const hourlyPatternsSchema = z.object({
  morning: z.array(patternEntrySchema),
  afternoon: z.array(patternEntrySchema),
  evening: z.array(patternEntrySchema),
  night: z.array(patternEntrySchema),
  /** The time zone the day periods are in: the person's, UTC for visitors. */
  timeZone: z.string(),
});
export type HourlyPatterns = z.infer<typeof hourlyPatternsSchema>;

export const keywordStoriesResponseSchema = z.object({
  keyword: z.string(),
  stories: z.array(storySchema),
  hiddenCount: z.number().int().describe("Of the keyword's stories read, those the person's muting rules hide (left out)"),
});
export type KeywordStories = z.infer<typeof keywordStoriesResponseSchema>;

// Keyword alerts

export const keywordAlertSchema = z.object({
  id: z.number().int(),
  keyword: z.string(),
  threshold: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  lastFiredAt: z.string().nullable(),
});
export type KeywordAlert = z.infer<typeof keywordAlertSchema>;
/** The aliases come along so the story card applies the same matching rule as the server. */
export const keywordAlertsResponseSchema = z.object({ alerts: z.array(keywordAlertSchema), aliases: z.record(z.string(), z.string()) });
export type KeywordAlertsResponse = z.infer<typeof keywordAlertsResponseSchema>;
export const keywordAlertResponseSchema = z.object({ alert: keywordAlertSchema });

export const KEYWORD_REQUIRED_MESSAGE = 'Please enter a keyword.';
const keywordField = z
  .string({ error: KEYWORD_REQUIRED_MESSAGE })
  .trim()
  .min(1, KEYWORD_REQUIRED_MESSAGE)
  .pipe(text('keyword', KEYWORD_MAX_LENGTH))
  .refine((keyword) => tokenize(keyword).length > 0, 'The keyword needs at least one letter or digit.');

export const createKeywordAlertBodySchema = z
  .object({
    keyword: keywordField,
    threshold: z
      .number({ error: 'threshold must be a number' })
      .int('threshold must be a whole number')
      .min(ALERT_THRESHOLD_MIN, `threshold must be at least ${ALERT_THRESHOLD_MIN}`)
      .max(ALERT_THRESHOLD_MAX, `threshold must be at most ${ALERT_THRESHOLD_MAX}`)
      .default(ALERT_THRESHOLD_DEFAULT),
  })
  .strict();
export const updateKeywordAlertBodySchema = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) }).strict();
