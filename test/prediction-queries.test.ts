import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_BUCKET_MINUTES, ledgerConfidence, NOT_CALLED, predictionConfidence, TREND_CALL_THRESHOLD } from '#common/rules/predictions.ts';
import { type CallFigures, selectAccuracy, selectCallFigures, selectDailyCalls, selectOutcomes, selectPredictionPage } from '../server/modules/predictions/queries.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { seedStories } from './support/seed.ts';

const START = 1_767_225_600; // 2026-01-01
const HOUR = 3600;
const CUT = TREND_CALL_THRESHOLD;
/** Probabilities either side of the cut, whatever its value. */
const CALLED = Math.min(1, CUT + (1 - CUT) / 2);
const HIGHER = Math.min(1, CUT + ((1 - CUT) * 3) / 4);
const NOT_CALLED_P = CUT / 2;

let t: TestDatabase;
const pool = () => t.database.pool;
beforeAll(async () => {
  t = await createTestDatabase();
}, 120_000);
afterAll(async () => t?.close());

let nextHnId = 1;
async function newStory(): Promise<number> {
  const hnId = nextHnId++;
  await seedStories(pool(), [{ hnId, time: START }]);
  const result = await pool().query<{ id: number }>('SELECT id FROM stories WHERE hn_id = $1', [hnId]);
  return result.rows[0]!.id;
}

interface Prediction {
  story: number;
  /** Hours after START. */
  at: number;
  probability: number;
  score?: number;
  /** Verified: whether it reached the target, and when (hours after START) it was first seen there. */
  verified?: { reached: boolean; reachedAt?: number };
  backfilled?: boolean;
}

/** Records predictions as the product does: the confidence of a call, or 'none'; verified at once when given. */
async function record(...predictions: Prediction[]): Promise<number[]> {
  const result = await pool().query<{ id: string }>(
    `INSERT INTO predictions (story_id, predicted_at, probability, confidence, score_at_prediction, comments_at_prediction, model_version,
                              backfilled, verified_at, score_at_horizon, reached_target, accurate, reached_at)
     SELECT r.story, to_timestamp($7 + r.at * 3600), r.p, r.confidence, r.score, 0, 'test', r.backfilled,
            CASE WHEN r.reached IS NOT NULL THEN to_timestamp($7 + (r.at + 6) * 3600) END,
            CASE WHEN r.reached IS NOT NULL THEN CASE WHEN r.reached THEN 300 ELSE 10 END END,
            r.reached, CASE WHEN r.reached IS NOT NULL THEN (r.p >= $8) = r.reached END,
            CASE WHEN r.reached THEN to_timestamp($7 + r.reached_at * 3600) END
       FROM unnest($1::int[], $2::float8[], $3::float8[], $4::text[], $5::int[], $6::bool[], $9::bool[], $10::float8[])
            AS r(story, at, p, confidence, score, reached, backfilled, reached_at)
      ORDER BY r.at
     RETURNING id`,
    [
      predictions.map((p) => p.story),
      predictions.map((p) => p.at),
      predictions.map((p) => p.probability),
      predictions.map((p) => ledgerConfidence(p.probability)),
      predictions.map((p) => p.score ?? 10),
      predictions.map((p) => p.verified?.reached ?? null),
      START,
      CUT,
      predictions.map((p) => p.backfilled ?? false),
      predictions.map((p) => p.verified?.reachedAt ?? null),
    ],
  );
  return result.rows.map((row) => Number(row.id));
}

/** Verifies a recorded prediction as verifyDue does. */
async function verify(id: number, reached: boolean, reachedAt?: number): Promise<void> {
  await pool().query(
    `UPDATE predictions SET verified_at = predicted_at + interval '6 hours', score_at_horizon = CASE WHEN $2 THEN 300 ELSE 10 END,
            reached_target = $2, accurate = (probability >= $3) = $2, reached_at = CASE WHEN $2 THEN to_timestamp($4) END
      WHERE id = $1`,
    [id, reached, CUT, reachedAt === undefined ? null : START + reachedAt * HOUR],
  );
}

