import { describe, expect, it } from 'vitest';
import { hitRateAt, hitsAt, meanWithInterval, rankBy } from './metric.ts';

describe('hit rate at k', () => {
  const relevant = new Set([1, 3, 5, 7]);

  it('counts the relevant ids among the first k only', () => {
    expect(hitsAt([1, 2, 3, 4, 5], relevant, 3)).toBe(2);
    expect(hitsAt([2, 4, 6, 1], relevant, 3)).toBe(0);
    expect(hitRateAt([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 1], relevant, 10)).toBe(0.4);
  });

  it('divides by k, so a short list is not rewarded for being short', () => {
    expect(hitRateAt([1], relevant, 10)).toBe(0.1);
    expect(hitRateAt([], relevant, 10)).toBe(0);
  });

  it('refuses a k that is not a positive whole number', () => {
    expect(() => hitRateAt([1], relevant, 0)).toThrow(/positive whole number/);
    expect(() => hitRateAt([1], relevant, 2.5)).toThrow(/positive whole number/);
  });
});

describe('meanWithInterval', () => {
  it('gives the mean and 1.96 standard errors', () => {
    const { mean, halfWidth, n } = meanWithInterval([0, 1, 0, 1]);
    expect(mean).toBe(0.5);
    expect(n).toBe(4);
    expect(halfWidth).toBeCloseTo(1.96 * Math.sqrt(1 / 3 / 4), 10);
  });

  it('has no interval for one value, and no mean for none', () => {
    expect(meanWithInterval([0.3])).toEqual({ mean: 0.3, halfWidth: 0, n: 1 });
    expect(Number.isNaN(meanWithInterval([]).mean)).toBe(true);
  });
});

describe('rankBy', () => {
  it('orders by score, then the tie-breaker, then the higher id', () => {
    const items = [
      { id: 1, s: 2, t: 0 },
      { id: 2, s: 5, t: 0 },
      { id: 3, s: 2, t: 9 },
      { id: 4, s: 2, t: 0 },
    ];
    expect(rankBy(items, (item) => item.s, (item) => item.t)).toEqual([2, 3, 4, 1]);
  });
});
