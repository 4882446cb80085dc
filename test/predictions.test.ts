import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPredictionAccurate,
  ledgerConfidence,
  PREDICTION_MAX_AGE_HOURS,
  PREDICTION_TARGET_POINTS,
  predictionConfidence,
  predictionScore,
  TREND_CALL_THRESHOLD,
} from '#common/rules/predictions.ts';
import { selectAccuracy, selectDailySums } from '../server/modules/predictions/queries.ts';
import { runPredictions, verifyDue } from '../server/modules/predictions/scoring.ts';
import { COMMITTED_MODEL } from '../server/predictions/model.ts';
import { signUp, type TestUser } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { seedStories } from './support/seed.ts';

/** The ledger, the ingestion hook and the prediction calls, on a real database. */
let t: TestApp;
let reader: TestUser;
const HOUR = 3600;
const START = Math.floor(Date.UTC(2026, 0, 15, 12, 10) / 1000);
let clock = START;

const pool = () => t.db.database.pool;
const inject = (options: InjectOptions) => t.app.server.inject(options);
const asReader = () => ({ cookie: reader.cookie });

interface FrontStory {
  hnId: number;
  rank: number | null;
  ageHours: number;
  score: number;
  url?: string;
}

/** The front page at START: young stories rising, one old, one at the target, one off the front page. */
const FRONT: FrontStory[] = [
  { hnId: 1001, rank: 1, ageHours: 1, score: 180, url: 'https://fast.example/a' },
  { hnId: 1002, rank: 2, ageHours: 0.8, score: 120, url: 'https://fast.example/b' },
  { hnId: 1003, rank: 5, ageHours: 2, score: 40, url: 'https://slow.example/a' },
  { hnId: 1004, rank: 12, ageHours: 3, score: 15, url: 'https://slow.example/b' },
  { hnId: 1005, rank: 25, ageHours: 5, score: 8 },
  { hnId: 1006, rank: 3, ageHours: PREDICTION_MAX_AGE_HOURS + 1, score: 150 }, // too old: decided
  { hnId: 1007, rank: 4, ageHours: 2, score: PREDICTION_TARGET_POINTS }, // already at the target
  { hnId: 1008, rank: 45, ageHours: 1, score: 30 }, // not on the front page
  { hnId: 1009, rank: null, ageHours: 1, score: 30 },
];

async function storyId(hnId: number): Promise<number> {
  const result = await pool().query<{ id: number }>('SELECT id FROM stories WHERE hn_id = $1', [hnId]);
  return result.rows[0]!.id;
}

/** A snapshot, as ingestion appends one, and the story's counts as of it. */
async function observe(hnId: number, at: number, score: number, rank: number | null): Promise<void> {
  const id = await storyId(hnId);
  await pool().query(
    `INSERT INTO story_snapshots (story_id, sampled_at, score, descendants, top_rank) VALUES ($1, to_timestamp($2), $3, $4, $5)`,
    [id, at, score, Math.round(score / 3), rank],
  );
  await pool().query('UPDATE stories SET score = $2, descendants = $3, top_rank = $4 WHERE id = $1', [id, score, Math.round(score / 3), rank]);
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock * 1000 });
  await seedStories(
    pool(),
    FRONT.map((s) => ({ hnId: s.hnId, time: START - Math.round(s.ageHours * HOUR), score: s.score, url: s.url ?? '', title: `Story number ${s.hnId}` })),
  );
  for (const s of FRONT) {
    // Two sightings each: half the score twenty minutes ago, the full score now.
    await observe(s.hnId, START - 1200, Math.round(s.score / 2), s.rank);
    await observe(s.hnId, START, s.score, s.rank);
  }
  reader = await signUp(t.app.server, { name: 'Reader' });
}, 120_000);
afterAll(async () => t?.close());