async function callOf(story: number) {
  const result = await pool().query<{ prediction_id: string | null; called_at: Date | null; probability: number | null; confidence: string | null; score_at_call: number | null; settled_at: Date | null; call_reached: boolean | null; reached_at: Date | null }>(
    'SELECT * FROM prediction_calls WHERE story_id = $1',
    [story],
  );
  return result.rows[0] ?? null;
}

const hoursAfterStart = (date: Date | null) => (date === null ? null : (date.getTime() / 1000 - START) / HOUR);

describe('the first call of each story, kept by the ledger', () => {
  it('is the first prediction at or above the cut, with its time, probability, confidence and score then', async () => {
    const story = await newStory();
    await record({ story, at: 0, probability: NOT_CALLED_P, score: 20 });
    expect(await callOf(story)).toBeNull();
    const [first] = await record({ story, at: 1, probability: CALLED, score: 60 });
    await record({ story, at: 2, probability: HIGHER, score: 90 }, { story, at: 3, probability: NOT_CALLED_P, score: 100 });
    const call = await callOf(story);
    expect(Number(call!.prediction_id)).toBe(first);
    expect(hoursAfterStart(call!.called_at)).toBe(1);
    expect(call!.probability).toBe(CALLED);
    expect(call!.confidence).toBe(predictionConfidence(CALLED));
    expect(call!.score_at_call).toBe(60);
    expect(call!.settled_at).toBeNull();
  });

  it('is settled by the verification of the calling prediction only, and learns when the story was first seen at the target', async () => {
    const story = await newStory();
    const [before, calling, after] = await record(
      { story, at: 0, probability: NOT_CALLED_P },
      { story, at: 1, probability: CALLED },
      { story, at: 2, probability: HIGHER },
    );
    await verify(before!, false);
    expect((await callOf(story))!.settled_at).toBeNull();
    await verify(after!, true, 4.5);
    let call = await callOf(story);
    expect(call!.settled_at).toBeNull();
    expect(hoursAfterStart(call!.reached_at)).toBe(4.5);
    await verify(calling!, true, 4);
    call = await callOf(story);
    expect(call!.call_reached).toBe(true);
    expect(hoursAfterStart(call!.settled_at)).toBe(7);
    // A verification that saw it sooner moves the first sighting earlier, never later.
    expect(hoursAfterStart(call!.reached_at)).toBe(4);
  });

  it('is written once: the call, its settlement and the first sighting at the target cannot be changed or deleted', async () => {
    const story = await newStory();
    const [calling] = await record({ story, at: 0, probability: CALLED });
    await verify(calling!, true, 2);
    await expect(pool().query(`UPDATE prediction_calls SET called_at = called_at + interval '1 hour' WHERE story_id = $1`, [story])).rejects.toThrow(/already recorded/);
    await expect(pool().query(`UPDATE prediction_calls SET call_reached = false WHERE story_id = $1`, [story])).rejects.toThrow(/already settled/);
    await expect(pool().query(`UPDATE prediction_calls SET reached_at = reached_at + interval '1 hour' WHERE story_id = $1`, [story])).rejects.toThrow(/earlier/);
    await expect(pool().query(`DELETE FROM prediction_calls WHERE story_id = $1`, [story])).rejects.toThrow(/cannot be deleted/);
  });

  it('holds a story seen at the target without a call too (recall counts it), and a later call is still its first', async () => {
    const story = await newStory();
    const [watched] = await record({ story, at: 0, probability: NOT_CALLED_P });
    await verify(watched!, true, 3);
    let call = await callOf(story);
    expect(call!.called_at).toBeNull();
    expect(hoursAfterStart(call!.reached_at)).toBe(3);
    await record({ story, at: 4, probability: CALLED });
    call = await callOf(story);
    expect(hoursAfterStart(call!.called_at)).toBe(4);
  });

  it('is settled at once for predictions recorded already verified (a backfill), in one statement', async () => {
    const story = await newStory();
    await record(
      { story, at: 0, probability: NOT_CALLED_P, verified: { reached: true, reachedAt: 5 }, backfilled: true },
      { story, at: 1, probability: CALLED, score: 70, verified: { reached: true, reachedAt: 5 }, backfilled: true },
      { story, at: 2, probability: HIGHER, verified: { reached: true, reachedAt: 5 }, backfilled: true },
    );
    const call = await callOf(story);
    expect(hoursAfterStart(call!.called_at)).toBe(1);
    expect(call!.score_at_call).toBe(70);
    expect(call!.call_reached).toBe(true);
    expect(hoursAfterStart(call!.reached_at)).toBe(5);
  });

  it('records the ledger’s not-called predictions as such', async () => {
    const result = await pool().query<{ confidence: string; probability: number }>('SELECT confidence, probability FROM predictions');
    for (const row of result.rows) expect(row.confidence === NOT_CALLED).toBe(row.probability < CUT);
  });
});

