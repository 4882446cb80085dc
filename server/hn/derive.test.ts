import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeVelocity,
  expectedUpvotesPerHour,
  FRONT_PAGE_UPVOTES_PER_HOUR,
  riseScore,
  trendingScore,
  upvoteRatio,
} from './derive.ts';

const HOUR = 3600;
const NOW = 1_700_000_000;

describe('computeVelocity', () => {
  it('uses the counts at the start of the window', () => {
    const v = computeVelocity({
      time: NOW - 10 * HOUR,
      now: { at: NOW, score: 300, descendants: 80 },
      beforeWindow: { at: NOW - 3 * HOUR, score: 200, descendants: 40 },
      earliest: { at: NOW - 9 * HOUR, score: 5, descendants: 0 },
      windowHours: 2,
    });
    // The counts stayed at 200/40 until the window began (snapshots are written only on change).
    expect(v).toEqual({ scoreVelocity: 50, commentsVelocity: 20 });
  });

  it('counts from submission for a story younger than the window', () => {
    const v = computeVelocity({ time: NOW - HOUR, now: { at: NOW, score: 41, descendants: 10 }, beforeWindow: null, earliest: null, windowHours: 2 });
    expect(v).toEqual({ scoreVelocity: 40, commentsVelocity: 10 });
  });

  it('damps a brand-new story: its first minutes count as half an hour', () => {
    const v = computeVelocity({ time: NOW - 120, now: { at: NOW, score: 6, descendants: 1 }, beforeWindow: null, earliest: null, windowHours: 2 });
    expect(v.scoreVelocity).toBe(10);
  });

  it('uses our own observation of an old story first seen inside the window', () => {
    const v = computeVelocity({
      time: NOW - 20 * HOUR,
      now: { at: NOW, score: 520, descendants: 300 },
      beforeWindow: null,
      earliest: { at: NOW - HOUR / 2, score: 500, descendants: 290 },
      windowHours: 2,
    });
    expect(v).toEqual({ scoreVelocity: 40, commentsVelocity: 20 });
  });

  it('falls back to the lifetime average with nothing observed yet', () => {
    const v = computeVelocity({ time: NOW - 10 * HOUR, now: { at: NOW, score: 101, descendants: 50 }, beforeWindow: null, earliest: null, windowHours: 2 });
    expect(v).toEqual({ scoreVelocity: 10, commentsVelocity: 5 });
  });

  it('is never negative (scores can drop when votes are removed)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (now, before) => {
        const v = computeVelocity({
          time: NOW - 5 * HOUR,
          now: { at: NOW, score: now, descendants: now },
          beforeWindow: { at: NOW - 2 * HOUR, score: before, descendants: before },
          earliest: null,
          windowHours: 2,
        });
        return v.scoreVelocity >= 0 && v.commentsVelocity >= 0;
      }),
    );
  });
});

describe('expected upvotes (rank attention)', () => {
  it('follows the measured front-page curve and falls with rank', () => {
    expect(expectedUpvotesPerHour(1, null)).toBe(FRONT_PAGE_UPVOTES_PER_HOUR[0]);
    expect(expectedUpvotesPerHour(30, 200)).toBe(FRONT_PAGE_UPVOTES_PER_HOUR[29]);
    expect(expectedUpvotesPerHour(31, null)).toBeLessThan(expectedUpvotesPerHour(30, null));
    expect(expectedUpvotesPerHour(60, null)).toBeLessThan(expectedUpvotesPerHour(31, null));
    expect(expectedUpvotesPerHour(null, 5)).toBe(1);
    expect(expectedUpvotesPerHour(null, 31)).toBe(0);
    expect(expectedUpvotesPerHour(null, null)).toBe(0);
  });

  it('ratio: more votes than the exposure predicts is above 1, fewer below, bounded', () => {
    expect(upvoteRatio(101, 50)).toBeGreaterThan(1);
    expect(upvoteRatio(21, 100)).toBeLessThan(1);
    expect(upvoteRatio(1, 0)).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.double({ min: 0, max: 10_000, noNaN: true }), (score, expected) => {
        const ratio = upvoteRatio(score, expected);
        return ratio >= 0.5 && ratio <= 3;
      }),
    );
  });
});

describe('trendingScore', () => {
  it('is zero without momentum, however big the story', () => {
    expect(trendingScore({ scoreVelocity: 0, commentsVelocity: 0, score: 2000, expectedUpvotes: 100, ageHours: 3 })).toBe(0);
  });

  it('prefers the younger of two stories with the same momentum', () => {
    const base = { scoreVelocity: 30, commentsVelocity: 10, score: 150, expectedUpvotes: 150 };
    expect(trendingScore({ ...base, ageHours: 1 })).toBeGreaterThan(trendingScore({ ...base, ageHours: 8 }));
  });

  it('prefers, at equal momentum and age, the story beating its exposure', () => {
    const base = { scoreVelocity: 30, commentsVelocity: 10, score: 150, ageHours: 3 };
    expect(trendingScore({ ...base, expectedUpvotes: 50 })).toBeGreaterThan(trendingScore({ ...base, expectedUpvotes: 400 }));
  });

  it('grows with momentum', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 500, noNaN: true }), fc.double({ min: 0, max: 48, noNaN: true }), (v, age) => {
        const slower = trendingScore({ scoreVelocity: v, commentsVelocity: 0, score: 100, expectedUpvotes: 100, ageHours: age });
        const faster = trendingScore({ scoreVelocity: v * 2, commentsVelocity: 0, score: 100, expectedUpvotes: 100, ageHours: age });
        return faster >= slower;
      }),
    );
  });
});

describe('riseScore (fast risers)', () => {
  it('puts a young story gaining fast above an old big one', () => {
    const young = riseScore(15, 1); // 1 hour old, 15 points an hour
    const oldBig = riseScore(30, 20); // 20 hours old, 30 points an hour, hundreds of points
    expect(young).toBeGreaterThan(oldBig);
  });

  it('excludes stories older than a day and stories not gaining', () => {
    expect(riseScore(100, 25)).toBe(0);
    expect(riseScore(0, 1)).toBe(0);
  });
});
