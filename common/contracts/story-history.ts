import { z } from 'zod';
import { HEAT_LEVELS } from '../rules/heat.ts';
import { PREDICTION_CONFIDENCES } from '../rules/predictions.ts';
import { idParam } from './fields.ts';
import { PREDICTION_OUTCOMES } from './predictions.ts';
import { storySchema } from './stories.ts';

/** `/api/stories/{id}/history` and the page `/stories/{id}`: `id` is the product's story id (the cards' `id`), not Hacker News's. */
export const storyHistoryParamsSchema = z.object({ id: idParam('id') });

const isoTime = z.string().describe('ISO 8601, UTC');

export const historySnapshotSchema = z.object({
  time: isoTime,
  score: z.number().int(),
  comments: z.number().int(),
  rank: z.number().int().nullable().describe('Rank on the top list (1-30 is the front page); null when not on it'),
});
export type HistorySnapshot = z.infer<typeof historySnapshotSchema>;

const rates = z.object({ pointsPerHour: z.number(), commentsPerHour: z.number() });

export const storyHistorySchema = z.object({
  asOf: isoTime.describe('When the answer was made: a story still on the top list holds its last values to here'),
  story: storySchema.extend({ rank: z.number().int().nullable().describe('Rank on the top list now') }),
  snapshots: z.array(historySnapshotSchema).describe('Oldest first; at most HISTORY_CHART_MAX_POINTS, thinned as `resolution` says'),
  markers: z.array(z.object({ kind: z.enum(['entered', 'left', 'peak']), time: isoTime, rank: z.number().int().nullable() })),
  facts: z.object({
    firstSeen: isoTime.nullable(),
    minutesToFrontPage: z.number().int().nullable(),
    peak: z.object({ rank: z.number().int(), time: isoTime }).nullable(),
    minutesOnFrontPage: z.number().int(),
    now: rates,
    atPeak: rates.nullable(),
    heat: z.array(z.object({ level: z.enum(HEAT_LEVELS).nullable(), time: isoTime })).describe('The heat badge from each time on; null is none'),
  }),
  resolution: z.object({
    hourlyBefore: isoTime.nullable(),
    dailyBefore: isoTime.nullable(),
    sliceMinutes: z.number().int().nullable(),
    label: z.string(),
  }),
  predictions: z
    .array(
      z.object({
        predictedAt: isoTime,
        predictionScore: z.number().int(),
        confidence: z.enum(PREDICTION_CONFIDENCES).nullable().describe('The call\'s confidence; null when the prediction was no call to trend'),
        scoreAtPrediction: z.number().int(),
        verifiedAt: isoTime.nullable(),
        scoreAtHorizon: z.number().int().nullable(),
        outcome: z.enum(PREDICTION_OUTCOMES),
      }),
    )
    .describe("The prediction ledger's rows for the story, oldest first (the latest 100)"),
  keywords: z.array(z.string()).describe("The story's keywords, as /keywords spells them"),
});
export type StoryHistory = z.infer<typeof storyHistorySchema>;
