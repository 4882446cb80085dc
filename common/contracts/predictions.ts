import { z } from 'zod';
import {
  ACCURACY_MAX_HOURS,
  ACCURACY_WINDOW_HOURS,
  OUTCOMES_SHOWN,
  PREDICTION_CONFIDENCES,
  PREDICTIONS_MAX_LIMIT,
  PREDICTIONS_PAGE_SIZE,
} from '../rules/predictions.ts';
import { intParam } from './fields.ts';
import { storyFilterFields, storySchema } from './stories.ts';

/** The prediction calls (part 2 §2.5, §3, §7; issue 14). docs/predictions.md says what the figures mean. */

const confidence = z.enum(PREDICTION_CONFIDENCES);
const percent = z.number().nullable().describe('A percentage with one decimal; null when nothing was verified');

export const predictionListQuerySchema = z.object({
  page: intParam('page', 1, 1_000_000).default(1),
  limit: intParam('limit', 1, PREDICTIONS_MAX_LIMIT).default(PREDICTIONS_PAGE_SIZE),
  ...storyFilterFields(),
});
export type PredictionListQuery = Omit<z.infer<typeof predictionListQuerySchema>, 'domain' | 'heat' | 'showMuted'> & Partial<Pick<z.infer<typeof predictionListQuerySchema>, 'domain' | 'heat' | 'showMuted'>>;

export const predictionListSchema = z.object({
  stories: z.array(storySchema).describe('Stories with a current prediction, highest predictionScore first'),
  page: z.number().int(),
  totalCount: z.number().int(),
  totalHighConfidence: z.number().int(),
  totalMediumConfidence: z.number().int(),
  totalLowConfidence: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrevious: z.boolean(),
  hiddenCount: z.number().int().describe("Current predictions the person's muting rules hide (left out unless showMuted)"),
});
export type PredictionList = z.infer<typeof predictionListSchema>;

export const accuracyQuerySchema = z.object({
  hours: intParam('hours', 1, ACCURACY_MAX_HOURS).default(ACCURACY_WINDOW_HOURS),
});

export const accuracySchema = z.object({
  overallAccuracy: percent,
  totalPredictions: z.number().int().describe('Predictions made in the window'),
  verifiedPredictions: z.number().int().describe('Of those, verified (6 hours after they were made)'),
  timeframe: z.number().int().describe('The window, in hours'),
  accuracyByConfidence: z.array(z.object({ confidence, count: z.number().int().describe('Verified predictions'), accuracy: percent })),
  reliability: z
    .array(
      z.object({
        bin: z.number().int().describe('Tenth of predicted probability: 0 is 0-10 %'),
        verified: z.number().int(),
        predicted: z.number().describe('Mean predicted probability in the bin, percent'),
        observed: z.number().describe('Share that reached the target, percent'),
      }),
    )
    .describe('Every verified prediction by predicted probability: does "70 %" come true 70 % of the time?'),
});
export type Accuracy = z.infer<typeof accuracySchema>;

export const trendEntrySchema = z.object({
  date: z.string().describe('UTC day, YYYY-MM-DD'),
  totalPredictions: z.number().int(),
  verifiedPredictions: z.number().int(),
  accuracyRate: percent,
  avgConfidenceScore: z.number().describe('Mean confidence of the calls, max(p, 1 − p), as a percentage'),
});
export type TrendEntry = z.infer<typeof trendEntrySchema>;
export const trendsSchema = z.object({ trends: z.array(trendEntrySchema).describe('Newest day first, last 30 days') });

export const domainEntrySchema = z.object({
  domain: z.string(),
  totalPredictions: z.number().int(),
  verifiedPredictions: z.number().int(),
  accuracyRate: percent,
});
export type DomainEntry = z.infer<typeof domainEntrySchema>;
export const domainsSchema = z.object({ domains: z.array(domainEntrySchema).describe('Most verified first') });

export const PREDICTION_OUTCOMES = ['accurate', 'inaccurate', 'pending'] as const;
export const outcomeSchema = z.object({
  prediction: z.object({
    id: z.number().int(),
    confidence,
    predictionScore: z.number().int(),
    scoreAtPrediction: z.number().int(),
    predictedAt: z.string(),
    story: z.object({ id: z.number().int(), hnId: z.number().int(), title: z.string(), score: z.number().int() }),
  }),
  hoursElapsed: z.number().describe('Hours since the prediction, one decimal'),
  scoreGrowth: z.number().int().describe('Points gained from the prediction to now'),
  outcome: z.enum(PREDICTION_OUTCOMES),
});
export type PredictionOutcome = z.infer<typeof outcomeSchema>;
export const outcomesSchema = z.object({
  outcomes: z.array(outcomeSchema).describe(`The ${OUTCOMES_SHOWN} latest verified, then the newest pending`),
});

export const predictionUpdateSchema = z.object({
  updated: z.boolean().describe('False when this request joined a run that started in the last 30 seconds'),
  message: z.string(),
  run: z
    .object({
      id: z.number().int(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      storiesScored: z.number().int(),
      predictionsRecorded: z.number().int(),
      predictionsVerified: z.number().int(),
    })
    .nullable(),
});
export type PredictionUpdate = z.infer<typeof predictionUpdateSchema>;