describe('the sums count the predictions that reached the target (the "always will not" baseline)', () => {
  it('whether recorded already verified or verified later', async () => {
    const since = new Date((START - HOUR) * 1000);
    const sums = async () => (await selectAccuracy(pool(), since)).sums.reduce((sum, row) => ({ verified: sum.verified + row.verified, reached: sum.reached + row.reached }), { verified: 0, reached: 0 });
    const ledger = async () => {
      const result = await pool().query<{ verified: number; reached: number }>(
        'SELECT count(verified_at)::int AS verified, count(*) FILTER (WHERE reached_target)::int AS reached FROM predictions',
      );
      return result.rows[0]!;
    };
    expect(await sums()).toEqual(await ledger());
    const story = await newStory();
    const [pending] = await record({ story, at: 0, probability: NOT_CALLED_P }, { story, at: 1, probability: CALLED, verified: { reached: true, reachedAt: 2 } });
    await verify(pending!, true, 2);
    expect(await sums()).toEqual(await ledger());
  });
});

describe('selectCallFigures', () => {
  it('gives the precision of the settled calls, the recall of the stories seen at the target, and the median lead', async () => {
    // A window of its own, far after the other tests' predictions.
    const base = 1000;
    const since = new Date((START + base * HOUR) * 1000);
    const stories = await Promise.all(Array.from({ length: 6 }, () => newStory()));
    const [early1, early2, early3, late, missed, wrong] = stories as [number, number, number, number, number, number];
    // Three calls that came true, reached 1 h, 2 h and 4 h after the call.
    for (const [story, lead] of [[early1, 1], [early2, 2], [early3, 4]] as const) {
      await record({ story, at: base, probability: HIGHER, verified: { reached: true, reachedAt: base + lead } });
    }
    // Called only after it was first seen at the target: not early.
    await record({ story: late, at: base, probability: NOT_CALLED_P, verified: { reached: true, reachedAt: base + 1 } });
    await record({ story: late, at: base + 2, probability: CALLED });
    // Never called, reached the target.
    await record({ story: missed, at: base, probability: NOT_CALLED_P, verified: { reached: true, reachedAt: base + 3 } });
    // Called, did not come true.
    await record({ story: wrong, at: base, probability: CALLED, verified: { reached: false } });

    const figures = await selectCallFigures(pool(), since);
    expect(figures.made).toBe(5);
    const settled = figures.byConfidence.reduce((sum, row) => sum + row.settled, 0);
    const cameTrue = figures.byConfidence.reduce((sum, row) => sum + row.came_true, 0);
    expect([settled, cameTrue]).toEqual([4, 3]);
    const high = figures.byConfidence.find((row) => row.confidence === predictionConfidence(HIGHER));
    expect(high?.came_true).toBe(3);
    expect(figures.reached).toBe(5);
    expect(figures.called_early).toBe(3);
    expect(figures.median_lead_minutes).toBeCloseTo(120, 6);
    // A window starting later holds none of them.
    const later = await selectCallFigures(pool(), new Date((START + (base + 10) * HOUR) * 1000));
    expect([later.made, later.reached, later.median_lead_minutes]).toEqual([0, 0, null]);
  });
});

