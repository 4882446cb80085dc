import { describe, expect, it } from 'vitest';
import type { ModelFile } from './model.ts';
import { isUndecided } from '#common/rules/predictions.ts';
import { testRecording } from './test-recording.ts';
import { DEFAULT_TRAIN_OPTIONS, evaluateModel, trainModel } from './training.ts';

const START = Date.UTC(2021, 0, 1) / 1000;
const { stories, rows } = testRecording(START, 31 + 28 + 31, 3);
const options = { ...DEFAULT_TRAIN_OPTIONS, calibrationMonths: 1, testMonths: 1, now: new Date('2026-01-02T03:04:05Z') };
const { model } = trainModel(stories, rows, options);
const evaluation = evaluateModel(model, stories, rows, model.trendCall.cut);

describe('trainModel', () => {
  it('trains on the earliest months, calibrates on the next and tests on the last', () => {
    expect(model.split).toEqual({ trainUntil: '2021-01', calibrationFrom: '2021-02', testFrom: '2021-03' });
  });

  it('records the training date, the data range and the target', () => {
    expect(model.trainedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(model.version).toBe('logistic-v2-2026-01-02');
    expect(model.data).toMatchObject({ from: '2021-01-01T00:00:00.000Z', stories: stories.length, observations: rows.length });
    expect(model.target).toEqual({ points: 300, horizonHours: 6 });
  });

  it('learns the generated stories’ hidden quality, calibrated, on months it never saw', () => {
    const test = model.validation['test: peak, first sighting']!;
    expect(test.stories).toBeGreaterThan(1000);
    expect(test.rocAuc).toBeGreaterThan(0.95);
    expect(test.ece).toBeLessThan(0.05);
    expect(model.validation['test: within 6 h, every undecided sighting']!.rocAuc).toBeGreaterThan(0.9);
  });

  it('chooses the "will trend" cut on the calibration months, keeping the recall and lead it was asked for there', () => {
    const { cut, chosenOn, targets, figures } = model.trendCall;
    expect(chosenOn).toBe('calibration');
    expect(cut).toBeGreaterThan(0);
    expect(cut).toBeLessThan(1);
    expect(figures.calibration!.recall).toBeGreaterThanOrEqual(targets.minRecall);
    expect(figures.calibration!.medianLeadHours).toBeGreaterThanOrEqual(targets.minLeadHours);
    expect(figures.test!.stories).toBeGreaterThan(1000);
  });

  it('writes a model that predicts the same after a round trip through JSON', () => {
    const file = JSON.parse(JSON.stringify(model)) as ModelFile;
    const again = evaluateModel(file, stories, rows, model.trendCall.cut);
    expect(again.predictions).toEqual(evaluation.predictions);
    expect(again.productRows).toEqual(evaluation.productRows);
  });
});

describe('evaluateModel', () => {
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

  it('predicts as the product does at every front-page sighting of an undecided story, in time order', () => {
    const undecided = Array.from({ length: rows.length }, (_, row) => row).filter((row) => {
      const story = stories[rows.story[row]!]!;
      return isUndecided(rows.score[row]!, (rows.time[row]! - story.createdBefore) / 3600);
    });
    expect(evaluation.productRows.length).toBe(undecided.length);
    expect(evaluation.productRows.map((row) => [row.id, row.at])).toEqual(
      undecided.map((row) => [stories[rows.story[row]!]!.id, rows.time[row]!]),
    );
  });

  it('measures the calls at the product’s cut, the same as the training did on the test months', () => {
    expect(evaluation.calls[`test months: model at the product's cut (${model.trendCall.cut})`]).toEqual(model.trendCall.figures.test);
    expect(Object.keys(evaluation.calls)).toEqual(expect.arrayContaining(['test months: call at 200 points', 'all months (training months included): call at 200 points']));
  });

  it('is confident both ways where the generated outcome is plain to see', () => {
    const probabilities = evaluation.predictions.map((row) => row.probability);
    expect(Math.max(...probabilities)).toBeGreaterThan(0.9);
    expect(Math.min(...probabilities)).toBeLessThan(0.1);
  });
});
