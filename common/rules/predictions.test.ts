import { describe, expect, it } from 'vitest';
import {
  ACCURACY_WINDOW_HOURS,
  accuracyPercent,
  changesMeaningfully,
  domainAccuracyColour,
  DOMAINS_SHOWN,
  OUTCOMES_SHOWN,
  PREDICTIONS_PAGE_SIZE,
  reliabilityBin,
  TREND_ROWS_SHOWN,
  TREND_WINDOW_DAYS,
  trendAccuracyColour,
  PREDICTION_HORIZON_HOURS,
  PREDICTION_TARGET_POINTS,
  isPredictionAccurate,
  isUndecided,
  predictionConfidence,
  predictionScore,
  predictsTrend,
  TREND_CALL_THRESHOLD,
} from './predictions.ts';

describe('what is predicted', () => {
  it('is reaching 300 points within 6 hours (the upper end of the spec’s 2-6 hour horizon)', () => {
    expect(PREDICTION_TARGET_POINTS).toBe(300);
    expect(PREDICTION_HORIZON_HOURS).toBe(6);
  });

  it('predicts stories under 48 hours old and below the target only', () => {
    expect(isUndecided(299, 5.99)).toBe(true);
    expect(isUndecided(10, 47.99)).toBe(true);
    expect(isUndecided(300, 1)).toBe(false);
    expect(isUndecided(10, 48)).toBe(false);
  });
});

describe('changesMeaningfully', () => {
  it('records a story’s first prediction', () => {
    expect(changesMeaningfully(null, 0.03)).toBe(true);
  });

  it('records a move of two percentage points or more, not less', () => {
    expect(changesMeaningfully(0.1, 0.12)).toBe(true);
    expect(changesMeaningfully(0.1, 0.08)).toBe(true);
    expect(changesMeaningfully(0.1, 0.115)).toBe(false);
  });

  it('records any change of call or confidence band, however small', () => {
    expect(changesMeaningfully(TREND_CALL_THRESHOLD - 0.005, TREND_CALL_THRESHOLD)).toBe(true);
    expect(changesMeaningfully(0.795, 0.8)).toBe(true);
    expect(changesMeaningfully(0.205, 0.2)).toBe(true);
  });
});

describe('predictionScore', () => {
  it('is the probability as a rounded percentage, bounded to 0-100', () => {
    expect(predictionScore(0.734)).toBe(73);
    expect(predictionScore(0.735)).toBe(74);
    expect(predictionScore(0)).toBe(0);
    expect(predictionScore(1)).toBe(100);
    expect(predictionScore(1.2)).toBe(100);
    expect(predictionScore(-0.1)).toBe(0);
  });
});

describe('predictionConfidence', () => {
  it.each([
    [0.95, 'high'],
    [0.8, 'high'],
    [0.79, 'medium'],
    [0.65, 'medium'],
    [0.64, 'low'],
    [0.5, 'low'],
    [0.36, 'low'],
    [0.35, 'medium'],
    [0.21, 'medium'],
    [0.2, 'high'],
    [0.02, 'high'],
  ] as const)('probability %f is %s confidence', (probability, confidence) => {
    expect(predictionConfidence(probability)).toBe(confidence);
  });
});

describe('verification', () => {
  it('calls "will trend" from the cut up', () => {
    expect(predictsTrend(TREND_CALL_THRESHOLD)).toBe(true);
    expect(predictsTrend(TREND_CALL_THRESHOLD - 0.01)).toBe(false);
  });

  it('is accurate when a "will trend" call reached the target or a "will not" call did not', () => {
    expect(isPredictionAccurate(0.7, true)).toBe(true);
    expect(isPredictionAccurate(0.7, false)).toBe(false);
    expect(isPredictionAccurate(0.1, false)).toBe(true);
    expect(isPredictionAccurate(0.1, true)).toBe(false);
  });
});

describe('the page’s figures (part 2 §5, §9)', () => {
  it('uses the spec’s constants', () => {
    expect([PREDICTIONS_PAGE_SIZE, OUTCOMES_SHOWN, DOMAINS_SHOWN, TREND_ROWS_SHOWN, TREND_WINDOW_DAYS, ACCURACY_WINDOW_HOURS]).toEqual([25, 20, 10, 10, 30, 168]);
  });

  it('gives accuracy as a percentage with one decimal, and none when nothing was verified', () => {
    expect(accuracyPercent(2, 3)).toBe(66.7);
    expect(accuracyPercent(0, 5)).toBe(0);
    expect(accuracyPercent(0, 0)).toBeNull();
  });

  it('colours the daily table at 70, 50 and 30', () => {
    expect([70, 69.9, 50, 49.9, 30, 29.9].map(trendAccuracyColour)).toEqual(['green', 'yellow', 'yellow', 'orange', 'orange', 'red']);
  });

  it('colours the domains at 70 and 50', () => {
    expect([70, 69.9, 50, 49.9, 0].map(domainAccuracyColour)).toEqual(['green', 'yellow', 'yellow', 'red', 'red']);
  });

  it('bins probabilities by tenth for the reliability chart, 1.0 in the top bin', () => {
    expect([0, 0.05, 0.1, 0.55, 0.99, 1].map(reliabilityBin)).toEqual([0, 0, 1, 5, 9, 9]);
  });
});
