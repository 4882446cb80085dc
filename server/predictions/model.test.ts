import { describe, expect, it } from 'vitest';
import { PREDICTION_HORIZON_HOURS, PREDICTION_TARGET_POINTS, TREND_CALL_THRESHOLD } from '#common/rules/predictions.ts';
import { PRODUCT_FEATURES } from './training.ts';
import { FEATURE_NAMES, extractFeatures, OutcomeHistory, type PredictionStory } from './features.ts';
import { COMMITTED_MODEL, predict } from './model.ts';

const T0 = Date.UTC(2022, 2, 1, 15, 0, 0) / 1000;
const PAGE = { newestId: 30_000_480, idsPerHour: 480, medianScore: 60 };

/** A story first seen at T0, submitted `minutes` before (by id), with `score` points at `rank`. */
function firstSighting(score: number, rank: number, minutes: number): number {
  const story: PredictionStory = {
    id: PAGE.newestId - (480 * minutes) / 60,
    title: 'A new database engine',
    domain: 'example.com',
    by: 'someone',
    createdBefore: T0,
    sightings: [{ at: T0, rank, score, comments: Math.floor(score / 4) }],
  };
  return predict(extractFeatures(story, T0, new OutcomeHistory(), PAGE), COMMITTED_MODEL.heads.peak);
}

describe('the committed model', () => {
  it('was trained on the features the code computes and for the target the rules state', () => {
    const { horizon, peak } = COMMITTED_MODEL.heads;
    expect(horizon.features).toEqual(PRODUCT_FEATURES);
    expect(peak.features).toEqual([...FEATURE_NAMES]);
    for (const head of [horizon, peak]) {
      expect(head.weights).toHaveLength(head.features.length);
      expect(head.means).toHaveLength(head.features.length);
      expect(head.scales).toHaveLength(head.features.length);
    }
    expect(COMMITTED_MODEL.target).toEqual({ points: PREDICTION_TARGET_POINTS, horizonHours: PREDICTION_HORIZON_HOURS });
  });

  it('calls "will trend" at the cut it was trained with', () => {
    expect(TREND_CALL_THRESHOLD).toBe(COMMITTED_MODEL.trendCall.cut);
    expect(COMMITTED_MODEL.trendCall.chosenOn).toBe('calibration');
  });

  it('records its validation on months after its training months', () => {
    expect(COMMITTED_MODEL.split.trainUntil < COMMITTED_MODEL.split.calibrationFrom).toBe(true);
    expect(COMMITTED_MODEL.split.calibrationFrom < COMMITTED_MODEL.split.testFrom).toBe(true);
    expect(COMMITTED_MODEL.validation['test: peak, first sighting']!.stories).toBeGreaterThan(0);
  });

  it('predicts the product’s target (300 points within 6 hours) unless told otherwise', () => {
    const story: PredictionStory = {
      id: PAGE.newestId - 240,
      title: 'A new database engine',
      domain: 'example.com',
      by: 'someone',
      createdBefore: T0 - 1800,
      sightings: [{ at: T0, rank: 4, score: 60, comments: 12 }],
    };
    const features = extractFeatures(story, T0, new OutcomeHistory(), PAGE);
    expect(predict(features)).toBe(predict(features, COMMITTED_MODEL.heads.horizon));
    expect(predict(features)).not.toBe(predict(features, COMMITTED_MODEL.heads.peak));
  });

  it('gives a probability, higher for a story that got its points faster and ranks higher', () => {
    const fast = firstSighting(40, 3, 30);
    const slow = firstSighting(40, 25, 240);
    for (const p of [fast, slow]) {
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThan(1);
    }
    expect(fast).toBeGreaterThan(slow * 2);
  });
});
