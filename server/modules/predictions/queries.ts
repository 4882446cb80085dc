/**
 * The prediction calls' reads. Each reads either the current predictions (on stories, at most the front page's
 * turnover over 6 hours) or the ledger's sums kept by its trigger, or walks a ledger index in the order it returns
 * and stops at its limit: none grows with the ledger. docs/predictions.md and docs/performance.md have the plans.
 * Each is a prepared (named) statement: its plan does not depend on the values, so it is made once per connection.
 */
import type pg from 'pg';
import { jsonColumnsSql, rowsOfColumns } from '../../db/json-columns.ts';
import { limitText } from '../../db/prepared.ts';
import type { PredictionListQuery } from '../../../common/contracts/predictions.ts';
import { PREDICTION_HORIZON_HOURS, type PredictionConfidence } from '../../../common/rules/predictions.ts';
import type { StoryRow } from '../stories/queries.ts';
import { listedStory, visibleStory } from '../stories/visibility.ts';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

export interface PredictionPageRows {
  rows: StoryRow[];
  total: number;
  high: number;
  medium: number;
  low: number;
}

// Stories hidden by moderation (an approved flag) are left out, as from every list.
const CURRENT = `prediction_probability IS NOT NULL AND ${listedStory()} AND predicted_at > $1`;

/** A page of the current predictions, highest first, with the counts by confidence. */
export async function selectPredictionPage(pool: pg.Pool, query: PredictionListQuery, nowMs: number): Promise<PredictionPageRows> {
  const result = await pool.query<StoryRow & { total: number; high: number; medium: number; low: number }>({
    name: 'prediction-page',
    text: `WITH counts AS (
       SELECT count(*)::int AS total,
              count(*) FILTER (WHERE prediction_confidence = 'high')::int AS high,
              count(*) FILTER (WHERE prediction_confidence = 'medium')::int AS medium,
              count(*) FILTER (WHERE prediction_confidence = 'low')::int AS low
         FROM stories WHERE ${CURRENT}
     ), page AS (
       SELECT id, hn_id, title, url, score, descendants, by, time, domain,
              score_velocity, comments_velocity, trending_score, prediction_probability
         FROM stories WHERE ${CURRENT}
        ORDER BY prediction_probability DESC, id DESC
        LIMIT $2 OFFSET $3
     )
     SELECT counts.*, page.* FROM counts LEFT JOIN page ON true
      ORDER BY page.prediction_probability DESC, page.id DESC`,
    values: [new Date(nowMs - PREDICTION_HORIZON_HOURS * HOUR_MS), query.limit, (query.page - 1) * query.limit],
  });
  const first = result.rows[0];
  return {
    rows: result.rows.filter((row) => row.id !== null),
    total: first?.total ?? 0,
    high: first?.high ?? 0,
    medium: first?.medium ?? 0,
    low: first?.low ?? 0,
  };
}

/**
 * Every current prediction, highest first, with its confidence: the list of a person whose muting rules or filters
 * apply is made from these (a few hundred at most: the front page's turnover over the horizon).
 */
export async function selectCurrentPredictions(pool: pg.Pool, nowMs: number): Promise<(StoryRow & { prediction_confidence: PredictionConfidence })[]> {
  const result = await pool.query<StoryRow & { prediction_confidence: PredictionConfidence }>({
    name: 'prediction-current-all',
    text: `SELECT id, hn_id, title, url, score, descendants, by, time, domain,
                  score_velocity, comments_velocity, trending_score, prediction_probability, prediction_confidence
             FROM stories WHERE ${CURRENT}
            ORDER BY prediction_probability DESC, id DESC`,
    values: [new Date(nowMs - PREDICTION_HORIZON_HOURS * HOUR_MS)],
  });
  return result.rows;
}

/** The start of the hour `nowMs` is in, as the ledger's sums bucket it. */
export function hourStart(ms: number): Date {
  return new Date(Math.floor(ms / HOUR_MS) * HOUR_MS);
}

export interface ConfidenceSums {
  confidence: PredictionConfidence;
  predictions: number;
  verified: number;
  accurate: number;
}

export interface ReliabilityRow {
  bin: number;
  verified: number;
  reached: number;
  probability_sum: number;
}

/**
 * Predictions made from `since` (the start of an hour), by confidence, and the reliability bins, in one statement.
 * The hours before the first whole day come from the hourly sums, the days from there on from the daily ones: at
 * most 23 hours and 30 days of rows for the 720-hour window, not 720 hours of them.
 */
