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

/** The prediction calls (part 2 §2.5, §3, §7). docs/predictions.md says what the figures mean. */

const confidence = z.enum(PREDICTION_CONFIDENCES);
const percent = z.number().nullable().describe('A percentage with one decimal; null when nothing was verified');

/** The current calls to trend, or (a separate view) the stories predicted but not expected to trend. */
export const PREDICTION_LIST_VIEWS = ['calls', 'not-expected'] as const;
export type PredictionListView = (typeof PREDICTION_LIST_VIEWS)[number];

export const predictionListQuerySchema = z.object({
  page: intParam('page', 1, 1_000_000).default(1),
  limit: intParam('limit', 1, PREDICTIONS_MAX_LIMIT).default(PREDICTIONS_PAGE_SIZE),
  view: z
    .enum(PREDICTION_LIST_VIEWS, { error: `view must be one of ${PREDICTION_LIST_VIEWS.join(', ')}` })
    .default('calls')
    .describe('calls: stories called "will trend" (the default); not-expected: stories predicted under the cut'),
  ...storyFilterFields(),
});
export type PredictionListQuery = Omit<z.infer<typeof predictionListQuerySchema>, 'domain' | 'heat' | 'showMuted'> & Partial<Pick<z.infer<typeof predictionListQuerySchema>, 'domain' | 'heat' | 'showMuted'>>;

export const firstCallSchema = z.object({
  storyId: z.number().int(),
  calledAt: z.string().describe('When the story was first called "will trend"'),
  predictionScoreAtCall: z.number().int().describe('Its Prediction Score then'),
  scoreAtCall: z.number().int().describe('Its points then'),
});
export type FirstCall = z.infer<typeof firstCallSchema>;

export const predictionListSchema = z.object({
  stories: z
    .array(storySchema)
    .describe('The view\'s stories with a current prediction, highest predictionScore first: by default those called "will trend"'),
  calls: z.array(firstCallSchema).describe('The first call of each listed story that has one'),
  view: z.enum(PREDICTION_LIST_VIEWS),
  callThreshold: z.number().int().describe('The cut, as a Prediction Score: at or above it a story is called "will trend"'),
  page: z.number().int(),
  totalCount: z.number().int().describe('Stories in the view'),
  totalCalls: z.number().int().describe('Current calls to trend'),
  totalNotExpected: z.number().int().describe('Current predictions under the cut: not expected to trend'),
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
  accuracyByConfidence: z
    .array(z.object({ confidence, count: z.number().int().describe('Settled calls of that confidence'), accuracy: percent.describe('Share of them that reached the target') }))
    .describe('The calls to trend made in the window, by their confidence when first made'),
  alwaysWillNotAccuracy: percent.describe('Baseline: the accuracy of answering "will not trend" to every verified prediction of the window'),
  callThreshold: z.number().int().describe('The cut, as a Prediction Score'),
  calls: z
    .object({
      made: z.number().int().describe('Stories first called "will trend" in the window'),
      settled: z.number().int().describe('Of those, settled: 6 hours after the call'),
      cameTrue: z.number().int().describe('Of those, reached the target within 6 hours of the call'),
      precision: percent.describe('cameTrue / settled'),
    })
    .describe('Precision of the calls'),
  reached: z
    .object({
      stories: z.number().int().describe('Predicted stories first seen at the target in the window'),
      calledEarly: z.number().int().describe('Of those, called "will trend" strictly before they were first seen at the target'),
      recall: percent.describe('calledEarly / stories'),
      medianLeadMinutes: z.number().nullable().describe('Median time from the call to the first sighting at the target, over the early calls'),
    })
    .describe('Recall of the calls, and their lead'),
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
  avgConfidenceScore: z.number().describe('Mean Prediction Score of the calls to trend first made that day; 0 when none was'),
  callsMade: z.number().int().describe('Stories first called "will trend" that day'),
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
  hoursElapsed: z.number().describe('Hours since the call, one decimal'),
  scoreGrowth: z.number().int().describe('Points gained from the call to now'),
  outcome: z.enum(PREDICTION_OUTCOMES).describe('accurate: the call reached the target within 6 hours; pending: not settled yet'),
  reachedAt: z.string().nullable().describe('When the story was first seen at the target; null when it has not been'),
  leadMinutes: z.number().int().nullable().describe('Minutes from the call to the first sighting at the target; null unless it came after the call'),
});
export type PredictionOutcome = z.infer<typeof outcomeSchema>;
export const outcomesSchema = z.object({
  outcomes: z.array(outcomeSchema).describe(`The ${OUTCOMES_SHOWN} latest settled calls to trend, then the newest pending ones`),
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
