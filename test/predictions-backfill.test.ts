import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPredictionAccurate, PREDICTION_TARGET_POINTS } from '#common/rules/predictions.ts';
import { backfilledPredictions, backfillLedger } from '../server/modules/predictions/backfill.ts';
import { reachesWithinHorizon, replayRecording } from '../server/predictions/dataset.ts';
import { testRecording } from '../server/predictions/test-recording.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { seedStories } from './support/seed.ts';

/** The demo's backfill of the ledger from recorded history, on a real database. */
const HOUR = 3600;
const DAY = 24 * HOUR;
const T0 = Math.floor(Date.UTC(2021, 2, 1) / 1000);
const { stories, rows } = testRecording(T0, 6);
const FROM = T0 + 3 * DAY;
const UNTIL = T0 + 5 * DAY;
const SHIFT = 1000 * DAY;
let db: TestDatabase;
const pool = () => db.database.pool;

beforeAll(async () => {
  db = await createTestDatabase();
  // The history import stores the stories (shifted); the backfill only predicts stored stories.
  await seedStories(
    pool(),
    stories.map((story) => ({ hnId: story.id, title: story.title, url: story.domain ? `https://${story.domain}/x` : '', by: story.by, time: story.createdBefore + SHIFT })),
  );
}, 120_000);
afterAll(async () => db?.close());

describe('backfilledPredictions', () => {
  it('reads the recording as it stood at each moment: a later end changes no earlier prediction', () => {
    const early = backfilledPredictions(stories, rows, { from: FROM, until: UNTIL }).predictions;
    const late = backfilledPredictions(stories, rows, { from: FROM, until: UNTIL + DAY }).predictions;
    expect(early.length).toBeGreaterThan(20);
    expect(late.slice(0, early.length)).toEqual(early);
  });

  it('keeps the window, the undecided stories, and what happened within each horizon', () => {
    const { predictions } = backfilledPredictions(stories, rows, { from: FROM, until: UNTIL });
    const { sightings } = replayRecording(stories, rows, { everyHours: 0, untilHours: 0 });
    const index = new Map(stories.map((story, i) => [story.id, i]));
    for (const prediction of predictions) {
      expect(prediction.at).toBeGreaterThanOrEqual(FROM);
      expect(prediction.at + 6 * HOUR).toBeLessThanOrEqual(UNTIL);
      expect(prediction.score).toBeLessThan(PREDICTION_TARGET_POINTS);
      expect(prediction.reachedTarget).toBe(reachesWithinHorizon(sightings[index.get(prediction.hnId)!]!, prediction.at));
    }
    expect(predictions.some((prediction) => prediction.reachedTarget)).toBe(true);
    expect(predictions.some((prediction) => !prediction.reachedTarget)).toBe(true);
  });
});

describe('backfillLedger', () => {
  it('records them shifted, marked backfilled and verified, once', async () => {
    const expected = backfilledPredictions(stories, rows, { from: FROM, until: UNTIL }).predictions;
    expect(await backfillLedger(pool(), stories, rows, { from: FROM, until: UNTIL, shift: SHIFT })).toBe(expected.length);
    const ledger = await pool().query<{ at: number; probability: number; backfilled: boolean; reached_target: boolean; accurate: boolean; verified_after: number }>(
      `SELECT extract(epoch FROM predicted_at)::float8 AS at, probability, backfilled, reached_target, accurate,
              extract(epoch FROM verified_at - predicted_at)::float8 AS verified_after
         FROM predictions ORDER BY predicted_at, id`,
    );
    expect(ledger.rows).toHaveLength(expected.length);
    for (const row of ledger.rows) {
      expect(row.backfilled).toBe(true);
      expect(row.verified_after).toBe(6 * HOUR);
      expect(row.accurate).toBe(isPredictionAccurate(row.probability, row.reached_target));
      expect(row.at - SHIFT).toBeGreaterThanOrEqual(FROM);
    }
    // The sums follow: every backfilled prediction counts as made and verified.
    const sums = await pool().query<{ predictions: number; verified: number }>(
      `SELECT sum(predictions)::int AS predictions, sum(verified)::int AS verified FROM prediction_hourly`,
    );
    expect(sums.rows[0]).toEqual({ predictions: expected.length, verified: expected.length });

    // Again: the stories already have predictions, so nothing more is recorded.
    expect(await backfillLedger(pool(), stories, rows, { from: FROM, until: UNTIL, shift: SHIFT })).toBe(0);
  });

  it('seeds the model’s history with the stories settled by then, once each', async () => {
    const overall = await pool().query<{ stories: number }>(`SELECT stories FROM prediction_history WHERE kind = 'all'`);
    const settled = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM stories WHERE history_settled`);
    expect(settled.rows[0]!.n).toBeGreaterThan(0);
    expect(overall.rows[0]!.stories).toBe(settled.rows[0]!.n);
    const firstSeen = await pool().query<{ latest: number }>(`SELECT max(extract(epoch FROM front_page_at))::float8 AS latest FROM stories WHERE history_settled`);
    expect(firstSeen.rows[0]!.latest - SHIFT).toBeLessThanOrEqual(UNTIL - DAY);
  });
});
