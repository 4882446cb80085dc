import { describe, expect, it } from 'vitest';
import type { Story, StoryPage } from '#common/contracts/stories.ts';
import { FIRST_SCREEN_STORIES, firstScreenOf, storiesToCome } from './first-screen';

function pageOf(count: number): StoryPage {
  const stories = Array.from({ length: count }, (_, index) => ({ id: index + 1 }) as Story);
  return { stories, count, page: 1, totalPages: 3, hasNext: true, hasPrevious: false, totalCount: 120, hiddenCount: 0 };
}

describe('firstScreenOf', () => {
  it('keeps the first cards of a page and its count', () => {
    const first = firstScreenOf(pageOf(50), false, 'large');
    expect(first.stories.map((story) => story.id)).toEqual(Array.from({ length: 15 }, (_, index) => index + 1));
    expect(first.count).toBe(50);
    expect(first.totalCount).toBe(120);
    expect(storiesToCome(first)).toBe(35);
  });

  it('keeps more rows when the list is compact', () => {
    const first = firstScreenOf(pageOf(50), true, 'large');
    expect(first.stories).toHaveLength(30);
    expect(storiesToCome(first)).toBe(20);
  });

  it("keeps fewer for a phone's screen", () => {
    expect(firstScreenOf(pageOf(50), false, 'phone').stories).toHaveLength(FIRST_SCREEN_STORIES.phone.cards);
    expect(firstScreenOf(pageOf(50), true, 'phone').stories).toHaveLength(FIRST_SCREEN_STORIES.phone.compact);
    expect(FIRST_SCREEN_STORIES.phone.cards).toBeLessThan(FIRST_SCREEN_STORIES.large.cards);
  });

  it('leaves a page that fits the first screen as it is', () => {
    const page = pageOf(8);
    expect(firstScreenOf(page, false, 'phone')).toBe(page);
    expect(firstScreenOf(page, false, 'large')).toBe(page);
    expect(storiesToCome(page)).toBe(0);
  });
});
