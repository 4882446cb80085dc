/**
 * The demo's backfill (docs/predictions.md): the ledger and the model's history filled from recorded front-page
 * history, by running the same model on the data as it stood at each moment (the training's causal replay), so the
 * accuracy, trends and outcomes have a past on the first screen. Backfilled predictions are marked as such and
 * arrive verified from what the recording shows happened next. Only stories already stored (the history import)
 * are backfilled; a story that already has predictions is left alone, so running it twice changes nothing.
 */
import type pg from 'pg';
import {
  changesMeaningfully,
  isPredictionAccurate,
  ledgerConfidence,
  PREDICTION_HORIZON_HOURS,
  PREDICTION_TARGET_POINTS,
} from '#common/rules/predictions.ts';
import { COMMITTED_MODEL } from '../../predictions/model.ts';
import { FIRST_SIGHTING_ONLY, replayRecording, SETTLE_AFTER_SECONDS, type Observations, type RecordedStory } from '../../predictions/dataset.ts';
import type { Sighting } from '../../predictions/features.ts';
import { productPrediction } from '../../predictions/product.ts';
import { addToHistory } from './scoring.ts';
import { withTransaction } from '../../db/transaction.ts';

const SECONDS_PER_HOUR = 3600;
const HORIZON_SECONDS = PREDICTION_HORIZON_HOURS * SECONDS_PER_HOUR;
const CHUNK = 5000;

export interface BackfillOptions {
  /** Backfill the predictions made from this moment (recording time, unix seconds)... */
  from: number;
  /** ...up to this one; only predictions whose horizon ended by then are kept (they can be verified). */
  until: number;
  /** Seconds added to every time, as the history import shifts the stories. */
  shift: number;
}

export interface BackfilledPrediction {
  hnId: number;
  at: number;
  probability: number;
  score: number;
  comments: number;
  scoreAtHorizon: number;
  reachedTarget: boolean;
  /** When the story was first seen at the target by the horizon's end (recording time); null when it was not. */
  reachedAt: number | null;
}

/**
 * The predictions the product would have recorded in [from, until − 6 h]: at each front-page sighting of an undecided
 * story, through the function the live scoring calls, when the prediction changed meaningfully. Reads only
 * observations before `until`.
 */
export function backfilledPredictions(stories: RecordedStory[], rows: Observations, options: Pick<BackfillOptions, 'from' | 'until'>): { predictions: BackfilledPrediction[]; sightings: Sighting[][] } {
  let length = 0;
  while (length < rows.length && rows.time[length]! < options.until) length++;
  const last = new Map<number, number>();
  const made: { index: number; at: number; probability: number; score: number; comments: number }[] = [];
  const replay = replayRecording(stories, { ...rows, length }, FIRST_SIGHTING_ONLY, ({ index, story, at, history, page }) => {
    if (at < options.from || at + HORIZON_SECONDS > options.until) return;
    const probability = productPrediction(story, at, history, page);
    if (probability === null || !changesMeaningfully(last.get(index) ?? null, probability)) return;
    last.set(index, probability);
    const now = story.sightings.at(-1)!;
    made.push({ index, at, probability, score: now.score, comments: now.comments });
  });
  // What happened within each horizon is read once the replay is over.
  const predictions = made.map(({ index, at, probability, score, comments }): BackfilledPrediction => {
    const seen = replay.sightings[index]!;
    const within = seen.filter((sighting) => sighting.at >= at && sighting.at <= at + HORIZON_SECONDS);
    const scoreAtHorizon = Math.max(score, ...within.map((sighting) => sighting.score));
    const firstAtTarget = seen.find((sighting) => sighting.at <= at + HORIZON_SECONDS && sighting.score >= PREDICTION_TARGET_POINTS);
    return {
      hnId: stories[index]!.id,
      at,
      probability,
      score,
      comments,
      scoreAtHorizon,
      reachedTarget: scoreAtHorizon >= PREDICTION_TARGET_POINTS,
      reachedAt: scoreAtHorizon >= PREDICTION_TARGET_POINTS ? (firstAtTarget?.at ?? at) : null,
    };
  });
  return { predictions, sightings: replay.sightings };
}

