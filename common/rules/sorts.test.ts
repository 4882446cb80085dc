import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STORY_SORT,
  FAST_RISERS_MIN_VELOCITY,
  STORY_SORTS,
  STORY_SORT_LABELS,
  isStorySort,
  sortEndpoint,
} from './sorts.ts';

describe('story sorts (part 1 §2, §7)', () => {
  it('offers trending, fast-risers, score, comments and time, defaulting to trending', () => {
    expect(STORY_SORTS).toEqual(['trending', 'fast-risers', 'score', 'comments', 'time']);
    expect(DEFAULT_STORY_SORT).toBe('trending');
  });

  it("labels the time sort 'Recent'", () => {
    expect(STORY_SORT_LABELS.time).toBe('Recent');
  });

  it.each([
    ['trending', 'trending'],
    ['fast-risers', 'fast-risers'],
    ['score', 'top'],
    ['comments', 'comments'],
    ['time', 'recent'],
  ] as const)('%s is served by /api/stories/%s', (sort, endpoint) => {
    expect(sortEndpoint(sort)).toBe(endpoint);
  });

  it('asks fast-risers for a velocity of at least 5', () => {
    expect(FAST_RISERS_MIN_VELOCITY).toBe(5);
  });

  it('recognises the sorts and nothing else', () => {
    for (const sort of STORY_SORTS) expect(isStorySort(sort)).toBe(true);
    for (const other of ['', 'top', 'recent', 'Trending', 'constructor']) expect(isStorySort(other)).toBe(false);
  });
});
