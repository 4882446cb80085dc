/**
 * The ingestion hook (docs/predictions.md "The ledger"): each cycle, and on POST /api/predictions/update, scores the
 * front page's undecided stories with the committed model, records in the ledger each prediction that changed
 * meaningfully, verifies the predictions whose horizon has passed, and adds settled stories to the history the
 * model's features read. Cost grows with the front page and the predictions due, not with the ledger.
 */
import type pg from 'pg';
import {
  changesMeaningfully,
  isPredictionAccurate,
  isUndecided,
  ledgerConfidence,
  PREDICTION_HORIZON_HOURS,
  PREDICTION_TARGET_POINTS,
  predictionConfidence,
} from '#common/rules/predictions.ts';
import { COMMITTED_MODEL } from '../../predictions/model.ts';
import { DEFAULT_IDS_PER_HOUR, ID_RATE_SPAN_SECONDS, median, MIN_ID_RATE_SPAN_SECONDS, SETTLE_AFTER_SECONDS } from '../../predictions/dataset.ts';
import { titleWords, type History, type OutcomeCounts, type PageAt, type PredictionStory, type Sighting } from '../../predictions/features.ts';
import { productPrediction } from '../../predictions/product.ts';
import { withTransaction } from '../../db/transaction.ts';
import { listedStory } from '../stories/visibility.ts';

const SECONDS_PER_HOUR = 3600;
/** The model was trained on the front page as the recording saw it: the top 30. */
export const FRONT_PAGE_RANKS = 30;
/** Predictions verified, and stories settled, per statement (a long outage leaves many due at once). */
const BATCH = 2000;

export interface PredictionRunReport {
  runId: number;
  storiesScored: number;
  predictionsRecorded: number;
  predictionsVerified: number;
  storiesSettled: number;
}

/** One scoring run, recorded in prediction_runs. Run it where no other run can (the ingestion cycle's lock). */
export async function runPredictions(pool: pg.Pool, nowMs: number, reason: string): Promise<PredictionRunReport> {
  const run = await pool.query<{ id: number }>(
    `INSERT INTO prediction_runs (reason, started_at) VALUES ($1, $2) RETURNING id`,
    [reason, new Date(nowMs)],
  );
  const runId = run.rows[0]!.id;
  try {
    const storiesSettled = await settleHistory(pool, nowMs);
    const { storiesScored, predictionsRecorded } = await scoreFrontPage(pool, nowMs);
    const predictionsVerified = await verifyDue(pool, nowMs);
    await expireCurrent(pool, nowMs);
    await pool.query(
      `UPDATE prediction_runs SET finished_at = $2, stories_scored = $3, predictions_recorded = $4, predictions_verified = $5
        WHERE id = $1`,
      [runId, new Date(nowMs), storiesScored, predictionsRecorded, predictionsVerified],
    );
    return { runId, storiesScored, predictionsRecorded, predictionsVerified, storiesSettled };
  } catch (error) {
    await pool
      .query(`UPDATE prediction_runs SET finished_at = $2, error = $3 WHERE id = $1`, [
        runId,
        new Date(nowMs),
        (error instanceof Error ? error.message : String(error)).slice(0, 500),
      ])
      .catch(() => undefined);
    throw error;
  }
}

interface FrontPageRow {
  id: number;
  hn_id: number;
  title: string;
  domain: string;
  by: string;
  time: number;
  score: number;
  descendants: number;
  top_rank: number;
  prediction_probability: number | null;
  front_page_at: Date | null;
}

