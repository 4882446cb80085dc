import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HEAT_LEVELS,
  RECENT_WINDOW_HOURS,
  WATCH_STATUSES,
  heatLevel,
  heatRuleText,
  isRecent,
  landingHeatLevel,
  watchStatus,
  type HeatLevel,
  type HeatStory,
} from './heat.ts';

const NOW_MS = Date.UTC(2025, 0, 15, 12, 0, 0);
const HOUR_SECONDS = 3600;
const postedSecondsAgo = (seconds: number): number => NOW_MS / 1000 - seconds;
const RECENT = postedSecondsAgo(HOUR_SECONDS);
const OLD = postedSecondsAgo(48 * HOUR_SECONDS);

/** Earns no badge: no activity, posted two days ago. */
const COLD: HeatStory = { score: 0, descendants: 0, scoreVelocity: 0, commentsVelocity: 0, time: OLD };
const story = (fields: Partial<HeatStory>): HeatStory => ({ ...COLD, ...fields });

describe('isRecent', () => {
  it('uses a 12-hour window', () => {
    expect(RECENT_WINDOW_HOURS).toBe(12);
  });

  it('includes a story exactly 12 hours old and excludes one a second or a millisecond older', () => {
    expect(isRecent(postedSecondsAgo(12 * HOUR_SECONDS), NOW_MS)).toBe(true);
    expect(isRecent(postedSecondsAgo(12 * HOUR_SECONDS + 1), NOW_MS)).toBe(false);
    expect(isRecent(postedSecondsAgo(12 * HOUR_SECONDS), NOW_MS + 1)).toBe(false);
  });

  it('counts a story posted now, or in the future (clock skew), as recent', () => {
    expect(isRecent(postedSecondsAgo(0), NOW_MS)).toBe(true);
    expect(isRecent(postedSecondsAgo(-600), NOW_MS)).toBe(true);
  });
});

describe('heatLevel (story card, part 1 §4)', () => {
  it.each<[string, Partial<HeatStory>, HeatLevel | null]>([
    // 1. Viral
    ['viral: velocity 20 and score 300', { scoreVelocity: 20, score: 300 }, 'viral'],
    ['below viral: velocity 19.99 and score 300', { scoreVelocity: 19.99, score: 300 }, 'hot'],
    ['below viral: velocity 20 and score 299', { scoreVelocity: 20, score: 299 }, 'hot'],
    ['viral: score 500 and recent', { score: 500, time: RECENT }, 'viral'],
    ['below viral: score 499 and recent', { score: 499, time: RECENT }, 'hot'],
    ['score 500 but old and still: no badge', { score: 500 }, null],
    ['viral: 200 comments and recent', { descendants: 200, time: RECENT }, 'viral'],
    ['below viral: 199 comments and recent', { descendants: 199, time: RECENT }, 'trending'],
    ['200 comments but old', { descendants: 200 }, 'trending'],
    // 2. Hot
    ['hot: velocity 10 and score 150', { scoreVelocity: 10, score: 150 }, 'hot'],
    ['below hot: velocity 9.99 and score 150', { scoreVelocity: 9.99, score: 150 }, 'rising'],
    ['below hot: velocity 10 and score 149', { scoreVelocity: 10, score: 149 }, 'rising'],
    ['hot: score 250 and recent', { score: 250, time: RECENT }, 'hot'],
    ['below hot: score 249 and recent', { score: 249, time: RECENT }, 'rising'],
    ['score 250 but old and still: no badge', { score: 250 }, null],
    ['hot: comments velocity 5 and 50 comments', { commentsVelocity: 5, descendants: 50 }, 'hot'],
    ['below hot: comments velocity 4.99 and 50 comments', { commentsVelocity: 4.99, descendants: 50 }, 'rising'],
    ['below hot: comments velocity 5 and 49 comments', { commentsVelocity: 5, descendants: 49 }, 'rising'],
    // 3. Rising
    ['rising: velocity 5 and score 50', { scoreVelocity: 5, score: 50 }, 'rising'],
    ['below rising: velocity 4.99 and score 50', { scoreVelocity: 4.99, score: 50 }, 'trending'],
    ['below rising: velocity 5 and score 49', { scoreVelocity: 5, score: 49 }, 'trending'],
    ['rising: score 100 and recent', { score: 100, time: RECENT }, 'rising'],
    ['below rising: score 99 and recent', { score: 99, time: RECENT }, 'trending'],
    ['rising: comments velocity 2 and 20 comments', { commentsVelocity: 2, descendants: 20 }, 'rising'],
    ['below rising: comments velocity 1.99 and 20 comments', { commentsVelocity: 1.99, descendants: 20 }, 'trending'],
    ['below rising: comments velocity 2 and 19 comments', { commentsVelocity: 2, descendants: 19 }, 'trending'],
    // 4. Trending
    ['trending: velocity 2 and score 20', { scoreVelocity: 2, score: 20 }, 'trending'],
    ['below trending: velocity 1.99 and score 20', { scoreVelocity: 1.99, score: 20 }, null],
    ['below trending: velocity 2 and score 19', { scoreVelocity: 2, score: 19 }, null],
    ['trending: score 50 and recent', { score: 50, time: RECENT }, 'trending'],
    ['below trending: score 49 and recent', { score: 49, time: RECENT }, null],
    ['trending: 10 comments', { descendants: 10 }, 'trending'],
    ['below trending: 9 comments', { descendants: 9 }, null],
    // 5. Otherwise no badge
    ['no activity', {}, null],
  ])('%s', (_, fields, expected) => {
    expect(heatLevel(story(fields), NOW_MS)).toBe(expected);
  });

  it('applies the recency window at its edge', () => {
    expect(heatLevel(story({ score: 500, time: postedSecondsAgo(12 * HOUR_SECONDS) }), NOW_MS)).toBe('viral');
    expect(heatLevel(story({ score: 500, time: postedSecondsAgo(12 * HOUR_SECONDS + 1) }), NOW_MS)).toBeNull();
  });

  it('lets the first matching level win', () => {
    expect(heatLevel(story({ scoreVelocity: 50, score: 1000, descendants: 500, commentsVelocity: 50 }), NOW_MS)).toBe(
      'viral',
    );
  });
});