export async function selectAccuracy(pool: pg.Pool, since: Date): Promise<{ sums: ConfidenceSums[]; reliability: ReliabilityRow[] }> {
  const firstWholeDay = new Date(Math.ceil(since.getTime() / DAY_MS) * DAY_MS);
  const result = await pool.query<{ sums: unknown[][] | null; reliability: unknown[][] | null }>({
    name: 'prediction-accuracy',
    text: `SELECT (SELECT ${jsonColumnsSql('s', ['confidence', 'predictions', 'verified', 'accurate'])}
                     FROM (SELECT confidence, sum(predictions)::int AS predictions, sum(verified)::int AS verified, sum(accurate)::int AS accurate
                             FROM (SELECT confidence, predictions, verified, accurate FROM prediction_hourly WHERE hour >= $1 AND hour < $2
                                   UNION ALL
                                   SELECT confidence, predictions, verified, accurate FROM prediction_daily WHERE day >= $2) AS parts
                            GROUP BY confidence) AS s) AS sums,
                  (SELECT ${jsonColumnsSql('r', ['bin', 'verified', 'reached', 'probability_sum'])}
                     FROM (SELECT bin, verified, reached, probability_sum FROM prediction_reliability ORDER BY bin) AS r) AS reliability`,
    values: [since, firstWholeDay],
  });
  const row = result.rows[0];
  return {
    sums: rowsOfColumns<[PredictionConfidence, number, number, number]>(row?.sums).map(([confidence, predictions, verified, accurate]) => ({
      confidence,
      predictions,
      verified,
      accurate,
    })),
    reliability: rowsOfColumns<[number, number, number, number]>(row?.reliability).map(([bin, verified, reached, probability_sum]) => ({
      bin,
      verified,
      reached,
      probability_sum,
    })),
  };
}

export interface DaySums {
  date: string;
  predictions: number;
  verified: number;
  accurate: number;
  confidence_sum: number;
}

/** The ledger's sums by UTC day, newest first, from `since` (the start of a UTC day): the daily sums' key walked backwards. */
export async function selectDailySums(pool: pg.Pool, since: Date): Promise<DaySums[]> {
  const result = await pool.query<DaySums>({
    name: 'prediction-days',
    text: `SELECT to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, sum(predictions)::int AS predictions, sum(verified)::int AS verified,
                  sum(accurate)::int AS accurate, sum(confidence_sum)::float8 AS confidence_sum
             FROM prediction_daily WHERE day >= $1 GROUP BY day ORDER BY day DESC`,
    values: [since],
  });
  return result.rows;
}

export interface DomainSums {
  domain: string;
  predictions: number;
  verified: number;
  accurate: number;
}

/** The domains with the most verified predictions (text posts, without a domain, left out). */
export async function selectTopDomains(pool: pg.Pool, limit: number): Promise<DomainSums[]> {
  const rows = limitText(limit);
  const result = await pool.query<DomainSums>({
    name: `prediction-domains-${rows}`,
    text: `SELECT domain, predictions, verified, accurate FROM prediction_domains
            WHERE verified > 0 AND domain <> ''
            ORDER BY verified DESC, domain LIMIT ${rows}`,
  });
  return result.rows;
}

export interface OutcomeRow {
  id: number;
  story_id: number;
  hn_id: number;
  title: string;
  current_score: number;
  predicted_at: Date;
  probability: number;
  confidence: PredictionConfidence;
  score_at_prediction: number;
  verified_at: Date | null;
  accurate: boolean | null;
}

/**
 * The latest `limit` verified predictions, each read in its index's order, and only when fewer than `limit` are
 * verified (a new installation), the newest pending ones to fill up with: once the ledger is older than the
 * horizon, one walk of `limit` rows.
 */
export async function selectOutcomes(pool: pg.Pool, limit: number): Promise<{ verified: OutcomeRow[]; pending: OutcomeRow[] }> {
  const columns = `p.id::int AS id, p.story_id, s.hn_id, s.title, s.score AS current_score, p.predicted_at, p.probability,
                   p.confidence, p.score_at_prediction, p.verified_at, p.accurate`;
  const rows = limitText(limit);
  const verified = await pool.query<OutcomeRow>({
    name: `prediction-outcomes-verified-${rows}`,
    text: `SELECT ${columns} FROM predictions p JOIN stories s ON s.id = p.story_id
            WHERE p.verified_at IS NOT NULL AND ${visibleStory('s')} ORDER BY p.verified_at DESC, p.id DESC LIMIT ${rows}`,
  });
  if (verified.rows.length >= limit) return { verified: verified.rows, pending: [] };
  const pending = await pool.query<OutcomeRow>({
    name: `prediction-outcomes-pending-${rows}`,
    text: `SELECT ${columns} FROM predictions p JOIN stories s ON s.id = p.story_id
            WHERE p.verified_at IS NULL AND ${visibleStory('s')} ORDER BY p.predicted_at DESC LIMIT ${rows}`,
  });
  return { verified: verified.rows, pending: pending.rows };
}

/** The newest finished scoring run: the prediction caches are valid until it changes. */
export async function selectPredictionGeneration(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ id: number | null }>({
    name: 'prediction-generation',
    text: `SELECT id FROM prediction_runs WHERE finished_at IS NOT NULL ORDER BY id DESC LIMIT 1`,
  });
  return result.rows[0]?.id ?? 0;
}