/** Scores the undecided stories of the front page; records the predictions that changed meaningfully. */
export async function scoreFrontPage(pool: pg.Pool, nowMs: number): Promise<{ storiesScored: number; predictionsRecorded: number }> {
  const nowSeconds = nowMs / 1000;
  const front = await pool.query<FrontPageRow>(
    `SELECT id, hn_id, title, domain, by, time, score, descendants, top_rank, prediction_probability, front_page_at
       FROM stories WHERE top_rank IS NOT NULL AND top_rank <= $1 AND NOT dead AND NOT deleted`,
    [FRONT_PAGE_RANKS],
  );
  if (front.rows.length === 0) return { storiesScored: 0, predictionsRecorded: 0 };
  const firstSeen = front.rows.filter((row) => row.front_page_at === null).map((row) => row.id);
  if (firstSeen.length > 0) {
    await pool.query(`UPDATE stories SET front_page_at = $2 WHERE id = ANY($1::int[]) AND front_page_at IS NULL`, [firstSeen, new Date(nowMs)]);
  }
  const undecided = front.rows.filter((row) => isUndecided(row.score, (nowSeconds - row.time) / SECONDS_PER_HOUR));
  if (undecided.length === 0) return { storiesScored: 0, predictionsRecorded: 0 };

  const page = await pageAt(pool, front.rows.map((row) => row.score));
  const sightings = await frontPageSightings(pool, undecided, nowSeconds);
  const history = await historyFor(pool, undecided);

  const recorded: { row: FrontPageRow; probability: number }[] = [];
  for (const row of undecided) {
    const story: PredictionStory = {
      id: row.hn_id,
      title: row.title,
      domain: row.domain,
      by: row.by,
      createdBefore: row.time,
      sightings: sightings.get(row.id)!,
    };
    const probability = productPrediction(story, nowSeconds, history, page);
    if (probability === null) continue;
    if (changesMeaningfully(row.prediction_probability, probability)) recorded.push({ row, probability });
  }
  if (recorded.length > 0) await recordPredictions(pool, recorded, nowMs);
  return { storiesScored: undecided.length, predictionsRecorded: recorded.length };
}

async function recordPredictions(pool: pg.Pool, recorded: { row: FrontPageRow; probability: number }[], nowMs: number): Promise<void> {
  const at = new Date(nowMs);
  const ids = recorded.map(({ row }) => row.id);
  const probabilities = recorded.map(({ probability }) => probability);
  // The ledger records whether each prediction is a call (its confidence, or 'none'), with the cut in force now; its
  // trigger keeps each story's first call from that (prediction_calls).
  await withTransaction(pool, async (client) => {
    await client.query(
      `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version)
       SELECT r.story_id, $6, r.probability, r.confidence, r.score, r.comments, $7
         FROM unnest($1::int[], $2::float8[], $3::text[], $4::int[], $5::int[]) AS r(story_id, probability, confidence, score, comments)`,
      [ids, probabilities, probabilities.map(ledgerConfidence), recorded.map(({ row }) => row.score), recorded.map(({ row }) => row.descendants), at, COMMITTED_MODEL.version],
    );
    await client.query(
      `UPDATE stories s SET prediction_probability = r.probability, prediction_confidence = r.confidence, predicted_at = $4
         FROM unnest($1::int[], $2::float8[], $3::text[]) AS r(id, probability, confidence)
        WHERE s.id = r.id`,
      [ids, probabilities, probabilities.map(predictionConfidence), at],
    );
  });
}

/** The front page and the id counter now: the newest id, ids allocated an hour over the last day, the median score. */
async function pageAt(pool: pg.Pool, frontPageScores: number[]): Promise<PageAt> {
  const result = await pool.query<{ newest_id: number | null; newest_time: number | null; oldest_id: number | null; oldest_time: number | null }>(
    `SELECT newest.hn_id AS newest_id, newest.time AS newest_time, oldest.hn_id AS oldest_id, oldest.time AS oldest_time
       FROM (SELECT hn_id, time FROM stories ORDER BY hn_id DESC LIMIT 1) AS newest
       LEFT JOIN LATERAL (SELECT hn_id, time FROM stories
                           WHERE ${listedStory()} AND time >= newest.time - $1
                           ORDER BY time, id LIMIT 1) AS oldest ON true`,
    [ID_RATE_SPAN_SECONDS],
  );
  const row = result.rows[0];
  const newestId = row?.newest_id ?? 0;
  const span = row && row.newest_time !== null && row.oldest_time !== null ? Number(row.newest_time) - Number(row.oldest_time) : 0;
  const ids = row && row.oldest_id !== null ? newestId - row.oldest_id : 0;
  return {
    newestId,
    idsPerHour: span >= MIN_ID_RATE_SPAN_SECONDS && ids > 0 ? (ids / span) * SECONDS_PER_HOUR : DEFAULT_IDS_PER_HOUR,
    medianScore: median(frontPageScores),
  };
}

