import { describe, expect, it } from 'vitest';
import { PREDICTION_MAX_AGE_HOURS, PREDICTION_TARGET_POINTS } from '#common/rules/predictions.ts';
import { extractFeatures, OutcomeHistory, type PredictionStory } from './features.ts';
import { COMMITTED_MODEL, predict } from './model.ts';
import { productPrediction, undecidedAt } from './product.ts';

const HOUR = 3600;
const T0 = Date.UTC(2022, 2, 1, 15) / 1000;
const PAGE = { newestId: 30_000_480, idsPerHour: 480, medianScore: 60 };

/** Submitted at T0, seen every half hour with these scores. */
const story = (scores: number[]): PredictionStory => ({
  id: 30_000_000,
  title: 'A new database engine',
  domain: 'example.com',
  by: 'someone',
  createdBefore: T0,
  sightings: scores.map((score, k) => ({ at: T0 + k * 1800, rank: 5, score, comments: 3 })),
});

describe('productPrediction', () => {
  const history = new OutcomeHistory();

  it('is the product head’s probability of the features at the moment, while the story is undecided', () => {
    const rising = story([40, 90, 160]);
    const at = T0 + HOUR;
    expect(productPrediction(rising, at, history, PAGE)).toBe(predict(extractFeatures(rising, at, history, PAGE), COMMITTED_MODEL.heads.horizon));
    expect(productPrediction(rising, at, history, PAGE, COMMITTED_MODEL.heads.peak)).toBe(
      predict(extractFeatures(rising, at, history, PAGE), COMMITTED_MODEL.heads.peak),
    );
  });

  it('is null once the story reached the target, or is too old, or before its first sighting', () => {
    const reached = story([200, PREDICTION_TARGET_POINTS]);
    expect(productPrediction(reached, T0, history, PAGE)).not.toBeNull();
    expect(productPrediction(reached, T0 + 1800, history, PAGE)).toBeNull();
    const old = { ...story([40]), createdBefore: T0 - PREDICTION_MAX_AGE_HOURS * HOUR };
    expect(undecidedAt(old, T0)).toBe(false);
    expect(productPrediction(old, T0, history, PAGE)).toBeNull();
    expect(undecidedAt(story([40]), T0 - 1)).toBe(false);
  });

  it('reads the score at the moment, not later ones', () => {
    const later = story([200, 250, 400]);
    expect(undecidedAt(later, T0 + 1800)).toBe(true);
    expect(undecidedAt(later, T0 + HOUR)).toBe(false);
  });
});
