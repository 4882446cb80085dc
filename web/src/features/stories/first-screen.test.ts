import { describe, expect, it } from 'vitest';
import type { Story, StoryPage } from '#common/contracts/stories.ts';
import { FIRST_SCREEN_STORIES, firstScreenOf, storiesToCome } from './first-screen';

function pageOf(count: number): StoryPage {
  const stories = Array.from({ length: count }, (_, index) => ({ id: index + 1 }) as Story);
  return { stories, count, page: 1, totalPages: 3, hasNext: true, hasPrevious: false, totalCount: 120, hiddenCount: 0 };
}

describe('firstScreenOf', () => {
  it('keeps the first cards of a page and its count', () => {
    const first = firstScreenOf(pageOf(50), false);
    expect(first.stories.map((story) => story.id)).toEqual(Array.from({ length: FIRST_SCREEN_STORIES.cards }, (_, index) => index + 1));
    expect(first.count).toBe(50);
    expect(first.totalCount).toBe(120);
    expect(storiesToCome(first)).toBe(50 - FIRST_SCREEN_STORIES.cards);
  });

  it('keeps more rows when the list is compact', () => {
    const first = firstScreenOf(pageOf(50), true);
    expect(first.stories).toHaveLength(FIRST_SCREEN_STORIES.compact);
    expect(storiesToCome(first)).toBe(50 - FIRST_SCREEN_STORIES.compact);
  });

  it('leaves a page that fits the first screen as it is', () => {
    const page = pageOf(10);
    expect(firstScreenOf(page, false)).toBe(page);
    expect(storiesToCome(page)).toBe(0);
  });
});
