/**
 * The prediction calls' reads. Each reads either the current predictions (on stories, at most the front page's
 * turnover over 6 hours) or the ledger's sums kept by its trigger, or walks a ledger index in the order it returns
 * and stops at its limit: none grows with the ledger. docs/predictions.md and docs/performance.md have the plans.
 * Each is a prepared (named) statement: its plan does not depend on the values, so it is made once per connection.
 */
import type pg from 'pg';
import { jsonColumnsSql, rowsOfColumns } from '../../db/json-columns.ts';
import { limitText } from '../../db/prepared.ts';
import type { PredictionListQuery, PredictionListView } from '#common/contracts/predictions.ts';
import { medianLeadMinutes, NOT_CALLED, PREDICTION_HORIZON_HOURS, type PredictionConfidence } from '#common/rules/predictions.ts';
import type { StoryRow } from '../stories/queries.ts';
import { listedStory, visibleStory } from '../stories/visibility.ts';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

export interface PredictionPageRow extends StoryRow {
  called_at: Date | null;
  call_probability: number | null;
  score_at_call: number | null;
}

export interface PredictionPageRows {
  rows: PredictionPageRow[];
  calls: number;
  notExpected: number;
  high: number;
  medium: number;
  low: number;
}

// Stories hidden by moderation (an approved flag) are left out, as from every list.
/** A story with a current prediction ($1: the horizon's start), listed as every list lists stories. */
function currentPrediction(alias?: string): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `${column('prediction_probability')} IS NOT NULL AND ${listedStory(alias)} AND ${column('predicted_at')} > $1`;
}
const CURRENT = currentPrediction();
const IN_VIEW: Readonly<Record<PredictionListView, string>> = {
  calls: 'prediction_probability >= $4',
  'not-expected': 'prediction_probability < $4',
};

/**
 * A page of the view's current predictions, highest first, each with its story's first call, and the counts: calls by
 * confidence, and the stories not expected to trend. `cut` is the "will trend" cut.
 */
export async function selectPredictionPage(pool: pg.Pool, query: PredictionListQuery, nowMs: number, cut: number): Promise<PredictionPageRows> {
  const result = await pool.query<PredictionPageRow & { calls: number; not_expected: number; high: number; medium: number; low: number }>({
    name: `prediction-page-${query.view}`,
    text: `WITH counts AS (
       SELECT count(*) FILTER (WHERE prediction_probability >= $4)::int AS calls,
              count(*) FILTER (WHERE prediction_probability < $4)::int AS not_expected,
              count(*) FILTER (WHERE prediction_probability >= $4 AND prediction_confidence = 'high')::int AS high,
              count(*) FILTER (WHERE prediction_probability >= $4 AND prediction_confidence = 'medium')::int AS medium,
              count(*) FILTER (WHERE prediction_probability >= $4 AND prediction_confidence = 'low')::int AS low
         FROM stories WHERE ${CURRENT}
     ), page AS (
       SELECT id, hn_id, title, url, score, descendants, by, time, domain,
              score_velocity, comments_velocity, trending_score, prediction_probability, synthetic
         FROM stories WHERE ${CURRENT} AND ${IN_VIEW[query.view]}
        ORDER BY prediction_probability DESC, id DESC
        LIMIT $2 OFFSET $3
     )
     SELECT counts.*, page.*, c.called_at, c.probability AS call_probability, c.score_at_call
       FROM counts LEFT JOIN page ON true LEFT JOIN prediction_calls c ON c.story_id = page.id
      ORDER BY page.prediction_probability DESC, page.id DESC`,
    values: [new Date(nowMs - PREDICTION_HORIZON_HOURS * HOUR_MS), query.limit, (query.page - 1) * query.limit, cut],
  });
  const first = result.rows[0];
  return {
    rows: result.rows.filter((row) => row.id !== null),
    calls: first?.calls ?? 0,
    notExpected: first?.not_expected ?? 0,
    high: first?.high ?? 0,
    medium: first?.medium ?? 0,
    low: first?.low ?? 0,
  };
}

/**
 * Every current prediction, highest first, with its confidence: the list of a person whose muting rules or filters
 * apply is made from these (a few hundred at most: the front page's turnover over the horizon).
 */
