import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stories } from './stories.ts';

/**
 * The ledger of predictions (docs/predictions.md): every prediction shown, as it was made. Append-only: a trigger
 * (migration's hand-written part) refuses DELETE and any UPDATE except the one verification, which fills the
 * verifier's columns once (verified_at, score_at_horizon, reached_target, accurate).
 */
export const predictions = pgTable(
  'predictions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id),
    predictedAt: timestamp('predicted_at', { withTimezone: true }).notNull(),
    /** Probability of reaching the target within the horizon, 0-1. */
    probability: doublePrecision('probability').notNull(),
    /** The call's confidence (high, medium, low), or 'none' when the prediction is under the cut: not a call. */
    confidence: text('confidence').notNull(),
    scoreAtPrediction: integer('score_at_prediction').notNull(),
    commentsAtPrediction: integer('comments_at_prediction').notNull(),
    modelVersion: text('model_version').notNull(),
    /** Made afterwards from recorded history (the demo's import), not live. */
    backfilled: boolean('backfilled').notNull().default(false),
    // The verifier's columns: null until the horizon has passed and the prediction is verified.
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** The highest score seen up to the end of the horizon. */
    scoreAtHorizon: integer('score_at_horizon'),
    reachedTarget: boolean('reached_target'),
    accurate: boolean('accurate'),
    /** When the story was first seen at the target by the horizon's end; null when it did not reach it. */
    reachedAt: timestamp('reached_at', { withTimezone: true }),
  },
  (table) => [
    // The verification reads the due predictions oldest first; Recent Outcomes reads the newest pending.
    index('predictions_pending_idx').on(table.predictedAt).where(sql`${table.verifiedAt} IS NULL`),
    // Recent Outcomes: the latest verified, in order.
    index('predictions_verified_idx')
      .on(table.verifiedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.verifiedAt} IS NOT NULL`),
    index('predictions_story_idx').on(table.storyId, table.predictedAt),
  ],
);

/**
 * The ledger summed by the hour the predictions were made and their confidence; kept by a trigger on predictions,
 * so accuracy and trends read a few hundred rows whatever the ledger's size.
 */
export const predictionHourly = pgTable(
  'prediction_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    confidence: text('confidence').notNull(),
    predictions: integer('predictions').notNull(),
    verified: integer('verified').notNull(),
    accurate: integer('accurate').notNull(),
    /** Verified predictions that reached the target: "always will not" is right for the others. */
    reached: integer('reached').notNull().default(0),
    /** Sum of each prediction's confidence, max(p, 1 − p), for the average. */
    confidenceSum: doublePrecision('confidence_sum').notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.confidence] })],
);

/**
 * The ledger summed by the UTC day the predictions were made and their confidence; kept by the same trigger, so
 * the 30-day trends read 90 rows in the key's order, and accuracy's whole days come from here instead of adding up
 * up to 2,000 hourly rows.
 */
export const predictionDaily = pgTable(
  'prediction_daily',
  {
    /** The start of the UTC day. */
    day: timestamp('day', { withTimezone: true }).notNull(),
    confidence: text('confidence').notNull(),
    predictions: integer('predictions').notNull(),
    verified: integer('verified').notNull(),
    accurate: integer('accurate').notNull(),
    /** Verified predictions that reached the target: "always will not" is right for the others. */
    reached: integer('reached').notNull().default(0),
    /** Sum of each prediction's confidence, max(p, 1 − p), for the average. */
    confidenceSum: doublePrecision('confidence_sum').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.confidence] })],
);

/** The ledger summed by the predicted story's domain; kept by the same trigger. */
export const predictionDomains = pgTable(
  'prediction_domains',
  {
    domain: text('domain').primaryKey(),
    predictions: integer('predictions').notNull(),
    verified: integer('verified').notNull(),
    accurate: integer('accurate').notNull(),
  },
  (table) => [index('prediction_domains_verified_idx').on(table.verified.desc().nullsFirst(), table.domain)],
);

/**
 * Outcomes of earlier front-page stories by domain, submitter and title word (the model's history features), added
 * to once per story when it settles, a day after it was first seen on the front page.
 */
export const predictionHistory = pgTable(
  'prediction_history',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    stories: integer('stories').notNull(),
    reached: integer('reached').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.key] })],
);

/** One row per scoring run (each ingestion cycle's, and each manual update): for joining a recent run and caches. */
export const predictionRuns = pgTable(
  'prediction_runs',
  {
    id: serial('id').primaryKey(),
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    storiesScored: integer('stories_scored').notNull().default(0),
    predictionsRecorded: integer('predictions_recorded').notNull().default(0),
    predictionsVerified: integer('predictions_verified').notNull().default(0),
    error: text('error'),
  },
  (table) => [index('prediction_runs_started_idx').on(table.startedAt.desc().nullsFirst())],
);

/**
 * Verified predictions by tenth of predicted probability, for the reliability chart (does "70 %" come true 70 % of
 * the time?); kept by the same trigger. The bin is least(9, floor(probability × 10)), as reliabilityBin says.
 */
export const predictionReliability = pgTable('prediction_reliability', {
  bin: integer('bin').primaryKey(),
  verified: integer('verified').notNull(),
  reached: integer('reached').notNull(),
  probabilitySum: doublePrecision('probability_sum').notNull(),
});

/**
 * Each story's first call to trend, kept once by the ledger's triggers (migration 0024): the calling prediction, its
 * time, probability, confidence and the story's score then; whether that call came true (settled when the calling
 * prediction is verified); and when the story was first seen at the target (from the ledger's verifications), for
 * the recall and the lead. A story seen at the target without a call has a row with the call columns empty.
 */
export const predictionCalls = pgTable(
  'prediction_calls',
  {
    storyId: integer('story_id')
      .primaryKey()
      .references(() => stories.id),
    predictionId: bigint('prediction_id', { mode: 'number' }).references(() => predictions.id),
    calledAt: timestamp('called_at', { withTimezone: true }),
    probability: doublePrecision('probability'),
    confidence: text('confidence'),
    scoreAtCall: integer('score_at_call'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    callReached: boolean('call_reached'),
    reachedAt: timestamp('reached_at', { withTimezone: true }),
  },
  (table) => [
    index('prediction_calls_called_idx').on(table.calledAt).where(sql`${table.calledAt} IS NOT NULL`),
    index('prediction_calls_reached_idx').on(table.reachedAt).where(sql`${table.reachedAt} IS NOT NULL`),
    index('prediction_calls_settled_idx')
      .on(table.settledAt.desc().nullsFirst(), table.storyId.desc().nullsFirst())
      .where(sql`${table.settledAt} IS NOT NULL`),
    index('prediction_calls_prediction_idx').on(table.predictionId).where(sql`${table.predictionId} IS NOT NULL`),
  ],
);

/**
 * The calls summed by the hour they were made and their confidence (migration 0025), kept by prediction_calls' own
 * triggers: calls made, settled, come true, and the sum of their probabilities. The calls' precision reads these.
 */
export const predictionCallHourly = pgTable(
  'prediction_call_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    confidence: text('confidence').notNull(),
    made: integer('made').notNull(),
    settled: integer('settled').notNull(),
    cameTrue: integer('came_true').notNull(),
    probabilitySum: doublePrecision('probability_sum').notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.confidence] })],
);

/** The same by the UTC day of the call, for the long windows' whole days and the trends. */
export const predictionCallDaily = pgTable(
  'prediction_call_daily',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    confidence: text('confidence').notNull(),
    made: integer('made').notNull(),
    settled: integer('settled').notNull(),
    cameTrue: integer('came_true').notNull(),
    probabilitySum: doublePrecision('probability_sum').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.confidence] })],
);

/**
 * The stories first seen at the target, by that hour and their lead bucket (migration 0025): -1 for a story not called
 * strictly before, else the call's lead in 10-minute buckets (LEAD_BUCKET_MINUTES, capped at LEAD_BUCKET_CAP), with
 * the sum of the leads. The recall and the median lead read these.
 */
export const predictionLeadHourly = pgTable(
  'prediction_lead_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    leadBucket: integer('lead_bucket').notNull(),
    stories: integer('stories').notNull(),
    leadMsSum: bigint('lead_ms_sum', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.leadBucket] })],
);

/** The same by the UTC day the stories were first seen at the target. */
export const predictionLeadDaily = pgTable(
  'prediction_lead_daily',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    leadBucket: integer('lead_bucket').notNull(),
    stories: integer('stories').notNull(),
    leadMsSum: bigint('lead_ms_sum', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.leadBucket] })],
);