describe('the ingestion hook', () => {
  it('predicts the undecided stories of the front page, and only those', async () => {
    const report = await runPredictions(pool(), clock * 1000, 'test');
    expect(report.storiesScored).toBe(5);
    expect(report.predictionsRecorded).toBe(5);
    const ledger = await pool().query<{ hn_id: number; probability: number; confidence: string; score_at_prediction: number; model_version: string; backfilled: boolean }>(
      `SELECT s.hn_id, p.probability, p.confidence, p.score_at_prediction, p.model_version, p.backfilled
         FROM predictions p JOIN stories s ON s.id = p.story_id ORDER BY s.hn_id`,
    );
    expect(ledger.rows.map((row) => row.hn_id)).toEqual([1001, 1002, 1003, 1004, 1005]);
    for (const row of ledger.rows) {
      expect(row.probability).toBeGreaterThan(0);
      expect(row.probability).toBeLessThan(1);
      // A call's confidence, or 'none' under the cut.
      expect(row.confidence).toBe(ledgerConfidence(row.probability));
      expect(row.score_at_prediction).toBe(FRONT.find((s) => s.hnId === row.hn_id)!.score);
      expect(row.model_version).toBe(COMMITTED_MODEL.version);
      expect(row.backfilled).toBe(false);
    }
    // The model ranks the story with 180 points in an hour at rank 1 above the one with 8 points in 5 hours.
    const p = (hnId: number) => ledger.rows.find((row) => row.hn_id === hnId)!.probability;
    expect(p(1001)).toBeGreaterThan(p(1005));
  });

  it('records nothing again until a prediction changes meaningfully', async () => {
    const again = await runPredictions(pool(), clock * 1000, 'test');
    expect(again.storiesScored).toBe(5);
    expect(again.predictionsRecorded).toBe(0);
    // A story that jumps from 15 points at rank 12 to 200 at rank 2 is worth a new prediction.
    clock += 60;
    await observe(1004, clock, 200, 2);
    const moved = await runPredictions(pool(), clock * 1000, 'test');
    expect(moved.predictionsRecorded).toBeGreaterThanOrEqual(1);
    const rows = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM predictions WHERE story_id = $1`, [await storyId(1004)]);
    expect(rows.rows[0]!.n).toBe(2);
  });

  it('marks the front-page stories first seen, for the history a day later', async () => {
    const seen = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM stories WHERE front_page_at IS NOT NULL`);
    expect(seen.rows[0]!.n).toBe(FRONT.filter((s) => s.rank !== null && s.rank <= 30).length);
  });
});

describe('the ledger is append-only', () => {
  it('refuses to delete a prediction or change what it said', async () => {
    await expect(pool().query('DELETE FROM predictions')).rejects.toThrow(/append-only/);
    await expect(pool().query('UPDATE predictions SET probability = 0.99')).rejects.toThrow(/append-only/);
    await expect(pool().query('UPDATE predictions SET predicted_at = predicted_at - interval \'1 hour\'')).rejects.toThrow(/append-only/);
    await expect(pool().query(`UPDATE predictions SET verified_at = now()`)).rejects.toThrow(/together/);
  });

  it('refuses to delete a story that has predictions', async () => {
    await expect(pool().query('DELETE FROM stories WHERE hn_id = 1001')).rejects.toThrow();
  });
});

