import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFeatured, showsRisingFast, showsVelocityBadge, type FeaturedStory, type ListPosition } from './featured.ts';
import { STORY_SORTS } from './sorts.ts';

const NOW_MS = Date.UTC(2025, 0, 15, 12, 0, 0);
const HOUR_SECONDS = 3600;
const postedSecondsAgo = (seconds: number): number => NOW_MS / 1000 - seconds;
const RECENT = postedSecondsAgo(HOUR_SECONDS);
const OLD = postedSecondsAgo(48 * HOUR_SECONDS);

const QUIET: FeaturedStory = { score: 0, descendants: 0, scoreVelocity: 0, time: OLD };
/** Not first, in a sort that never features its first item anyway. */
const MIDDLE_OF_TOP: ListPosition = { index: 3, sort: 'score' };
const featured = (fields: Partial<FeaturedStory>, position: ListPosition = MIDDLE_OF_TOP): boolean =>
  isFeatured({ ...QUIET, ...fields }, position, NOW_MS);

describe('isFeatured (part 1 §4)', () => {
  it.each<[string, Partial<FeaturedStory>, boolean]>([
    ['velocity 15 and score 200', { scoreVelocity: 15, score: 200 }, true],
    ['velocity 14.99 and score 200', { scoreVelocity: 14.99, score: 200 }, false],
    ['velocity 15 and score 199', { scoreVelocity: 15, score: 199 }, false],
    ['score 400 and recent', { score: 400, time: RECENT }, true],
    ['score 399 and recent', { score: 399, time: RECENT }, false],
    ['score 400 but old', { score: 400 }, false],
    ['score 400 posted exactly 12 hours ago', { score: 400, time: postedSecondsAgo(12 * HOUR_SECONDS) }, true],
    ['score 400 posted 12 hours and 1 second ago', { score: 400, time: postedSecondsAgo(12 * HOUR_SECONDS + 1) }, false],
    ['150 comments and recent', { descendants: 150, time: RECENT }, true],
    ['149 comments and recent', { descendants: 149, time: RECENT }, false],
    ['150 comments but old', { descendants: 150 }, false],
    ['no activity', {}, false],
  ])('%s → %s', (_, fields, expected) => {
    expect(featured(fields)).toBe(expected);
  });

  it.each<[ListPosition, boolean]>([
    [{ index: 0, sort: 'trending' }, true],
    [{ index: 0, sort: 'fast-risers' }, true],
    [{ index: 0, sort: 'score' }, false],
    [{ index: 0, sort: 'comments' }, false],
    [{ index: 0, sort: 'time' }, false],
    [{ index: 1, sort: 'trending' }, false],
    [{ index: 1, sort: 'fast-risers' }, false],
  ])('features a quiet story at %o: %s', (position, expected) => {
    expect(featured({}, position)).toBe(expected);
  });

  it('features a story on its own merits in any position and sort', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.constantFrom(...STORY_SORTS), (index, sort) => {
        expect(featured({ scoreVelocity: 15, score: 200 }, { index, sort })).toBe(true);
      }),
    );
  });
});

describe('velocity badges', () => {
  it("shows 'Rising Fast' above 10 points per hour", () => {
    expect(showsRisingFast(10)).toBe(false);
    expect(showsRisingFast(10.01)).toBe(true);
  });

  it('shows the +N/hr badge on featured cards above 0', () => {
    expect(showsVelocityBadge(0, true)).toBe(false);
    expect(showsVelocityBadge(0.01, true)).toBe(true);
  });

  it('shows the velocity badge on regular cards above 5', () => {
    expect(showsVelocityBadge(5, false)).toBe(false);
    expect(showsVelocityBadge(5.01, false)).toBe(true);
  });

  it('shows on a featured card whatever shows on a regular one, and Rising Fast only with a badge', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 100, noNaN: true }), (velocity) => {
        if (showsVelocityBadge(velocity, false)) expect(showsVelocityBadge(velocity, true)).toBe(true);
        if (showsRisingFast(velocity)) expect(showsVelocityBadge(velocity, true)).toBe(true);
      }),
    );
  });
});
