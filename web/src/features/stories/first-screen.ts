import type { StoryPage } from '#common/contracts/stories.ts';

/**
 * How many of a page's stories the server renders into the signed-in home: about what a large first screen shows
 * (a 1920×1080 window holds some 13 cards, or 30 compact rows), not the whole page of 50. A story's card and its
 * answers cost the page's first load about 280 compressed bytes, read and laid out before the page is ready; the
 * rest of the page comes when the app starts, which is on the person's first touch, scroll, key or mouse move.
 */
export const FIRST_SCREEN_STORIES = { cards: 15, compact: 30 } as const;

/** The page with only its first screen of stories; its `count` still says how many the whole page holds. */
export function firstScreenOf(page: StoryPage, compact: boolean): StoryPage {
  const shown = compact ? FIRST_SCREEN_STORIES.compact : FIRST_SCREEN_STORIES.cards;
  return page.stories.length <= shown ? page : { ...page, stories: page.stories.slice(0, shown) };
}

/** How many of the page's stories are still to come (firstScreenOf left them out). */
export function storiesToCome(page: StoryPage): number {
  return Math.max(page.count - page.stories.length, 0);
}