/** The call figures computed from prediction_calls' rows themselves, as the definitions say (docs/predictions.md). */
async function figuresFromRows(since: Date): Promise<CallFigures> {
  const result = await pool().query<{ made: number; by_confidence: CallFigures['byConfidence'] | null; reached: number; called_early: number; median_lead_minutes: number | null }>(
    `SELECT (SELECT count(*)::int FROM prediction_calls WHERE called_at >= $1) AS made,
            (SELECT json_agg(b ORDER BY b.confidence)
               FROM (SELECT confidence, count(*)::int AS settled, count(*) FILTER (WHERE call_reached)::int AS came_true
                       FROM prediction_calls WHERE called_at >= $1 AND settled_at IS NOT NULL GROUP BY confidence) AS b) AS by_confidence,
            (SELECT count(*)::int FROM prediction_calls WHERE reached_at >= $1) AS reached,
            (SELECT count(*)::int FROM prediction_calls WHERE reached_at >= $1 AND called_at < reached_at) AS called_early,
            (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM reached_at - called_at) / 60)::float8
               FROM prediction_calls WHERE reached_at >= $1 AND called_at < reached_at) AS median_lead_minutes`,
    [since],
  );
  const row = result.rows[0]!;
  return { ...row, by_confidence: undefined, byConfidence: row.by_confidence ?? [] } as unknown as CallFigures;
}

/** The figures from the sums match those from the rows: exactly, and the median lead within one lead bucket. */
async function expectSumsMatchRows(since: Date): Promise<CallFigures> {
  const sums = await selectCallFigures(pool(), since);
  const rows = await figuresFromRows(since);
  expect([sums.made, sums.reached, sums.called_early]).toEqual([rows.made, rows.reached, rows.called_early]);
  expect([...sums.byConfidence].sort((a, b) => a.confidence.localeCompare(b.confidence))).toEqual(rows.byConfidence);
  if (rows.median_lead_minutes === null) expect(sums.median_lead_minutes).toBeNull();
  else expect(Math.abs(sums.median_lead_minutes! - rows.median_lead_minutes)).toBeLessThan(LEAD_BUCKET_MINUTES);
  return sums;
}

describe('selectOutcomes', () => {
  it('answers the latest settled calls, newest first, filled up with the newest pending calls', async () => {
    const base = 2000;
    const settledStories = await Promise.all(Array.from({ length: 3 }, () => newStory()));
    for (const [i, story] of settledStories.entries()) {
      const [id] = await record({ story, at: base + i, probability: CALLED });
      await verify(id!, i === 0, base + i + 1);
    }
    const pendingStory = await newStory();
    await record({ story: pendingStory, at: base + 10, probability: CALLED });
    const { settled, pending } = await selectOutcomes(pool(), 1000);
    const settledTimes = settled.map((row) => row.settled_at!.getTime());
    expect(settledTimes).toEqual([...settledTimes].sort((a, b) => b - a));
    expect(settled.slice(0, 3).map((row) => row.story_id)).toEqual([...settledStories].reverse());
    expect(settled.every((row) => row.called_at !== null)).toBe(true);
    expect(pending[0]!.story_id).toBe(pendingStory);
    expect(pending.every((row) => row.settled_at === null)).toBe(true);

    const few = await selectOutcomes(pool(), 2);
    expect(few.settled.map((row) => row.story_id)).toEqual([settledStories[2], settledStories[1]]);
    expect(few.pending).toEqual([]);
  });
});