/** Runs the backfill into the database; returns how many predictions were recorded. */
export async function backfillLedger(pool: pg.Pool, stories: RecordedStory[], rows: Observations, options: BackfillOptions): Promise<number> {
  const { predictions, sightings } = backfilledPredictions(stories, rows, options);
  const stored = await pool.query<{ id: number; hn_id: number; predicted: boolean }>(
    `SELECT s.id, s.hn_id, EXISTS (SELECT 1 FROM predictions p WHERE p.story_id = s.id) AS predicted
       FROM stories s WHERE s.hn_id = ANY($1::int[])`,
    [[...new Set(predictions.map((prediction) => prediction.hnId))]],
  );
  const storyIds = new Map(stored.rows.filter((row) => !row.predicted).map((row) => [row.hn_id, row.id]));
  const kept = predictions.filter((prediction) => storyIds.has(prediction.hnId));
  for (let i = 0; i < kept.length; i += CHUNK) {
    const chunk = kept.slice(i, i + CHUNK);
    const probabilities = chunk.map((prediction) => prediction.probability);
    const reached = chunk.map((prediction) => prediction.reachedTarget);
    await pool.query(
      `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version,
                                backfilled, verified_at, score_at_horizon, reached_target, accurate, reached_at)
       SELECT r.story_id, to_timestamp(r.at), r.probability, r.confidence, r.score, r.comments, $10, true,
              to_timestamp(r.at + $11), r.peak, r.reached, r.accurate, to_timestamp(r.reached_at)
         FROM unnest($1::int[], $2::float8[], $3::float8[], $4::text[], $5::int[], $6::int[], $7::int[], $8::bool[], $9::bool[], $12::float8[])
              AS r(story_id, at, probability, confidence, score, comments, peak, reached, accurate, reached_at)`,
      [
        chunk.map((prediction) => storyIds.get(prediction.hnId)!),
        chunk.map((prediction) => prediction.at + options.shift),
        probabilities,
        probabilities.map(ledgerConfidence),
        chunk.map((prediction) => prediction.score),
        chunk.map((prediction) => prediction.comments),
        chunk.map((prediction) => prediction.scoreAtHorizon),
        reached,
        chunk.map((prediction, j) => isPredictionAccurate(prediction.probability, reached[j]!)),
        COMMITTED_MODEL.version,
        HORIZON_SECONDS,
        chunk.map((prediction) => (prediction.reachedAt === null ? null : prediction.reachedAt + options.shift)),
      ],
    );
  }
  await seedHistory(pool, stories, sightings, options);
  return kept.length;
}

/**
 * The model's history as it stood at `until`: the stored stories first seen on the front page a day before it, with
 * their score by then, marked settled so the live settling does not count them again.
 */
async function seedHistory(pool: pg.Pool, stories: RecordedStory[], sightings: Sighting[][], options: BackfillOptions): Promise<void> {
  const settled = new Map<number, { firstSeen: number; peak: number }>();
  stories.forEach((story, index) => {
    const seen = sightings[index]!;
    if (seen.length === 0 || seen[0]!.at + SETTLE_AFTER_SECONDS > options.until) return;
    const peak = Math.max(...seen.filter((sighting) => sighting.at <= seen[0]!.at + SETTLE_AFTER_SECONDS).map((sighting) => sighting.score));
    settled.set(story.id, { firstSeen: seen[0]!.at, peak });
  });
  await withTransaction(pool, async (client) => {
    const marked = await client.query<{ hn_id: number }>(
      `UPDATE stories s SET front_page_at = to_timestamp(r.first_seen), history_settled = true
         FROM unnest($1::int[], $2::float8[]) AS r(hn_id, first_seen)
        WHERE s.hn_id = r.hn_id AND NOT s.history_settled
       RETURNING s.hn_id`,
      [[...settled.keys()], [...settled.values()].map((entry) => entry.firstSeen + options.shift)],
    );
    const byId = new Map(stories.map((story) => [story.id, story]));
    await addToHistory(
      client,
      marked.rows.map(({ hn_id }) => ({ ...byId.get(hn_id)!, score: settled.get(hn_id)!.peak })),
    );
  });
}