describe('the prediction calls', () => {
  it('need sign-in, except the accuracy figures', async () => {
    for (const url of ['/api/stories/predictions', '/api/predictions/trends', '/api/predictions/domains', '/api/predictions/outcomes']) {
      const response = await inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().message).toBeTruthy();
    }
    expect((await inject({ url: '/api/predictions/accuracy/public' })).statusCode).toBe(200);
    expect((await inject({ method: 'POST', url: '/api/predictions/update' })).statusCode).toBe(401);
  });

  it('refuse bad input with a message', async () => {
    for (const url of [
      '/api/stories/predictions?page=0',
      '/api/stories/predictions?limit=1000',
      '/api/stories/predictions?page=abc',
      '/api/predictions/accuracy/public?hours=0',
      '/api/predictions/accuracy/public?hours=100000',
      '/api/predictions/accuracy/public?hours=1.5',
    ]) {
      const response = await inject({ url, headers: asReader() });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(/must be/);
    }
  });

  it('refuse an unknown view with a message', async () => {
    const response = await inject({ url: '/api/stories/predictions?view=everything', headers: asReader() });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/view must be one of calls, not-expected/);
  });

  it('list the current calls to trend highest first, with their first call and the counts; the others in a view of their own', async () => {
    const current = await pool().query<{ id: number; probability: number }>(
      `SELECT id, prediction_probability AS probability FROM stories WHERE prediction_probability IS NOT NULL ORDER BY 2 DESC, 1 DESC`,
    );
    const calls = current.rows.filter((row) => row.probability >= TREND_CALL_THRESHOLD);
    const others = current.rows.filter((row) => row.probability < TREND_CALL_THRESHOLD);
    for (const [view, rows] of [['calls', calls], ['not-expected', others]] as const) {
      const response = await inject({ url: `/api/stories/predictions?page=1&limit=2&view=${view}`, headers: asReader() });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.view).toBe(view);
      expect(body.callThreshold).toBe(predictionScore(TREND_CALL_THRESHOLD));
      expect(body.totalCount).toBe(rows.length);
      expect(body.totalCalls).toBe(calls.length);
      expect(body.totalNotExpected).toBe(others.length);
      expect(body.totalHighConfidence + body.totalMediumConfidence + body.totalLowConfidence).toBe(calls.length);
      expect(body.totalHighConfidence).toBe(calls.filter((row) => predictionConfidence(row.probability) === 'high').length);
      expect(body.stories.map((s: { id: number }) => s.id)).toEqual(rows.slice(0, 2).map((row) => row.id));
      expect(body.stories.map((s: { predictionScore: number }) => s.predictionScore)).toEqual(rows.slice(0, 2).map((row) => predictionScore(row.probability)));
      // Only a call carries a confidence.
      for (const story of body.stories) expect(story.predictionConfidence !== undefined, String(story.id)).toBe(view === 'calls');
      // Each listed call with its first call: its time and its score then, as the ledger recorded them.
      if (view === 'calls') {
        expect(body.calls.map((c: { storyId: number }) => c.storyId)).toEqual(body.stories.map((s: { id: number }) => s.id));
        for (const call of body.calls) {
          const first = await pool().query<{ predicted_at: Date; score_at_prediction: number }>(
            `SELECT predicted_at, score_at_prediction FROM predictions WHERE story_id = $1 AND probability >= $2 ORDER BY predicted_at, id LIMIT 1`,
            [call.storyId, TREND_CALL_THRESHOLD],
          );
          expect(call.calledAt).toBe(first.rows[0]!.predicted_at.toISOString());
          expect(call.scoreAtCall).toBe(first.rows[0]!.score_at_prediction);
        }
      }
      expect(body.totalPages).toBe(Math.ceil(rows.length / 2));
      expect(body.hasNext).toBe(rows.length > 2);
      expect(body.hasPrevious).toBe(false);
    }
    // The default view is the calls.
    expect((await inject({ url: '/api/stories/predictions', headers: asReader() })).json().totalCount).toBe(calls.length);
  });

  it('put the prediction on the story lists’ items, with a confidence only for a call', async () => {
    const trending = (await inject({ url: '/api/stories/top?limit=50' })).json();
    const byHnId = new Map(trending.stories.map((s: { hnId: number }) => [s.hnId, s]));
    const current = await pool().query<{ hn_id: number; probability: number }>(
      `SELECT hn_id, prediction_probability AS probability FROM stories WHERE prediction_probability IS NOT NULL`,
    );
    expect(current.rows.length).toBeGreaterThan(0);
    for (const row of current.rows) {
      const listed = byHnId.get(row.hn_id) as { predictionScore?: number; predictionConfidence?: string };
      expect(listed.predictionScore).toBe(predictionScore(row.probability));
      expect(listed.predictionConfidence).toBe(predictionConfidence(row.probability) ?? undefined);
    }
    expect(byHnId.get(1006)).not.toHaveProperty('predictionScore');
  });

  it('show the pending calls before any verification, and no accuracy yet', async () => {
    const outcomes = (await inject({ url: '/api/predictions/outcomes', headers: asReader() })).json().outcomes;
    const calls = await pool().query<{ story_id: number }>('SELECT story_id FROM prediction_calls WHERE called_at IS NOT NULL ORDER BY called_at DESC');
    expect(outcomes.map((o: { prediction: { story: { id: number } } }) => o.prediction.story.id).sort()).toEqual(calls.rows.map((row) => row.story_id).sort());
    expect(outcomes.every((o: { outcome: string; leadMinutes: number | null }) => o.outcome === 'pending' && o.leadMinutes === null)).toBe(true);
    const accuracy = (await inject({ url: '/api/predictions/accuracy/public' })).json();
    expect(accuracy.verifiedPredictions).toBe(0);
    expect(accuracy.overallAccuracy).toBeNull();
    expect(accuracy.alwaysWillNotAccuracy).toBeNull();
    expect(accuracy.calls).toEqual({ made: calls.rows.length, settled: 0, cameTrue: 0, precision: null });
    const total = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM predictions');
    expect(accuracy.totalPredictions).toBe(total.rows[0]!.n);
  });
});