export async function selectCurrentPredictions(pool: pg.Pool, nowMs: number): Promise<(PredictionPageRow & { prediction_confidence: PredictionConfidence | null })[]> {
  const result = await pool.query<PredictionPageRow & { prediction_confidence: PredictionConfidence | null }>({
    name: 'prediction-current-all',
    text: `SELECT s.id, s.hn_id, s.title, s.url, s.score, s.descendants, s.by, s.time, s.domain,
                  s.score_velocity, s.comments_velocity, s.trending_score, s.prediction_probability, s.prediction_confidence, s.synthetic,
                  c.called_at, c.probability AS call_probability, c.score_at_call
             FROM stories s LEFT JOIN prediction_calls c ON c.story_id = s.id
            WHERE ${currentPrediction('s')}
            ORDER BY s.prediction_probability DESC, s.id DESC`,
    values: [new Date(nowMs - PREDICTION_HORIZON_HOURS * HOUR_MS)],
  });
  return result.rows;
}

/** The start of the hour `nowMs` is in, as the ledger's sums bucket it. */
export function hourStart(ms: number): Date {
  return new Date(Math.floor(ms / HOUR_MS) * HOUR_MS);
}

/** The ledger's sums by the confidence recorded ('none' for a prediction that is not a call). */
export interface ConfidenceSums {
  confidence: PredictionConfidence | typeof NOT_CALLED;
  predictions: number;
  verified: number;
  accurate: number;
  reached: number;
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
    text: `SELECT (SELECT ${jsonColumnsSql('s', ['confidence', 'predictions', 'verified', 'accurate', 'reached'])}
                     FROM (SELECT confidence, sum(predictions)::int AS predictions, sum(verified)::int AS verified, sum(accurate)::int AS accurate,
                                  sum(reached)::int AS reached
                             FROM (SELECT confidence, predictions, verified, accurate, reached FROM prediction_hourly WHERE hour >= $1 AND hour < $2
                                   UNION ALL
                                   SELECT confidence, predictions, verified, accurate, reached FROM prediction_daily WHERE day >= $2) AS parts
                            GROUP BY confidence) AS s) AS sums,
                  (SELECT ${jsonColumnsSql('r', ['bin', 'verified', 'reached', 'probability_sum'])}
                     FROM (SELECT bin, verified, reached, probability_sum FROM prediction_reliability ORDER BY bin) AS r) AS reliability`,
    values: [since, firstWholeDay],
  });
  const row = result.rows[0];
  return {
    sums: rowsOfColumns<[ConfidenceSums['confidence'], number, number, number, number]>(row?.sums).map(([confidence, predictions, verified, accurate, reached]) => ({
      confidence,
      predictions,
      verified,
      accurate,
      reached,
    })),
    reliability: rowsOfColumns<[number, number, number, number]>(row?.reliability).map(([bin, verified, reached, probability_sum]) => ({
      bin,
      verified,
      reached,
      probability_sum,
    })),
  };
}

export interface CallFigures {
  /** Stories first called in the window. */
  made: number;
  /** Settled calls of the window, by the confidence of the call, and how many came true. */
  byConfidence: { confidence: PredictionConfidence; settled: number; came_true: number }[];
  /** Predicted stories first seen at the target in the window, those called strictly before, and their median lead. */
  reached: number;
  called_early: number;
  median_lead_minutes: number | null;
}

/** Hours from `since` up to its first whole UTC day from the hourly sums, the days from there on from the daily ones. */
function hoursThenDays(table: 'call' | 'lead', columns: string): string {
  return `SELECT ${columns} FROM prediction_${table}_hourly WHERE hour >= $1 AND hour < $2
          UNION ALL
          SELECT ${columns} FROM prediction_${table}_daily WHERE day >= $2`;
}

/**
 * The calls' precision, recall and lead over a window from `since` (the start of an hour), from the sums kept by
 * prediction_calls' triggers (migration 0025): the calls by the hour they were made, the stories by the hour they were
 * first seen at the target with the histogram of their leads. As selectAccuracy, at most 23 hours and 30 days of rows
 * for the 720-hour window, whatever the number of calls in it; the median lead is read from the histogram
 * (medianLeadMinutes: within LEAD_BUCKET_MINUTES of the leads' own median).
 */
