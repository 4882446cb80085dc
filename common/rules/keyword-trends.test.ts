import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ATTENTION_MIN_POINTS,
  compareByAttention,
  COOLING_THRESHOLD_DEFAULT,
  dayPeriodOfHour,
  isRising,
  percentageChange,
  STABLE_UPPER_DEFAULT,
  storyAttention,
  trendClass,
  trendThresholds,
  usualLevelOf,
  usualLevelScore,
} from './keyword-trends.ts';

describe('percentageChange', () => {
  it('measures from the previous period', () => {
    expect(percentageChange(6, 3)).toBe(100);
    expect(percentageChange(3, 6)).toBe(-50);
    expect(percentageChange(4, 4)).toBe(0);
  });

  it('measures from the 50 percent baseline (half a story) where the previous count is zero', () => {
    expect(percentageChange(3, 0)).toBe(500);
    expect(percentageChange(1, 0)).toBe(100);
    expect(percentageChange(0, 0)).toBe(-100);
  });

  it('grows with the current count', () => {
    fc.assert(fc.property(fc.nat(1000), fc.nat(1000), (current, previous) => percentageChange(current + 1, previous) >= percentageChange(current, previous)));
  });
});

describe('thresholds', () => {
  it('default to 60 (cooling) and 70 (stable upper bound) without trends', () => {
    expect(trendThresholds([])).toEqual({ cooling: COOLING_THRESHOLD_DEFAULT, stableUpper: STABLE_UPPER_DEFAULT });
    expect(COOLING_THRESHOLD_DEFAULT).toBe(60);
    expect(STABLE_UPPER_DEFAULT).toBe(70);
  });

  it('are the 25th percentile and the median of the changes', () => {
    expect(trendThresholds([-50, 0, 50, 100, 500])).toEqual({ cooling: 0, stableUpper: 50 });
    expect(trendThresholds([4, 1, 3, 2])).toEqual({ cooling: 1.75, stableUpper: 2.5 });
  });

  it('split cooling, stable and rising', () => {
    const thresholds = { cooling: 0, stableUpper: 50 };
    expect(trendClass(-10, thresholds)).toBe('cooling');
    expect(trendClass(0, thresholds)).toBe('stable');
    expect(trendClass(50, thresholds)).toBe('stable');
    expect(trendClass(51, thresholds)).toBe('rising');
  });
});

describe('rising against the usual level', () => {
  const thresholds = { cooling: 0, stableUpper: 50 };

  it('a sudden topic rises', () => {
    const counts = { currentFrequency: 8, previousFrequency: 2, usual: usualLevelOf([0, 1, 0, 0]) };
    expect(isRising(counts, percentageChange(8, 2), thresholds)).toBe(true);
  });

  it('a keyword always big does not rise for being big', () => {
    const counts = { currentFrequency: 40, previousFrequency: 25, usual: usualLevelOf([35, 42, 30, 38]) };
    expect(percentageChange(40, 25)).toBe(60);
    expect(usualLevelScore(40, counts.usual)).toBeLessThan(2);
    expect(isRising(counts, percentageChange(40, 25), thresholds)).toBe(false);
  });

  it('a new keyword rises at the median change when a quiet period has mostly new keywords, if unusual for it', () => {
    const quiet = trendThresholds([500, 500, 500, 500, 500, 100, -50, 700, 500]);
    expect(quiet.stableUpper).toBe(500);
    expect(isRising({ currentFrequency: 3, previousFrequency: 0, usual: usualLevelOf([0, 0, 0, 0]) }, percentageChange(3, 0), quiet)).toBe(true);
    // Always around: 3 against none is its usual day, not a rise.
    expect(isRising({ currentFrequency: 3, previousFrequency: 0, usual: usualLevelOf([2, 3, 1, 2]) }, percentageChange(3, 0), quiet)).toBe(false);
    // Not new, and no more than the median: stable, as the spec says.
    expect(isRising({ currentFrequency: 6, previousFrequency: 1, usual: usualLevelOf([0, 0, 0, 0]) }, percentageChange(6, 1), quiet)).toBe(false);
  });

  it('never rises with fewer stories than before', () => {
    expect(isRising({ currentFrequency: 3, previousFrequency: 3, usual: usualLevelOf([0, 0, 0, 0]) }, 500, thresholds)).toBe(false);
  });

  it('scores counts in standard deviations, at least those of a Poisson count', () => {
    expect(usualLevelScore(5, usualLevelOf([]))).toBe(5);
    expect(usualLevelScore(13, usualLevelOf([9, 9, 9, 9]))).toBeCloseTo(4 / 3);
    // Mean 10, variance 50 (deviations 0, -10, 10, 0): (30 - 10) / √50.
    expect(usualLevelScore(30, usualLevelOf([10, 0, 20, 10]))).toBeCloseTo(20 / Math.sqrt(50));
    expect(usualLevelOf([10, 0, 20, 10])).toEqual({ weeks: 4, sum: 40, sumOfSquares: 600 });
  });

  it('scores from the sums as from the weekly counts themselves', () => {
    fc.assert(
      fc.property(fc.nat(20_000), fc.array(fc.nat(20_000), { maxLength: 4 }), (current, history) => {
        const mean = history.length > 0 ? history.reduce((sum, value) => sum + value, 0) / history.length : 0;
        const variance = history.length > 0 ? history.reduce((sum, value) => sum + (value - mean) ** 2, 0) / history.length : 0;
        const expected = (current - mean) / Math.max(Math.sqrt(variance), Math.sqrt(mean), 1);
        expect(usualLevelScore(current, usualLevelOf(history))).toBeCloseTo(expected, 9);
      }),
    );
  });
});

describe('dayPeriodOfHour', () => {
  it.each([
    [0, 'night'],
    [5, 'night'],
    [6, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [23, 'evening'],
  ])('%i h → %s', (hour, period) => expect(dayPeriodOfHour(hour)).toBe(period));
});

describe('attention', () => {
  it('counts a story once readers noticed it, with its points', () => {
    expect(storyAttention(ATTENTION_MIN_POINTS - 1)).toBeNull();
    expect(storyAttention(1)).toBeNull();
    expect(storyAttention(ATTENTION_MIN_POINTS)).toEqual({ stories: 1, points: ATTENTION_MIN_POINTS });
    expect(storyAttention(812)).toEqual({ stories: 1, points: 812 });
  });

  it('ranks hot keywords by the points their stories got, then by their number', () => {
    const template = { keyword: 'love', points: 60, frequency: 9 };
    const news = { keyword: 'fastly', points: 1340, frequency: 3 };
    const tied = { keyword: 'cdn', points: 60, frequency: 2 };
    expect([template, tied, news].sort(compareByAttention).map((k) => k.keyword)).toEqual(['fastly', 'love', 'cdn']);
  });
});