describe('verification after the horizon', () => {
  it('waits for the horizon to pass', async () => {
    expect(await verifyDue(pool(), (clock + 5 * HOUR) * 1000)).toBe(0);
  });

  it('verifies each prediction against the highest score by the end of its horizon, once', async () => {
    // 1001 reaches the target within its horizon; 1002 only after it; the others never.
    await observe(1001, START + 3 * HOUR, 450, 1);
    await observe(1002, START + 7 * HOUR, 400, 1);
    // The others left the front page (young stories below the target are predicted only while on it).
    await pool().query(`UPDATE stories SET top_rank = NULL WHERE hn_id = ANY($1::int[])`, [[1003, 1004, 1005]]);
    clock = START + 6 * HOUR + 600;
    const report = await runPredictions(pool(), clock * 1000, 'test');
    t.app.services.get('predictions').invalidate();
    const total = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM predictions');
    expect(report.predictionsVerified).toBe(total.rows[0]!.n);
    const rows = await pool().query<{ hn_id: number; probability: number; reached_target: boolean; accurate: boolean; score_at_horizon: number }>(
      `SELECT s.hn_id, p.probability, p.reached_target, p.accurate, p.score_at_horizon FROM predictions p JOIN stories s ON s.id = p.story_id`,
    );
    for (const row of rows.rows) {
      expect(row.reached_target, String(row.hn_id)).toBe(row.hn_id === 1001);
      expect(row.accurate).toBe(isPredictionAccurate(row.probability, row.reached_target));
    }
    expect(rows.rows.find((row) => row.hn_id === 1001)!.score_at_horizon).toBe(450);
    expect(rows.rows.find((row) => row.hn_id === 1002)!.score_at_horizon).toBe(120);
    await expect(pool().query(`UPDATE predictions SET verified_at = now(), score_at_horizon = 1, reached_target = false, accurate = true`)).rejects.toThrow(
      /already verified/,
    );
    expect(await verifyDue(pool(), clock * 1000)).toBe(0);
  });

  it('ends the stories’ current predictions with their horizon', async () => {
    const body = (await inject({ url: '/api/stories/predictions', headers: asReader() })).json();
    expect(body.totalCount).toBe(0);
    expect(body.stories).toEqual([]);
  });

  it('computes accuracy, trends, domains and outcomes from the ledger', async () => {
    const ledger = await pool().query<{ confidence: string; accurate: boolean; probability: number; domain: string }>(
      `SELECT p.confidence, p.accurate, p.probability, s.domain FROM predictions p JOIN stories s ON s.id = p.story_id`,
    );
    const accurate = ledger.rows.filter((row) => row.accurate).length;
    const percent = (a: number, n: number) => Math.round((a / n) * 1000) / 10;

    const accuracy = (await inject({ url: '/api/predictions/accuracy/public?hours=24' })).json();
    expect(accuracy.timeframe).toBe(24);
    expect(accuracy.totalPredictions).toBe(ledger.rows.length);
    expect(accuracy.verifiedPredictions).toBe(ledger.rows.length);
    expect(accuracy.overallAccuracy).toBe(percent(accurate, ledger.rows.length));
    // "Always will not" is right for every verified prediction that did not reach the target.
    const reached = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM predictions WHERE reached_target');
    expect(accuracy.alwaysWillNotAccuracy).toBe(percent(ledger.rows.length - reached.rows[0]!.n, ledger.rows.length));
    // By confidence: the settled calls (each story's first prediction at or above the cut), and how many came true.
    const calls = await pool().query<{ confidence: string; call_reached: boolean; reached_at: Date | null; called_at: Date }>(
      `SELECT DISTINCT ON (p.story_id) p.confidence, p.reached_target AS call_reached, c.reached_at, p.predicted_at AS called_at
         FROM predictions p JOIN prediction_calls c ON c.story_id = p.story_id
        WHERE p.probability >= $1 ORDER BY p.story_id, p.predicted_at, p.id`,
      [TREND_CALL_THRESHOLD],
    );
    for (const entry of accuracy.accuracyByConfidence) {
      const rows = calls.rows.filter((row) => row.confidence === entry.confidence);
      expect(entry.count).toBe(rows.length);
      expect(entry.accuracy).toBe(rows.length ? percent(rows.filter((row) => row.call_reached).length, rows.length) : null);
    }
    expect(accuracy.calls.settled).toBe(calls.rows.length);
    expect(accuracy.calls.cameTrue).toBe(calls.rows.filter((row) => row.call_reached).length);
    // Recall: 1001 is the one story seen at the target within a horizon.
    expect(accuracy.reached.stories).toBe(1);
    const call1001 = await pool().query<{ called_at: Date | null }>('SELECT called_at FROM prediction_calls WHERE story_id = $1', [await storyId(1001)]);
    const early = call1001.rows[0]!.called_at !== null && call1001.rows[0]!.called_at.getTime() < (START + 3 * HOUR) * 1000;
    expect(accuracy.reached.calledEarly).toBe(early ? 1 : 0);
    expect(accuracy.reached.medianLeadMinutes).toBe(early ? Math.round(((START + 3 * HOUR) * 1000 - call1001.rows[0]!.called_at!.getTime()) / 60_000) : null);
    expect(accuracy.reliability.reduce((sum: number, bin: { verified: number }) => sum + bin.verified, 0)).toBe(ledger.rows.length);
    // Seven days later, the window no longer holds them.
    clock += 8 * 24 * HOUR;
    const later = (await inject({ url: '/api/predictions/accuracy/public' })).json();
    expect(later.totalPredictions).toBe(0);
    expect(later.timeframe).toBe(168);

    const trends = (await inject({ url: '/api/predictions/trends', headers: asReader() })).json().trends;
    expect(trends).toHaveLength(1);
    expect(trends[0].date).toBe('2026-01-15');
    expect(trends[0].totalPredictions).toBe(ledger.rows.length);
    expect(trends[0].accuracyRate).toBe(percent(accurate, ledger.rows.length));
    // The average confidence is the mean Prediction Score of the day's calls.
    const called = await pool().query<{ probability: number }>('SELECT probability FROM prediction_calls WHERE called_at IS NOT NULL');
    expect(trends[0].callsMade).toBe(called.rows.length);
    const meanCall = called.rows.reduce((sum, row) => sum + row.probability, 0) / Math.max(1, called.rows.length);
    expect(trends[0].avgConfidenceScore).toBeCloseTo(meanCall * 100, 0);
    // The daily sums the trends read are the ledger added up by UTC day and confidence, recorded and verified alike.
    const byDay = await pool().query(
      `SELECT d.predictions, d.verified, d.accurate, l.predictions AS ledger_predictions, l.verified AS ledger_verified, l.accurate AS ledger_accurate
         FROM prediction_daily d
         FULL JOIN (SELECT to_timestamp(floor(extract(epoch FROM predicted_at) / 86400) * 86400) AS day, confidence, count(*)::int AS predictions,
                           count(verified_at)::int AS verified, count(*) FILTER (WHERE accurate)::int AS accurate
                      FROM predictions GROUP BY 1, 2) AS l ON l.day = d.day AND l.confidence = d.confidence`,
    );
    expect(byDay.rows.length).toBeGreaterThan(0);
    for (const row of byDay.rows) {
      expect([row.predictions, row.verified, row.accurate]).toEqual([row.ledger_predictions, row.ledger_verified, row.ledger_accurate]);
    }

    const domains = (await inject({ url: '/api/predictions/domains', headers: asReader() })).json().domains;
    // Most verified first; text posts (no domain) left out.
    const byDomain = new Map<string, typeof ledger.rows>();
    for (const row of ledger.rows) if (row.domain) byDomain.set(row.domain, [...(byDomain.get(row.domain) ?? []), row]);
    const expected = [...byDomain].sort(([a, x], [b, y]) => y.length - x.length || a.localeCompare(b));
    expect(domains.map((d: { domain: string }) => d.domain)).toEqual(expected.map(([domain]) => domain));
    for (const [i, [, rows]] of expected.entries()) {
      expect(domains[i].verifiedPredictions).toBe(rows.length);
      expect(domains[i].accuracyRate).toBe(percent(rows.filter((row) => row.accurate).length, rows.length));
    }

    const outcomes = (await inject({ url: '/api/predictions/outcomes', headers: asReader() })).json().outcomes;
    expect(outcomes).toHaveLength(calls.rows.length);
    for (const outcome of outcomes) {
      expect(outcome.outcome).not.toBe('pending');
      expect(outcome.hoursElapsed).toBeGreaterThan(6);
    }
    const first = outcomes.find((o: { prediction: { story: { hnId: number } } }) => o.prediction.story.hnId === 1001);
    if (early) {
      expect(first.outcome).toBe('accurate');
      expect(first.scoreGrowth).toBe(450 - first.prediction.scoreAtPrediction);
      expect(first.reachedAt).toBe(new Date((START + 3 * HOUR) * 1000).toISOString());
      expect(first.leadMinutes).toBe(accuracy.reached.medianLeadMinutes);
    } else {
      expect(first).toBeUndefined();
    }
  });
});