describe('landingHeatLevel (landing page rows)', () => {
  it.each<[string, Partial<HeatStory>, HeatLevel]>([
    ['VIRAL: velocity 20 and score 300', { scoreVelocity: 20, score: 300 }, 'viral'],
    ['velocity 19.99 and score 300', { scoreVelocity: 19.99, score: 300 }, 'hot'],
    ['velocity 20 and score 299', { scoreVelocity: 20, score: 299 }, 'hot'],
    ['VIRAL: score 500 and recent', { score: 500, time: RECENT }, 'viral'],
    ['score 499 and recent', { score: 499, time: RECENT }, 'hot'],
    ['HOT: velocity 10 and score 150', { scoreVelocity: 10, score: 150 }, 'hot'],
    ['velocity 9.99 and score 150', { scoreVelocity: 9.99, score: 150 }, 'rising'],
    ['velocity 10 and score 149', { scoreVelocity: 10, score: 149 }, 'rising'],
    ['HOT: score 250 and recent', { score: 250, time: RECENT }, 'hot'],
    ['score 249 and recent', { score: 249, time: RECENT }, 'rising'],
    ['RISING: velocity 5 and score 50', { scoreVelocity: 5, score: 50 }, 'rising'],
    ['velocity 4.99 and score 50', { scoreVelocity: 4.99, score: 50 }, 'trending'],
    ['velocity 5 and score 49', { scoreVelocity: 5, score: 49 }, 'trending'],
    ['RISING: score 100 and recent', { score: 100, time: RECENT }, 'rising'],
    ['score 99 and recent', { score: 99, time: RECENT }, 'trending'],
    ['no activity still reads TRENDING', {}, 'trending'],
  ])('%s', (_, fields, expected) => {
    expect(landingHeatLevel(story(fields), NOW_MS)).toBe(expected);
  });

  it('ignores the comment-based conditions of the card rule', () => {
    expect(landingHeatLevel(story({ descendants: 500, time: RECENT }), NOW_MS)).toBe('trending');
    expect(landingHeatLevel(story({ commentsVelocity: 10, descendants: 100 }), NOW_MS)).toBe('trending');
    expect(heatLevel(story({ descendants: 500, time: RECENT }), NOW_MS)).toBe('viral');
  });
});