export async function selectCallFigures(pool: pg.Pool, since: Date): Promise<CallFigures> {
  const firstWholeDay = new Date(Math.ceil(since.getTime() / DAY_MS) * DAY_MS);
  const result = await pool.query<{ calls: unknown[][] | null; leads: unknown[][] | null }>({
    name: 'prediction-call-figures',
    text: `SELECT (SELECT ${jsonColumnsSql('c', ['confidence', 'made', 'settled', 'came_true'])}
                     FROM (SELECT confidence, sum(made)::int AS made, sum(settled)::int AS settled, sum(came_true)::int AS came_true
                             FROM (${hoursThenDays('call', 'confidence, made, settled, came_true')}) AS parts
                            GROUP BY confidence) AS c) AS calls,
                  (SELECT ${jsonColumnsSql('l', ['lead_bucket', 'stories', 'lead_ms_sum'])}
                     FROM (SELECT lead_bucket, sum(stories)::int AS stories, sum(lead_ms_sum)::float8 AS lead_ms_sum
                             FROM (${hoursThenDays('lead', 'lead_bucket, stories, lead_ms_sum')}) AS parts
                            GROUP BY lead_bucket) AS l) AS leads`,
    values: [since, firstWholeDay],
  });
  const row = result.rows[0];
  const calls = rowsOfColumns<[PredictionConfidence, number, number, number]>(row?.calls);
  const leads = rowsOfColumns<[number, number, number]>(row?.leads).map(([bucket, stories, leadMsSum]) => ({
    bucket,
    stories,
    leadMinutesSum: leadMsSum / 60_000,
  }));
  // Bucket -1 holds the stories not called strictly before they were seen at the target.
  const early = leads.filter((entry) => entry.bucket >= 0);
  return {
    made: calls.reduce((sum, [, made]) => sum + made, 0),
    byConfidence: calls.filter(([, , settled]) => settled > 0).map(([confidence, , settled, came_true]) => ({ confidence, settled, came_true })),
    reached: leads.reduce((sum, entry) => sum + entry.stories, 0),
    called_early: early.reduce((sum, entry) => sum + entry.stories, 0),
    median_lead_minutes: medianLeadMinutes(early),
  };
}

/** Calls first made each UTC day from `since` (the start of a UTC day), and the sum of their probabilities (the trends' average confidence). */
export async function selectDailyCalls(pool: pg.Pool, since: Date): Promise<{ date: string; calls: number; probability_sum: number }[]> {
  const result = await pool.query<{ date: string; calls: number; probability_sum: number }>({
    name: 'prediction-daily-calls',
    text: `SELECT to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, sum(made)::int AS calls, sum(probability_sum)::float8 AS probability_sum
             FROM prediction_call_daily WHERE day >= $1 GROUP BY day`,
    values: [since],
  });
  return result.rows;
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
  called_at: Date;
  probability: number;
  confidence: PredictionConfidence;
  score_at_call: number;
  settled_at: Date | null;
  call_reached: boolean | null;
  reached_at: Date | null;
}

/**
 * The latest `limit` settled calls, read in their index's order, and only when fewer than `limit` are settled (a new
 * installation), the newest pending calls to fill up with: once the calls are older than the horizon, one walk of
 * `limit` rows.
 */
export async function selectOutcomes(pool: pg.Pool, limit: number): Promise<{ settled: OutcomeRow[]; pending: OutcomeRow[] }> {
  const columns = `c.prediction_id::int AS id, c.story_id, s.hn_id, s.title, s.score AS current_score, c.called_at, c.probability,
                   c.confidence, c.score_at_call, c.settled_at, c.call_reached, c.reached_at`;
  const rows = limitText(limit);
  const settled = await pool.query<OutcomeRow>({
    name: `prediction-outcomes-settled-${rows}`,
    text: `SELECT ${columns} FROM prediction_calls c JOIN stories s ON s.id = c.story_id
            WHERE c.settled_at IS NOT NULL AND ${visibleStory('s')} ORDER BY c.settled_at DESC, c.story_id DESC LIMIT ${rows}`,
  });
  if (settled.rows.length >= limit) return { settled: settled.rows, pending: [] };
  const pending = await pool.query<OutcomeRow>({
    name: `prediction-outcomes-pending-calls-${rows}`,
    text: `SELECT ${columns} FROM prediction_calls c JOIN stories s ON s.id = c.story_id
            WHERE c.called_at IS NOT NULL AND c.settled_at IS NULL AND ${visibleStory('s')} ORDER BY c.called_at DESC LIMIT ${rows}`,
  });
  return { settled: settled.rows, pending: pending.rows };
}

/** The newest finished scoring run: the prediction caches are valid until it changes. */
export async function selectPredictionGeneration(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ id: number | null }>({
    name: 'prediction-generation',
    text: `SELECT id FROM prediction_runs WHERE finished_at IS NOT NULL ORDER BY id DESC LIMIT 1`,
  });
  return result.rows[0]?.id ?? 0;
}