describe("the ledger's daily sums", () => {
  it('bucket a moment by the UTC day it falls in', async () => {
    const { rows } = await pool().query<{ before: Date; midnight: Date; after: Date }>(
      `SELECT prediction_day('2024-03-01T23:59:59Z') AS before, prediction_day('2024-03-02T00:00:00Z') AS midnight,
              prediction_day('2024-03-02T00:00:01Z') AS after`,
    );
    expect(rows[0]!.before.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(rows[0]!.midnight.toISOString()).toBe('2024-03-02T00:00:00.000Z');
    expect(rows[0]!.after.toISOString()).toBe('2024-03-02T00:00:00.000Z');
  });

  it('are read newest day first, from the day asked, every confidence together', async () => {
    // Days no other test writes.
    const days: [string, string, number, number, number, number][] = [
      ['2024-03-01T00:00:00Z', 'high', 3, 2, 1, 2.1],
      ['2024-03-02T00:00:00Z', 'high', 5, 3, 3, 4.0],
      ['2024-03-02T00:00:00Z', 'low', 3, 2, 1, 2.0],
      ['2024-03-03T00:00:00Z', 'medium', 1, 0, 0, 0.5],
    ];
    try {
      for (const day of days) {
        await pool().query('INSERT INTO prediction_daily (day, confidence, predictions, verified, accurate, confidence_sum) VALUES ($1, $2, $3, $4, $5, $6)', day);
      }
      const read = (await selectDailySums(pool(), new Date('2024-03-02T00:00:00Z'))).filter((day) => day.date.startsWith('2024-03'));
      expect(read).toEqual([
        { date: '2024-03-03', predictions: 1, verified: 0, accurate: 0, confidence_sum: 0.5 },
        { date: '2024-03-02', predictions: 8, verified: 5, accurate: 4, confidence_sum: 6.0 },
      ]);
    } finally {
      await pool().query(`DELETE FROM prediction_daily WHERE day >= '2024-03-01' AND day < '2024-03-04'`);
    }
  });

  it("give accuracy's whole days, and the hourly sums the hours before them, for a window starting at any hour", async () => {
    // Hours around two midnights, later than anything else in the database, so a window from them holds only these.
    const hours: [string, string, number, number, number][] = [
      ['2031-03-01T21:00:00Z', 'high', 2, 2, 1],
      ['2031-03-01T23:00:00Z', 'low', 1, 1, 0],
      ['2031-03-02T00:00:00Z', 'high', 4, 3, 3],
      ['2031-03-02T05:00:00Z', 'medium', 1, 1, 0],
      ['2031-03-02T23:00:00Z', 'low', 3, 1, 1],
      ['2031-03-03T02:00:00Z', 'high', 6, 0, 0],
    ];
    try {
      for (const [hour, confidence, predictions, verified, accurate] of hours) {
        await pool().query(
          'INSERT INTO prediction_hourly (hour, confidence, predictions, verified, accurate, confidence_sum) VALUES ($1, $2, $3, $4, $5, 0)',
          [hour, confidence, predictions, verified, accurate],
        );
      }
      // The daily sums as the ledger's triggers keep them: the same hours added up by day.
      await pool().query(
        `INSERT INTO prediction_daily (day, confidence, predictions, verified, accurate, confidence_sum)
         SELECT prediction_day(hour), confidence, sum(predictions), sum(verified), sum(accurate), 0
           FROM prediction_hourly WHERE hour >= '2031-03-01' GROUP BY 1, 2`,
      );
      for (const since of ['2031-03-01T21:00:00Z', '2031-03-01T22:00:00Z', '2031-03-02T00:00:00Z', '2031-03-02T01:00:00Z', '2031-03-02T23:00:00Z', '2031-03-03T03:00:00Z']) {
        const expected = await pool().query<{ confidence: string; predictions: number; verified: number; accurate: number; reached: number }>(
          `SELECT confidence, sum(predictions)::int AS predictions, sum(verified)::int AS verified, sum(accurate)::int AS accurate,
                  sum(reached)::int AS reached
             FROM prediction_hourly WHERE hour >= $1 GROUP BY confidence`,
          [since],
        );
        const { sums } = await selectAccuracy(pool(), new Date(since));
        const byConfidence = (rows: { confidence: string }[]) => [...rows].sort((a, b) => a.confidence.localeCompare(b.confidence));
        expect(byConfidence(sums), since).toEqual(byConfidence(expected.rows));
      }
    } finally {
      await pool().query(`DELETE FROM prediction_hourly WHERE hour >= '2031-03-01'`);
      await pool().query(`DELETE FROM prediction_daily WHERE day >= '2031-03-01'`);
    }
  });
});

describe('predictions recorded already verified (a backfill)', () => {
  it('count in the sums at once, and must carry their whole verification', async () => {
    const before = (await inject({ url: '/api/predictions/accuracy/public' })).json();
    const id = await storyId(1003);
    await expect(
      pool().query(
        `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version, backfilled, verified_at)
         VALUES ($1, to_timestamp($2), $3, 'none', 5, 1, 'test', true, to_timestamp($2))`,
        [id, clock - 7 * HOUR, TREND_CALL_THRESHOLD / 2],
      ),
    ).rejects.toThrow(/predictions_verification_whole/);
    await pool().query(
      `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version, backfilled,
                                verified_at, score_at_horizon, reached_target, accurate)
       VALUES ($1, to_timestamp($2), $3, 'none', 5, 1, 'test', true, to_timestamp($2 + 6 * 3600), 20, false, true)`,
      [id, clock - 7 * HOUR, TREND_CALL_THRESHOLD / 2],
    );
    t.app.services.get('predictions').invalidate();
    const after = (await inject({ url: '/api/predictions/accuracy/public' })).json();
    expect(after.totalPredictions).toBe(before.totalPredictions + 1);
    expect(after.verifiedPredictions).toBe(before.verifiedPredictions + 1);
    // It did not reach the target: "always will not" was right about it too.
    const share = (body: typeof after) => (body.alwaysWillNotAccuracy / 100) * body.verifiedPredictions;
    expect(share(after)).toBeCloseTo(share(before) + 1, 0);
  });
});

describe('POST /api/predictions/update', () => {
  it('re-scores now, and joins a run that started moments ago', async () => {
    const first = await inject({ method: 'POST', url: '/api/predictions/update', headers: asReader() });
    expect(first.statusCode).toBe(200);
    expect(first.json().updated).toBe(true);
    expect(first.json().run.finishedAt).not.toBeNull();
    const second = await inject({ method: 'POST', url: '/api/predictions/update', headers: asReader() });
    expect(second.statusCode).toBe(200);
    expect(second.json().updated).toBe(false);
    expect(second.json().run.id).toBe(first.json().run.id);
  });
});