describe('heatRuleText (the legend and tooltips, in plain words)', () => {
  it.each<[HeatLevel, string]>([
    ['viral', '20+ points an hour and 300+ points, or 500+ points within 12 hours of posting, or 200+ comments within 12 hours of posting'],
    ['hot', '10+ points an hour and 150+ points, or 250+ points within 12 hours of posting, or 5+ comments an hour and 50+ comments'],
    ['rising', '5+ points an hour and 50+ points, or 100+ points within 12 hours of posting, or 2+ comments an hour and 20+ comments'],
    ['trending', '2+ points an hour and 20+ points, or 50+ points within 12 hours of posting, or 10+ comments'],
  ])('states the card rule for %s with the spec numbers', (level, text) => {
    expect(heatRuleText(level, 'card')).toBe(text);
  });

  it.each<[HeatLevel, string]>([
    ['viral', '20+ points an hour and 300+ points, or 500+ points within 12 hours of posting'],
    ['hot', '10+ points an hour and 150+ points, or 250+ points within 12 hours of posting'],
    ['rising', '5+ points an hour and 50+ points, or 100+ points within 12 hours of posting'],
    ['trending', 'every other story in the sample'],
  ])('states the landing rule for %s without comments', (level, text) => {
    expect(heatRuleText(level, 'landing')).toBe(text);
  });

  it('describes the thresholds the rules apply: a story just at a stated threshold gets that level', () => {
    // 250 points an hour after posting (recent), nothing else: the text says Hot needs 250+ within 12 hours.
    expect(heatLevel(story({ score: 250, time: RECENT }), NOW_MS)).toBe('hot');
    expect(landingHeatLevel(story({ score: 250, time: RECENT }), NOW_MS)).toBe('hot');
    // 10 comments, old: the text says Trending needs 10+ comments (card only).
    expect(heatLevel(story({ descendants: 10 }), NOW_MS)).toBe('trending');
  });
});

describe('watchStatus', () => {
  it('is the heat level, or other when there is no badge', () => {
    expect(watchStatus(story({ scoreVelocity: 20, score: 300 }), NOW_MS)).toBe('viral');
    expect(watchStatus(story({ descendants: 10 }), NOW_MS)).toBe('trending');
    expect(watchStatus(COLD, NOW_MS)).toBe('other');
  });

  it('lists every heat level plus other', () => {
    expect([...WATCH_STATUSES].sort()).toEqual([...HEAT_LEVELS, 'other'].sort());
  });
});

const storyArb: fc.Arbitrary<HeatStory> = fc.record({
  score: fc.integer({ min: 0, max: 2000 }),
  descendants: fc.integer({ min: 0, max: 1000 }),
  scoreVelocity: fc.double({ min: 0, max: 60, noNaN: true }),
  commentsVelocity: fc.double({ min: 0, max: 20, noNaN: true }),
  time: fc.integer({ min: 0, max: 48 * HOUR_SECONDS }).map(postedSecondsAgo),
});

/** 0 for viral … 4 for no badge. */
const rank = (level: HeatLevel | null): number => (level === null ? HEAT_LEVELS.length : HEAT_LEVELS.indexOf(level));

describe('heat properties', () => {
  it('lists levels most intense first', () => {
    expect(HEAT_LEVELS).toEqual(['viral', 'hot', 'rising', 'trending']);
  });

  it('never cools down when a story gains points, comments, velocity or recency', () => {
    fc.assert(
      fc.property(
        storyArb,
        fc.record({
          score: fc.integer({ min: 0, max: 500 }),
          descendants: fc.integer({ min: 0, max: 300 }),
          scoreVelocity: fc.double({ min: 0, max: 30, noNaN: true }),
          commentsVelocity: fc.double({ min: 0, max: 10, noNaN: true }),
          time: fc.integer({ min: 0, max: 24 * HOUR_SECONDS }),
        }),
        (before, gain) => {
          const after: HeatStory = {
            score: before.score + gain.score,
            descendants: before.descendants + gain.descendants,
            scoreVelocity: before.scoreVelocity + gain.scoreVelocity,
            commentsVelocity: before.commentsVelocity + gain.commentsVelocity,
            time: before.time + gain.time,
          };
          expect(rank(heatLevel(after, NOW_MS))).toBeLessThanOrEqual(rank(heatLevel(before, NOW_MS)));
          expect(rank(landingHeatLevel(after, NOW_MS))).toBeLessThanOrEqual(rank(landingHeatLevel(before, NOW_MS)));
        },
      ),
    );
  });

  it('agrees with the card rule when there are no comments, defaulting to trending', () => {
    fc.assert(
      fc.property(storyArb, (generated) => {
        const uncommented = { ...generated, descendants: 0, commentsVelocity: 0 };
        expect(landingHeatLevel(uncommented, NOW_MS)).toBe(heatLevel(uncommented, NOW_MS) ?? 'trending');
      }),
    );
  });

  it('never rates a landing row hotter than its card (whose conditions it is a subset of)', () => {
    fc.assert(
      fc.property(storyArb, (generated) => {
        const card = heatLevel(generated, NOW_MS);
        const landing = landingHeatLevel(generated, NOW_MS);
        expect(rank(landing)).toBeGreaterThanOrEqual(Math.min(rank(card), HEAT_LEVELS.length - 1));
      }),
    );
  });
});