/** Each story's front-page snapshots, and the story as it is now: its sightings up to the prediction. */
async function frontPageSightings(pool: pg.Pool, rows: FrontPageRow[], nowSeconds: number): Promise<Map<number, Sighting[]>> {
  const result = await pool.query<{ story_id: number; at: number; top_rank: number; score: number; descendants: number }>(
    `SELECT story_id, extract(epoch FROM sampled_at)::float8 AS at, top_rank, score, descendants
       FROM story_snapshots
      WHERE story_id = ANY($1::int[]) AND top_rank BETWEEN 1 AND $2 AND sampled_at <= to_timestamp($3)
      ORDER BY story_id, sampled_at`,
    [rows.map((row) => row.id), FRONT_PAGE_RANKS, nowSeconds],
  );
  const sightings = new Map<number, Sighting[]>(rows.map((row) => [row.id, []]));
  for (const snapshot of result.rows) {
    sightings.get(snapshot.story_id)!.push({ at: snapshot.at, rank: snapshot.top_rank, score: snapshot.score, comments: snapshot.descendants });
  }
  for (const row of rows) {
    const seen = sightings.get(row.id)!;
    const last = seen.at(-1);
    if (!last || last.at < nowSeconds) seen.push({ at: nowSeconds, rank: row.top_rank, score: row.score, comments: row.descendants });
  }
  return sightings;
}

type HistoryKind = 'all' | 'domain' | 'author' | 'word';
const key = (kind: HistoryKind, value: string) => `${kind}\u0000${value}`;

/** The history entries the stories' features read, fetched at once. */
async function historyFor(pool: pg.Pool, rows: FrontPageRow[]): Promise<History> {
  const wanted = new Map<string, [HistoryKind, string]>([[key('all', ''), ['all', '']]]);
  const want = (kind: HistoryKind, value: string) => wanted.set(key(kind, value), [kind, value]);
  for (const row of rows) {
    if (row.domain) want('domain', row.domain);
    want('author', row.by);
    for (const word of titleWords(row.title)) want('word', word);
  }
  const pairs = [...wanted.values()];
  const result = await pool.query<{ kind: HistoryKind; key: string; stories: number; reached: number }>(
    `SELECT h.kind, h.key, h.stories, h.reached
       FROM unnest($1::text[], $2::text[]) AS w(kind, key)
       JOIN prediction_history h ON h.kind = w.kind AND h.key = w.key`,
    [pairs.map(([kind]) => kind), pairs.map(([, value]) => value)],
  );
  const counts = new Map(result.rows.map((row) => [key(row.kind, row.key), { stories: row.stories, reached: row.reached }]));
  const lookup = (kind: HistoryKind, value: string): OutcomeCounts => ({ ...(counts.get(key(kind, value)) ?? { stories: 0, reached: 0 }) });
  return {
    overall: () => lookup('all', ''),
    domain: (domain) => lookup('domain', domain),
    author: (by) => lookup('author', by),
    word: (word) => lookup('word', word),
  };
}

/**
 * Front-page stories first seen there a day ago join the history with their score by then (as in training: a story
 * still rising tells nothing yet). Each story once.
 */
export async function settleHistory(pool: pg.Pool, nowMs: number): Promise<number> {
  const cutoff = new Date(nowMs - SETTLE_AFTER_SECONDS * 1000);
  let settled = 0;
  for (;;) {
    const count = await withTransaction(pool, async (client) => {
      const due = await client.query<{ id: number; title: string; domain: string; by: string; score: number }>(
        `SELECT id, title, domain, by, score FROM stories
          WHERE front_page_at IS NOT NULL AND NOT history_settled AND front_page_at <= $1
          ORDER BY front_page_at LIMIT $2 FOR UPDATE`,
        [cutoff, BATCH],
      );
      if (due.rows.length === 0) return 0;
      await addToHistory(client, due.rows);
      await client.query(`UPDATE stories SET history_settled = true WHERE id = ANY($1::int[])`, [due.rows.map((row) => row.id)]);
      return due.rows.length;
    });
    settled += count;
    if (count < BATCH) return settled;
  }
}

