import { describe, expect, it } from 'vitest';
import type { ModelFile } from './model.ts';
import { testRecording } from './test-recording.ts';
import { DEFAULT_TRAIN_OPTIONS, evaluateModel, trainModel } from './training.ts';

const START = Date.UTC(2021, 0, 1) / 1000;
const { stories, rows } = testRecording(START, 31 + 28 + 31, 3);
const options = { ...DEFAULT_TRAIN_OPTIONS, calibrationMonths: 1, testMonths: 1, everyHours: 2, now: new Date('2026-01-02T03:04:05Z') };
const { model } = trainModel(stories, rows, options);

describe('trainModel', () => {
  it('trains on the earliest months, calibrates on the next and tests on the last', () => {
    expect(model.split).toEqual({ trainUntil: '2021-01', calibrationFrom: '2021-02', testFrom: '2021-03' });
  });

  it('records the training date, the data range and the target', () => {
    expect(model.trainedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(model.version).toBe('logistic-v1-2026-01-02');
    expect(model.data).toMatchObject({ from: '2021-01-01T00:00:00.000Z', stories: stories.length, observations: rows.length });
    expect(model.target).toEqual({ points: 300, horizonHours: 6 });
  });

  it('learns the generated stories’ hidden quality, calibrated, on months it never saw', () => {
    const test = model.validation['test: peak, first sighting']!;
    expect(test.stories).toBeGreaterThan(1000);
    expect(test.rocAuc).toBeGreaterThan(0.95);
    expect(test.ece).toBeLessThan(0.05);
    expect(model.validation['test: within 6 h, every undecided moment']!.rocAuc).toBeGreaterThan(0.9);
  });

  it('writes a model that predicts the same after a round trip through JSON', () => {
    const file = JSON.parse(JSON.stringify(model)) as ModelFile;
    expect(evaluateModel(file, stories, rows).predictions).toEqual(evaluateModel(model, stories, rows).predictions);
  });
});

describe('evaluateModel', () => {
  const evaluation = evaluateModel(model, stories, rows);

  it('predicts every story once, in id order, with a probability', () => {
    expect(evaluation.predictions).toHaveLength(stories.length);
    const ids = evaluation.predictions.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const row of evaluation.predictions) expect(row.probability).toBeGreaterThanOrEqual(0);
    for (const row of evaluation.predictions) expect(row.probability).toBeLessThanOrEqual(1);
  });

  it('prints the model’s figures beside both baselines on the test months', () => {
    expect(Object.keys(evaluation.figures)).toEqual(
      expect.arrayContaining([
        'test months: model',
        'test months: baseline scoreAtFirstSighting',
        'test months: baseline scoreOverRank',
        'all months (training months included): model',
      ]),
    );
    // Same stories, same figures as the training's validation of the test months.
    expect(evaluation.figures['test months: model']).toEqual(model.validation['test: peak, first sighting']);
  });

  it('is confident both ways where the generated outcome is plain to see', () => {
    const probabilities = evaluation.predictions.map((row) => row.probability);
    expect(Math.max(...probabilities)).toBeGreaterThan(0.9);
    expect(Math.min(...probabilities)).toBeLessThan(0.1);
  });
});
