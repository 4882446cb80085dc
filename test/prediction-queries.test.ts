import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectOutcomes, selectPredictionPage } from '../server/modules/predictions/queries.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { seedStories } from './support/seed.ts';

const START = 1_767_225_600; // 2026-01-01
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedStories(t.database.pool, [{ hnId: 1, time: START }, { hnId: 2, time: START }]);
}, 120_000);
afterAll(async () => t?.close());

/** Predictions of the first story, made an hour apart from `from` (hours after START); verified 6 hours later or not. */
async function predict(from: number, count: number, verified: boolean): Promise<void> {
  await t.database.pool.query(
    `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version,
                              verified_at, score_at_horizon, reached_target, accurate)
     SELECT (SELECT min(id) FROM stories), to_timestamp($1 + h * 3600), 0.2, 'high', 5, 1, 'test',
            CASE WHEN $3 THEN to_timestamp($1 + h * 3600 + 21600) END, CASE WHEN $3 THEN 40 END, CASE WHEN $3 THEN false END, CASE WHEN $3 THEN true END
       FROM generate_series($2::int, $2::int + $4::int - 1) AS h`,
    [START, from, verified, count],
  );
}

const hoursOf = (rows: { predicted_at: Date }[]) => rows.map((row) => (row.predicted_at.getTime() / 1000 - START) / 3600);

describe('selectOutcomes', () => {
  it('fills up with the newest pending predictions while fewer than the limit are verified', async () => {
    await predict(0, 5, true);
    await predict(100, 3, false);
    const { verified, pending } = await selectOutcomes(t.database.pool, 20);
    expect(hoursOf(verified)).toEqual([4, 3, 2, 1, 0]);
    expect(hoursOf(pending)).toEqual([102, 101, 100]);
  });

  it('answers only the latest verified ones once there are enough', async () => {
    await predict(10, 20, true);
    const { verified, pending } = await selectOutcomes(t.database.pool, 20);
    expect(hoursOf(verified)).toEqual(Array.from({ length: 20 }, (_, i) => 29 - i));
    expect(pending).toEqual([]);
  });
});

describe('selectPredictionPage', () => {
  const nowMs = (START + 3600) * 1000;
  it('counts no predictions before any is made', async () => {
    expect(await selectPredictionPage(t.database.pool, { page: 1, limit: 25 }, nowMs)).toEqual({ rows: [], total: 0, high: 0, medium: 0, low: 0 });
  });

  it('pages the current predictions, highest first, and counts them by confidence on every page, past the last too', async () => {
    const probabilities = Array.from({ length: 30 }, (_, i) => (i * 37) % 100 / 100);
    await seedStories(t.database.pool, probabilities.map((_, i) => ({ hnId: 1000 + i, time: START })));
    const confidence = (p: number) => (Math.max(p, 1 - p) >= 0.8 ? 'high' : Math.max(p, 1 - p) >= 0.65 ? 'medium' : 'low');
    await t.database.pool.query(
      `UPDATE stories s SET prediction_probability = v.p, prediction_confidence = v.c, predicted_at = to_timestamp($3)
         FROM unnest($1::int[], $2::float8[], $4::text[]) AS v(hn_id, p, c) WHERE s.hn_id = v.hn_id`,
      [probabilities.map((_, i) => 1000 + i), probabilities, START, probabilities.map(confidence)],
    );
    // One more, predicted longer ago than the horizon: no longer current.
    await t.database.pool.query(`UPDATE stories SET prediction_probability = 0.99, prediction_confidence = 'high', predicted_at = to_timestamp($1) WHERE hn_id = 2`, [START - 7 * 3600]);
    const counts = { total: 30, high: 0, medium: 0, low: 0 };
    for (const p of probabilities) counts[confidence(p)]++;
    const order = probabilities.map((p, i) => ({ p, hnId: 1000 + i })).sort((a, b) => b.p - a.p || b.hnId - a.hnId).map((entry) => entry.hnId);

    const first = await selectPredictionPage(t.database.pool, { page: 1, limit: 25 }, nowMs);
    const second = await selectPredictionPage(t.database.pool, { page: 2, limit: 25 }, nowMs);
    const past = await selectPredictionPage(t.database.pool, { page: 3, limit: 25 }, nowMs);
    expect([...first.rows, ...second.rows].map((row) => row.hn_id)).toEqual(order);
    for (const page of [first, second, past]) expect({ total: page.total, high: page.high, medium: page.medium, low: page.low }).toEqual(counts);
    expect(past.rows).toEqual([]);
  });
});