describe('selectPredictionPage', () => {
  it('lists the current calls, highest first, or apart from them the stories not expected to trend, with counts and first calls', async () => {
    const nowMs = (START + 5000 * HOUR) * 1000;
    const at = new Date(nowMs - HOUR * 1000);
    const empty = await selectPredictionPage(pool(), { page: 1, limit: 25, view: 'calls' }, nowMs, CUT);
    expect(empty).toEqual({ rows: [], calls: 0, notExpected: 0, high: 0, medium: 0, low: 0 });

    const probabilities = Array.from({ length: 30 }, (_, i) => ((i * 37) % 100) / 100);
    const stories: number[] = [];
    for (const probability of probabilities) {
      const story = await newStory();
      stories.push(story);
      await pool().query(`UPDATE stories SET prediction_probability = $2, prediction_confidence = $3, predicted_at = $4 WHERE id = $1`, [
        story,
        probability,
        predictionConfidence(probability),
        at,
      ]);
      if (probability >= CUT) await record({ story, at: 4999, probability, score: 42 });
    }
    const calls = probabilities.filter((p) => p >= CUT);
    const counts = { high: 0, medium: 0, low: 0 };
    for (const p of calls) counts[predictionConfidence(p)!]++;
    const order = (keep: (p: number) => boolean) =>
      probabilities
        .map((p, i) => ({ p, id: stories[i]! }))
        .filter(({ p }) => keep(p))
        .sort((a, b) => b.p - a.p || b.id - a.id)
        .map(({ id }) => id);

    const page = await selectPredictionPage(pool(), { page: 1, limit: 100, view: 'calls' }, nowMs, CUT);
    expect(page.rows.map((row) => row.id)).toEqual(order((p) => p >= CUT));
    expect({ calls: page.calls, notExpected: page.notExpected, high: page.high, medium: page.medium, low: page.low }).toEqual({
      calls: calls.length,
      notExpected: probabilities.length - calls.length,
      ...counts,
    });
    for (const row of page.rows) {
      expect(row.score_at_call).toBe(42);
      expect(row.called_at!.getTime()).toBe((START + 4999 * HOUR) * 1000);
    }
    const watched = await selectPredictionPage(pool(), { page: 1, limit: 100, view: 'not-expected' }, nowMs, CUT);
    expect(watched.rows.map((row) => row.id)).toEqual(order((p) => p < CUT));
    expect(watched.rows.every((row) => row.called_at === null)).toBe(true);
    // Paged: the counts on every page, past the last too.
    const second = await selectPredictionPage(pool(), { page: 2, limit: 2, view: 'not-expected' }, nowMs, CUT);
    expect(second.rows.map((row) => row.id)).toEqual(order((p) => p < CUT).slice(2, 4));
    const past = await selectPredictionPage(pool(), { page: 100, limit: 25, view: 'calls' }, nowMs, CUT);
    expect(past.rows).toEqual([]);
    expect(past.calls).toBe(calls.length);
  });
});