/** Adds settled stories (with their score a day after their first front-page sighting) to the model's history. */
export async function addToHistory(client: pg.ClientBase, settled: { title: string; domain: string; by: string; score: number }[]): Promise<void> {
  const sums = new Map<string, { kind: HistoryKind; key: string; stories: number; reached: number }>();
  const add = (kind: HistoryKind, value: string, reached: number) => {
    const entry = sums.get(key(kind, value)) ?? { kind, key: value, stories: 0, reached: 0 };
    entry.stories++;
    entry.reached += reached;
    sums.set(key(kind, value), entry);
  };
  for (const story of settled) {
    const reached = story.score >= PREDICTION_TARGET_POINTS ? 1 : 0;
    add('all', '', reached);
    if (story.domain) add('domain', story.domain, reached);
    add('author', story.by, reached);
    for (const word of titleWords(story.title)) add('word', word, reached);
  }
  const entries = [...sums.values()];
  if (entries.length === 0) return;
  await client.query(
    `INSERT INTO prediction_history AS h (kind, key, stories, reached)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::int[])
     ON CONFLICT (kind, key) DO UPDATE SET stories = h.stories + excluded.stories, reached = h.reached + excluded.reached`,
    [entries.map((e) => e.kind), entries.map((e) => e.key), entries.map((e) => e.stories), entries.map((e) => e.reached)],
  );
}

/**
 * Verifies the predictions whose horizon has passed against the highest score the story reached by the horizon's
 * end (its snapshots), however late the verification runs, and records when the story was first seen at the target
 * by then (the calls' lead and recall). The ledger's trigger lets this be done once per prediction.
 */
export async function verifyDue(pool: pg.Pool, nowMs: number): Promise<number> {
  const dueBefore = new Date(nowMs - PREDICTION_HORIZON_HOURS * SECONDS_PER_HOUR * 1000);
  let verified = 0;
  for (;;) {
    const due = await pool.query<{ id: number; probability: number; peak: number; first_at_target: Date | null; predicted_at: Date }>(
      `SELECT p.id, p.probability, p.predicted_at,
              GREATEST(p.score_at_prediction,
                       (SELECT max(s.score) FROM story_snapshots s
                         WHERE s.story_id = p.story_id AND s.sampled_at <= p.predicted_at + make_interval(hours => $2))) AS peak,
              (SELECT min(s.sampled_at) FROM story_snapshots s
                WHERE s.story_id = p.story_id AND s.score >= $4 AND s.sampled_at <= p.predicted_at + make_interval(hours => $2)) AS first_at_target
         FROM predictions p
        WHERE p.verified_at IS NULL AND p.predicted_at <= $1
        ORDER BY p.predicted_at LIMIT $3`,
      [dueBefore, PREDICTION_HORIZON_HOURS, BATCH, PREDICTION_TARGET_POINTS],
    );
    if (due.rows.length === 0) return verified;
    const reached = due.rows.map((row) => row.peak >= PREDICTION_TARGET_POINTS);
    await pool.query(
      `UPDATE predictions p SET verified_at = $5, score_at_horizon = r.peak, reached_target = r.reached, accurate = r.accurate,
                                reached_at = r.reached_at
         FROM unnest($1::bigint[], $2::int[], $3::bool[], $4::bool[], $6::timestamptz[]) AS r(id, peak, reached, accurate, reached_at)
        WHERE p.id = r.id`,
      [
        due.rows.map((row) => row.id),
        due.rows.map((row) => row.peak),
        reached,
        due.rows.map((row, i) => isPredictionAccurate(row.probability, reached[i]!)),
        new Date(nowMs),
        // Reached with no snapshot at the target (the score at the prediction itself): seen there at the prediction.
        due.rows.map((row, i) => (reached[i] ? (row.first_at_target ?? row.predicted_at) : null)),
      ],
    );
    verified += due.rows.length;
    if (due.rows.length < BATCH) return verified;
  }
}

/**
 * A story's prediction stops being current when its horizon ends. (A story that died keeps its columns: the list's
 * index leaves it out, and its prediction is verified like any other.)
 */
async function expireCurrent(pool: pg.Pool, nowMs: number): Promise<void> {
  await pool.query(
    `UPDATE stories SET prediction_probability = NULL, prediction_confidence = NULL, predicted_at = NULL
      WHERE prediction_probability IS NOT NULL AND NOT dead AND NOT deleted AND predicted_at <= $1`,
    [new Date(nowMs - PREDICTION_HORIZON_HOURS * SECONDS_PER_HOUR * 1000)],
  );
}
