import { sql } from 'drizzle-orm';
import { bigserial, boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