describe('the call figures come from sums kept by prediction_calls’ triggers', () => {
  it('equal the figures from the rows, however the rows entered or changed, for windows of hours and of days', async () => {
    // 10 hours into a UTC day (START is midnight), so a long window reads both hourly and daily sums; after the other
    // tests' ledgers, so theirs stay the latest in their windows.
    const base = 6010;
    const story = () => newStory();
    // Before the window's start: a call made an hour before it, seen at the target inside it (recall counts it, made does not).
    const before = await story();
    await record({ story: before, at: base - 1, probability: HIGHER, verified: { reached: true, reachedAt: base + 0.5 } });
    // Live calls, settled later: one came true 95 minutes after the call, one did not.
    const [liveTrue, liveFalse] = [await story(), await story()];
    const [trueId] = await record({ story: liveTrue, at: base + 1, probability: CALLED });
    const [falseId] = await record({ story: liveFalse, at: base + 1.5, probability: HIGHER });
    await verify(trueId!, true, base + 1 + 95 / 60);
    await verify(falseId!, false);
    // Backfilled: recorded already verified, in one statement, across the day boundary (hour base + 14).
    const backfilled = await Promise.all(Array.from({ length: 5 }, () => story()));
    await record(
      ...backfilled.flatMap((s, i) => [
        { story: s, at: base + 12 + i, probability: NOT_CALLED_P, verified: { reached: i % 2 === 0, reachedAt: base + 15 + i }, backfilled: true },
        { story: s, at: base + 12.2 + i, probability: i === 4 ? HIGHER : CALLED, verified: { reached: i % 2 === 0, reachedAt: base + 15 + i }, backfilled: true },
      ]),
    );
    // Seen at the target without a call, then called later: in recall's denominator, never early.
    const missed = await story();
    await record({ story: missed, at: base + 20, probability: NOT_CALLED_P, verified: { reached: true, reachedAt: base + 21 } });
    await record({ story: missed, at: base + 22, probability: CALLED });
    // Seen at the target earlier by a prediction verified later: its hour and lead move.
    const moved = await story();
    const [first, second] = await record({ story: moved, at: base + 30, probability: CALLED }, { story: moved, at: base + 31, probability: NOT_CALLED_P });
    await verify(first!, true, base + 36);
    const atFirst = await expectSumsMatchRows(new Date((START + (base + 36) * HOUR) * 1000));
    expect(atFirst.reached).toBe(1);
    await verify(second!, true, base + 33.25);
    expect((await expectSumsMatchRows(new Date((START + (base + 36) * HOUR) * 1000))).reached).toBe(0);

    for (const hours of [-2, -1, 0, 1, 2, 13, 14, 15, 20, 30, 33, 40]) {
      await expectSumsMatchRows(new Date((START + (base + hours) * HOUR) * 1000));
    }
    // The whole ledger, other tests' calls included, and the window at base: its figures, by hand.
    await expectSumsMatchRows(new Date((START - HOUR) * 1000));
    const window = await expectSumsMatchRows(new Date((START + base * HOUR) * 1000));
    expect(window.made).toBe(2 + 5 + 1 + 1);
    // Seen at the target in the window: before, liveTrue, the three backfilled that came true, missed, moved.
    expect([window.reached, window.called_early]).toEqual([7, 6]);
    const settled = window.byConfidence.reduce((sum, row) => sum + row.settled, 0);
    const cameTrue = window.byConfidence.reduce((sum, row) => sum + row.came_true, 0);
    expect([settled, cameTrue]).toEqual([2 + 5 + 1, 1 + 3 + 1]);
    // Leads: 90 min (before), 95 (liveTrue), 168 min (three backfilled: 2 h 48 min), 195 (moved: 3 h 15 min); median 168.
    expect(window.median_lead_minutes).toBeCloseTo(168, 6);
    // A window after everything holds nothing.
    const after = await expectSumsMatchRows(new Date((START + (base + 50) * HOUR) * 1000));
    expect([after.made, after.reached, after.median_lead_minutes]).toEqual([0, 0, null]);
  });

  it('give the trends their calls by UTC day, with the sum of the calls’ probabilities', async () => {
    const since = new Date(START * 1000);
    const days = await selectDailyCalls(pool(), since);
    const rows = await pool().query<{ date: string; calls: number; probability_sum: number }>(
      `SELECT to_char(prediction_day(called_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, count(*)::int AS calls, sum(probability)::float8 AS probability_sum
         FROM prediction_calls WHERE called_at >= $1 GROUP BY 1 ORDER BY 1`,
      [since],
    );
    const sorted = [...days].filter((day) => day.calls > 0).sort((a, b) => a.date.localeCompare(b.date));
    expect(sorted.map((day) => [day.date, day.calls])).toEqual(rows.rows.map((day) => [day.date, day.calls]));
    for (const [i, day] of sorted.entries()) expect(day.probability_sum).toBeCloseTo(rows.rows[i]!.probability_sum, 9);
    expect(rows.rows.length).toBeGreaterThan(0);
  });
});
